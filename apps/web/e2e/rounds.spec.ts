import { expect, test, type Page, type Request } from '@playwright/test';
import {
  depositViaApi,
  knownHeaderBalance,
  newEmail,
  registerViaApi,
  screenshot,
  signInFromHome,
} from './helpers';

/** R$ 1.234,56 → 1234.56 */
const money = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
const balance = async (page: Page) => money((await knownHeaderBalance(page)) ?? '');

/**
 * Waits for the round's betting window (the button enables) and bets; answers the balance before. A click in
 * the window's last moment may reach the server after its close: refused, and tried again in the next round.
 */
async function betWhenOpen(page: Page) {
  const button = page.getByTestId('bet-button');
  const mine = page.getByTestId('my-round-bet').first();
  const before = await balance(page);
  for (let attempt = 0; attempt < 3; attempt++) {
    // A crash round that runs to a high multiplier keeps the window shut for a while (100x: about 20 s at the
    // tests' time scale, 1,000x about 30 s), so wait for the next window generously.
    await expect(button).toBeEnabled({ timeout: 75_000 });
    await button.click();
    const refused = page.getByTestId('bet-error');
    // A click as the countdown ends can meet the button already off (no request): nothing shows, and the next
    // round's window is the next try. The balance check below still proves exactly one stake was taken.
    const answered = await expect(mine.or(refused).first())
      .toBeVisible({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!answered) continue;
    if (await mine.isVisible()) break;
    await expect(refused).toContainText('encerradas');
    await expect(button).toBeDisabled();
  }
  await expect(mine).toHaveAttribute('data-state', 'open');
  await expect.poll(() => balance(page)).toBeCloseTo(before - 1, 2);
  return before;
}

/** A stake or target the server refuses: its message beside that field, in Portuguese (a click as the window
 * closes may meet the round closed instead: the next round's window is the next try). Nothing is staked. */
async function refusedBeside(page: Page, field: string, message: RegExp) {
  const button = page.getByTestId('bet-button');
  const before = await balance(page);
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(button).toBeEnabled({ timeout: 75_000 });
    await button.click();
    const described = expect(page.getByLabel(field)).toHaveAccessibleDescription(message, { timeout: 5_000 });
    if (await described.then(() => true).catch(() => false)) break;
    await expect(page.getByTestId('bet-error')).toContainText('encerradas');
  }
  await expect(page.getByLabel(field)).toHaveAccessibleDescription(message);
  await expect(page.getByTestId('bet-error')).toHaveCount(0);
  expect(await balance(page)).toBeCloseTo(before, 2);
}

/** The round plays out: the bet settles won or lost, and a win shows in the balance. */
async function settles(page: Page, before: number) {
  const mine = page.getByTestId('my-round-bet').first();
  await expect(mine).toHaveAttribute('data-state', /won|lost/, { timeout: 45_000 });
  if ((await mine.getAttribute('data-state')) === 'won')
    await expect.poll(() => balance(page)).toBeGreaterThan(before - 1);
}

test('a visitor watches double; a player bets on double, crash and lucky colour and is paid by the round', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);

  // A visitor sees the round's clock and is asked to sign in to bet.
  await page.goto('/double');
  await expect(page.getByRole('heading', { name: 'Double' })).toBeVisible();
  await expect(page.getByTestId('round-phase')).toHaveAttribute('data-phase', /betting|running|result/);
  await expect(page.getByTestId('bet-button')).toHaveText('Entre para apostar');
  await screenshot(page, 'rounds/e2e-double-visitor');

  const email = newEmail('rounds');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 100,00');

  // Double: red, R$ 1, in the betting window; the round's list shows it; the tile decides.
  const asked = { state: 0, history: 0 };
  const count = (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/app/rounds/double/state') asked.state++;
    if (path === '/api/app/rounds/double/history') asked.history++;
  };
  page.on('request', count);
  const watched = Date.now();
  await page.goto('/double');
  await page.getByRole('radio', { name: /Vermelho/ }).click();
  const beforeDouble = await betWhenOpen(page);
  await expect(page.getByTestId('round-bet').first()).toBeVisible();
  await screenshot(page, 'rounds/e2e-double-bet');
  await expect(page.getByTestId('double-result')).toContainText('Saiu', { timeout: 45_000 });
  await settles(page, beforeDouble);
  // Two more rounds watched (7.5 s each here), to count the polls over a while.
  await page.waitForTimeout(15_000);
  page.off('request', count);
  // Signed in, the socket pushes the round: the state is asked on arrival and (re)connection, then after 10 s
  // without news (each push restarts the poll's timer; a visitor's is 2 s); the history once per round drawn
  // (a round lasts 7.5 s here).
  const seconds = (Date.now() - watched) / 1000;
  expect(asked.state).toBeGreaterThanOrEqual(1);
  expect(asked.state).toBeLessThanOrEqual(2 + seconds / 20);
  expect(asked.history).toBeLessThanOrEqual(2 + seconds / 7);
  await expect(page.getByTestId('history-item').first()).toBeVisible();
  await screenshot(page, 'rounds/e2e-double-result');
  // The browser recomputes every round shown from the published chain and salt: all of them check out.
  await page.getByTestId('verify-rounds').click();
  await expect(page.getByTestId('verify-summary')).toHaveText(/^(\d+) de \1 rodadas conferem$/);
  await expect(page.locator('[data-testid="verified-round"][data-ok="false"]')).toHaveCount(0);
  await page.getByTestId('verify-summary').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'rounds/e2e-double-verified');

  // Crash, from its tile on home: R$ 1 with an automatic cash-out at 1,01×.
  await page.goto('/home');
  await page.getByRole('link', { name: 'Crash' }).click();
  await expect(page).toHaveURL(/\/crash$/);
  // The stake starts at R$ 1,00 and ½ and 2× write it the Brazilian way, every centavo shown (as on the dice).
  await expect(page.getByLabel('Valor da aposta')).toHaveValue('1,00');
  await page.getByRole('button', { name: 'Metade do valor' }).click();
  await expect(page.getByLabel('Valor da aposta')).toHaveValue('0,50');
  await page.getByRole('button', { name: 'Dobrar o valor' }).click();
  await expect(page.getByLabel('Valor da aposta')).toHaveValue('1,00');
  // Bad input, refused beside the field that caused it: a stake above the balance (about R$ 100, well above
  // the low-balance mark: the game deposit says what the stake lacks, not that the balance is low), one
  // under the minimum, an automatic cash-out under 1,01×.
  await page.getByLabel('Valor da aposta').fill('500');
  await refusedBeside(page, 'Valor da aposta', /^A aposta é maior que o seu saldo de R\$\s\d+,\d{2}$/);
  const deposit = page.getByRole('dialog', { name: 'Saldo insuficiente' });
  await expect(deposit).toContainText(/Faltam R\$\s[\d.]+,\d\d para esta aposta\./);
  await expect(deposit.getByRole('button', { name: /^Depositar R\$\s200,00$/ })).toBeVisible();
  await deposit.getByRole('button', { name: 'Fechar' }).click();
  await screenshot(page, 'rounds/e2e-crash-over-balance');
  await page.getByLabel('Valor da aposta').fill('0,01');
  await refusedBeside(page, 'Valor da aposta', /^A aposta mínima é R\$\s0,10$/);
  await page.getByLabel('Valor da aposta').fill('1');
  await page.getByLabel('Retirada automática (opcional)').fill('0,5');
  await refusedBeside(
    page,
    'Retirada automática (opcional)',
    /^A retirada automática deve ficar entre 1,01× e 1\.000\.000×/,
  );
  await expect(page.getByLabel('Valor da aposta')).not.toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'rounds/e2e-crash-bad-target');
  await page.getByLabel('Retirada automática (opcional)').fill('1,01');
  const beforeCrash = await betWhenOpen(page);
  await expect(page.getByTestId('round-phase')).toHaveAttribute('data-phase', /running|result/, {
    timeout: 30_000,
  });
  // Once the round's list shows my automatic cash-out at 1,01×, the button no longer offers a cash-out.
  const cashedOut = await page
    .getByTestId('round-bet')
    .filter({ hasText: '1,01×' })
    .first()
    .waitFor({ timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  if (cashedOut) await expect(page.getByTestId('bet-button')).not.toHaveText(/Retirar/, { timeout: 3_000 });
  await screenshot(page, 'rounds/e2e-crash-running');
  await settles(page, beforeCrash);
  // Multipliers in Brazilian decimals with the × sign: the crash point, the history, my cash-out at 1,01×.
  // My bet settles at the cash-out; the round may rise a long while after it (a 100× crash takes over a minute).
  await expect(page.getByTestId('crash-result')).toHaveText(/^Explodiu em \d{1,3}(\.\d{3})*,\d{2}×$/, {
    timeout: 150_000,
  });
  await expect(page.getByTestId('crash-multiplier')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}×$/);
  await expect(page.getByTestId('history-item').first()).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}×$/);
  if ((await page.getByTestId('my-round-bet').first().getAttribute('data-state')) === 'won')
    await expect(page.getByTestId('my-cashout')).toHaveText(/^Retirou em 1,01× · R\$\s1,01$/);
  await screenshot(page, 'rounds/e2e-crash-result');

  // Lucky colour, 30 s periods: green.
  await page.goto('/luckyColor');
  await expect(page.getByTestId('period')).toHaveText(/Período \d{8}1\d{5}/);
  await page.getByRole('radio', { name: 'Verde' }).click();
  const beforeLucky = await betWhenOpen(page);
  await settles(page, beforeLucky);
  await expect(page.getByTestId('lucky-result')).toContainText('Saiu');
  // My bet names its period, as the results list does (not the round's number, shown nowhere else here).
  await expect(page.getByTestId('my-round-bet').first()).toContainText(/^Período \d{8}1\d{5}/);
  // The draw says its own period: while the next period takes bets (on the phase bar), the previous one's.
  const phase = page.locator('[data-testid="round-phase"][data-phase="betting"]');
  await phase.waitFor({ timeout: 60_000 });
  const open = /\d{14}/.exec((await phase.textContent()) ?? '')![0];
  await expect(page.getByTestId('period')).toHaveText(/^Período \d{14}$/);
  expect(await page.getByTestId('period').textContent()).not.toContain(open);
  await screenshot(page, 'rounds/e2e-lucky');
});
