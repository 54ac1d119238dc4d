import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { depositViaApi, newEmail, OPERATOR_KEY, registerViaApi, signInFromHome } from './helpers';

const shots = fileURLToPath(new URL('../../../artifacts/screenshots', import.meta.url));

/**
 * A picture of the screen as the player sees it. Not after 'networkidle' (the helper's wait): a page framing a
 * game may never report it; the reels have stopped when a spin's balance shows, so a short settle is enough.
 */
async function screenshot(page: Page, name: string) {
  fs.mkdirSync(path.dirname(path.join(shots, name)), { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** R$ 1.234,56 → 1234.56 */
const money = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
const shown = async (page: Page | FrameLocator, testId: string) =>
  money((await page.getByTestId(testId).textContent()) ?? '');

/** One spin in the game's frame: the balance moves by the win less the bet, in the game and in the app. */
async function spinOnce(page: Page, game: FrameLocator) {
  const before = await shown(game, 'slot-balance');
  const bet = await shown(game, 'slot-bet');
  // The spin's answer, not a look at the disabled button: on a busy machine the look can come after the reels.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/studio/spin'));
  await game.getByTestId('spin-button').click();
  expect((await answered).ok()).toBe(true);
  await expect(game.getByTestId('spin-button')).toBeEnabled({ timeout: 30_000 });
  // A big win has its moment over the reels: a tap closes it.
  const big = game.getByTestId('big-win');
  if (await big.isVisible().catch(() => false)) await big.click();
  const win = await shown(game, 'slot-win');
  const after = await shown(game, 'slot-balance');
  expect(after).toBeCloseTo(before - bet + win, 2);
  await expect.poll(() => shown(page, 'play-balance')).toBeCloseTo(after, 2);
  return { before, after, bet, win };
}

test('a new player opens each studio slot from the lobby, spins, leaves, and finds the rounds in the recall', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // The operator marks two of the studio's games hot: home shows them.
  // Each edit carries the version the operator read (a stale one is refused).
  const games = await request.get('/api/operator/casino/games', {
    headers: { 'X-Operator-Key': OPERATOR_KEY },
  });
  const versions = new Map(
    ((await games.json()).data as { gameCode: string; version: number }[]).map((g) => [
      g.gameCode,
      g.version,
    ]),
  );
  for (const gameCode of ['fortune-ox', 'candy-cascade']) {
    const res = await request.post(`/api/operator/casino/games/${gameCode}`, {
      headers: { 'X-Operator-Key': OPERATOR_KEY },
      data: { hot: true, version: versions.get(gameCode) },
    });
    expect((await res.json()).status).toBe(0);
  }
  const email = newEmail('casino');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 100,00');
  await expect(page.getByTestId('home-hot')).toBeVisible();
  await screenshot(page, 'casino/e2e-home-hot');

  // The lobby, from the home page's casino card.
  await page.getByRole('link', { name: /Cassino e slots/ }).click();
  await expect(page).toHaveURL(/\/casino$/);
  const lobby = page.getByTestId('lobby-games');
  for (const name of ['Fortune Ox', 'Carnival Lines', 'Candy Cascade'])
    await expect(lobby.getByRole('button', { name: `${name} — Aposta Studios` })).toBeVisible();
  // The provider filter shows its whole label, not "Todos os pro…" nor "Aposta Studi…": the text fits inside the
  // box's padding and arrow, the placeholder and a provider's name alike.
  const provider = page.getByRole('combobox', { name: 'Provedor' });
  await expect(provider).toHaveText(/Provedores/);
  const room = () =>
    provider.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(select.selectedOptions[0]!.text).width;
      // About 20 px for the native arrow.
      return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20 - text;
    });
  expect(await room()).toBeGreaterThanOrEqual(0);
  await provider.selectOption({ label: 'Aposta Studios' });
  expect(await room()).toBeGreaterThanOrEqual(0);
  await screenshot(page, 'casino/e2e-lobby-provider');
  await provider.selectOption({ label: 'Provedores' });
  await screenshot(page, 'casino/e2e-lobby');

  let balance = 100;
  for (const [code, name] of [
    ['fortune-ox', 'Fortune Ox'],
    ['carnival-lines', 'Carnival Lines'],
    ['candy-cascade', 'Candy Cascade'],
  ] as const) {
    await page.goto('/casino');
    await page
      .getByTestId('lobby-games')
      .getByRole('button', { name: `${name} — Aposta Studios` })
      .click();
    await page.getByRole('dialog', { name }).getByTestId('play-real').click();
    await expect(page).toHaveURL(new RegExp(`/play\\?game=${code}$`));
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('slot-balance')).toHaveText(`R$ ${balance.toFixed(2).replace('.', ',')}`, {
      timeout: 20_000,
    });
    // Real money, no bonus: plain "Saldo" (the wallet's figure never says whether bonus is in it).
    await expect(game.getByText('Saldo', { exact: true })).toBeVisible();
    const first = await spinOnce(page, game);
    await screenshot(page, `casino/e2e-${code}-spin`);
    const second = await spinOnce(page, game);
    expect(second.before).toBeCloseTo(first.after, 2);
    balance = second.after;

    // The game's own recall: both rounds, every step.
    await game.getByRole('button', { name: 'Rodadas' }).click();
    await expect(game.getByTestId('studio-round')).toHaveCount(2);
    await game.getByTestId('studio-round').first().getByRole('button').first().click();
    await expect(game.getByTestId('round-step').first()).toBeVisible();
    await screenshot(page, `casino/e2e-${code}-recall`);

    // Leaving: back to the lobby; the app's balance is the game's.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page).not.toHaveURL(/\/play/);
    await expect
      .poll(async () => money((await page.getByTestId('header-balance').textContent()) ?? ''))
      .toBeCloseTo(balance, 2);
  }

  // The platform's recall: the six rounds, each with its wallet calls and balances.
  await page.goto('/casino');
  const rounds = page.getByTestId('casino-round');
  await expect(rounds).toHaveCount(6);
  await expect(rounds.first()).toContainText('Candy Cascade');
  await rounds.first().getByRole('button').click();
  const steps = rounds.first().getByTestId('casino-round-steps');
  await expect(steps).toContainText('Aposta R$');
  await expect(steps).toContainText('Ganho R$');
  await page.evaluate(() => document.getElementById('casino-rounds')?.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'casino/e2e-my-rounds');

  // Provably fair: rotating the studio seeds reveals the server seed, and the browser replays the round.
  await page.goto('/play?game=fortune-ox');
  const game = page.frameLocator('[data-testid="game-frame"]');
  await game.getByRole('button', { name: 'Rodadas' }).click();
  await game.getByTestId('studio-round').first().getByRole('button').first().click();
  await game.getByRole('button', { name: 'Trocar sementes e revelar' }).click();
  await expect(game.getByTestId('round-verdict')).toContainText('Rodada conferida');
  await screenshot(page, 'casino/e2e-verified');
  // The verifier opens beside the game, not as a second app inside the game's frame.
  const verifier = page.context().waitForEvent('page');
  await game.getByRole('link', { name: 'Conferir no verificador' }).click();
  const tab = await verifier;
  await expect(tab).toHaveURL(/\/fairness\?game=fortune-ox&/);
  await tab.close();
  await expect(game.getByTestId('round-verdict')).toBeVisible();
});

test('a visitor plays a demo with play money; real money asks for a sign-in', async ({ page }) => {
  await page.goto('/play?game=carnival-lines');
  await expect(page.getByText('Entre para jogar com dinheiro real')).toBeVisible();
  await page.getByRole('button', { name: 'Jogar grátis (demo)' }).click();
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId('slot-balance')).toBeVisible({ timeout: 20_000 });
  // Play money says so where the balance is (no "with bonus": a demo has none).
  await expect(game.getByText('Saldo demo')).toBeVisible();
  const before = await shown(game, 'slot-balance');
  expect(before).toBeGreaterThan(0);
  await game.getByTestId('spin-button').click();
  await expect(game.getByTestId('spin-button')).toBeEnabled({ timeout: 30_000 });
  const big = game.getByTestId('big-win');
  if (await big.isVisible().catch(() => false)) await big.click();
  const win = await shown(game, 'slot-win');
  expect(await shown(game, 'slot-balance')).toBeCloseTo(before - (await shown(game, 'slot-bet')) + win, 2);
  await screenshot(page, 'casino/e2e-demo');
});
