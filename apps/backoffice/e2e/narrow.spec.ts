import { OrderStatus, type OperatorWithdrawal, type PlayersAnswer } from '@aposta/contracts';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { depositViaApi, newEmail, registerViaApi, withdrawViaApi } from '../../web/e2e/helpers';
import { operatorKey, pageWidth, signIn, type TestOperator } from './helpers';

/**
 * The back office on a phone (393 × 852): a player's page fits the screen (its tables scroll inside
 * themselves), the header is one row, and a negative amount (today's NGR, a withdrawal in the ledger) keeps its
 * minus beside its digits. The same pages at 1280 px are pictured for comparison with the desktop layout.
 * Pictures go to /tmp/bo-narrow-<page>-<width>.png.
 */
test.describe.configure({ mode: 'serial' });

const made: { admin?: TestOperator; playerId?: number } = {};

/** A player's id, found by their e-mail as the players list searches. */
async function playerId(request: APIRequestContext, email: string) {
  const res = await request.get('/api/operator/players', { headers: operatorKey, params: { q: email } });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
  const row = (body.data as PlayersAnswer).list.find((p) => p.email === email);
  expect(row, email).toBeTruthy();
  return row!.id;
}

/** A bonus of `centavos` granted to a player with the operator key. */
async function grant(request: APIRequestContext, userId: number, centavos: number) {
  const res = await request.post('/api/operator/promo/bonuses', {
    headers: { ...operatorKey, 'Idempotency-Key': `bo-narrow-${userId}-${Date.now()}` },
    data: {
      userId,
      amount: centavos,
      wageringMultiple: 1,
      expiresInDays: 7,
      reason: 'Teste da tela estreita',
    },
  });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
}

test.beforeAll(async ({ request }) => {
  // Deposited money may be withdrawn at once (no turnover required), so the player can ask for a payout.
  const settings = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'wagering.depositMultiplier': 0 },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  // An admin whose e-mail is longer than a phone's line (the header's widest case).
  const password = 'Senha-do-operador-1';
  const res = await request.post('/api/operator/operators', {
    headers: operatorKey,
    data: {
      email: `operadora.do.financeiro.${Date.now().toString(36)}@exemplo-comprido.com.br`,
      password,
      role: 'admin',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  made.admin = { ...(await res.json()).data, password };

  // A player with a deposit and a paid withdrawal (a negative line in the ledger) and a bonus; two more players
  // with bonuses. Bonuses are paid by the promotions account: today's NGR goes below minus R$ 10.000 (as wide as
  // a phone's figure gets).
  const email = newEmail('estreito');
  const token = await registerViaApi(request, email);
  const cpf = await depositViaApi(request, token);
  // R$ 50, or the minimum withdrawal if an earlier spec raised it (backoffice.spec sets R$ 60).
  const now = await request.get('/api/operator/settings', { headers: operatorKey });
  const minimum = ((await now.json()).data as Record<string, number>)['withdraw.minAmount']!;
  const orderId = await withdrawViaApi(request, token, cpf, Math.max(50, minimum / 100));
  const queue = await request.get('/api/operator/withdrawals?status=pending', { headers: operatorKey });
  const order = ((await queue.json()).data as OperatorWithdrawal[]).find((w) => w.orderId === orderId);
  expect(order).toBeTruthy();
  const approved = await request.post(`/api/operator/withdrawals/${order!.id}/approve`, {
    headers: operatorKey,
  });
  const paid = await approved.json();
  expect(paid.status, paid.message).toBe(0);
  expect(paid.data.status).toBe(OrderStatus.PAID);
  made.playerId = await playerId(request, email);
  await grant(request, made.playerId, 1_234_56);
  for (const other of [newEmail('estreito'), newEmail('estreito')]) {
    await registerViaApi(request, other);
    await grant(request, await playerId(request, other), 4_500_00);
  }
});

/** How many lines a text takes on screen: the distinct tops of its characters' boxes. */
const lines = (text: Locator) =>
  text.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size;
  });

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `/tmp/bo-narrow-${name}-${width}.png`, fullPage: true });
}

test('at 393 px a player page fits the screen, the header is one row and a negative amount one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 393, height: 852 });
  await signIn(page, made.admin!);
  const header = page.locator('.ant-layout-header');

  // The dashboard: today's NGR is negative (the bonus), its minus on the line of its digits.
  const ngr = page.getByTestId('today-ngr');
  await expect(ngr).toHaveText(/^-R\$/);
  await shoot(page, 'dashboard');
  expect.soft(await lines(ngr), await ngr.innerText()).toBe(1);
  // …and inside its card.
  const figure = (await ngr.boundingBox())!;
  const card = (await page.locator('.ant-card').filter({ has: ngr }).boundingBox())!;
  expect
    .soft(figure.x + figure.width, JSON.stringify({ figure, card }))
    .toBeLessThanOrEqual(card.x + card.width);
  expect.soft((await header.boundingBox())!.height).toBeLessThan(72);
  const home = await pageWidth(page);
  expect.soft(home.scroll, home.out).toBeLessThanOrEqual(393);

  // The player's page.
  await page.goto(`/backoffice/players/${made.playerId}`);
  await expect(page.getByTestId('player-status')).toBeVisible();
  await shoot(page, 'player');
  const width = await pageWidth(page);
  expect.soft(width.scroll, width.out).toBeLessThanOrEqual(393);
  // The header: one row, every item inside the screen.
  const bar = (await header.boundingBox())!;
  expect.soft(bar.height).toBeLessThan(72);
  for (const item of [
    page.getByTestId('operator-email'),
    page.getByTestId('operator-role'),
    header.getByRole('button', { name: 'Console de suporte' }),
    header.locator('.ant-select'),
    header.getByRole('button', { name: 'Sair' }),
  ]) {
    const box = (await item.boundingBox())!;
    expect.soft(box.x + box.width, JSON.stringify(box)).toBeLessThanOrEqual(393);
    expect.soft(box.y + box.height, JSON.stringify(box)).toBeLessThanOrEqual(bar.y + bar.height);
  }
  // The e-mail is whole in its text (its tooltip), cut on the screen.
  await expect(page.getByTestId('operator-email')).toHaveText(made.admin!.email);

  // The ledger: the withdrawal's negative amount on one line, the table scrolling inside itself.
  await page.getByRole('tab', { name: 'Extrato' }).click();
  const negative = page
    .getByRole('cell')
    .filter({ hasText: /^\s*-\s*R\$/ })
    .first();
  await expect(negative).toBeVisible();
  await shoot(page, 'player-ledger');
  expect.soft(await lines(negative), await negative.innerText()).toBe(1);
  const ledger = await pageWidth(page);
  expect.soft(ledger.scroll, ledger.out).toBeLessThanOrEqual(393);

  for (const [tab, name] of [
    ['Sessões', 'sessions'],
    ['Apostas', 'bets'],
    ['Limites', 'limits'],
    ['Notas', 'notes'],
  ] as const) {
    const chosen = page.getByRole('tab', { name: tab });
    // Not a pointer's click: Playwright scrolls an overflowed tab bar natively to reach a tab, Ant Design's
    // focus then slides it back, and the button goes up over another tab.
    await chosen.dispatchEvent('click');
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await shoot(page, `player-${name}`);
    const seen = await pageWidth(page);
    expect.soft(seen.scroll, `${tab}: ${seen.out}`).toBeLessThanOrEqual(393);
  }
});

test('at 1280 px the same pages keep the desktop layout', async ({ page }) => {
  await signIn(page, made.admin!);
  const header = page.locator('.ant-layout-header');
  const ngr = page.getByTestId('today-ngr');
  await expect(ngr).toHaveText(/^-R\$/);
  await shoot(page, 'dashboard');
  expect(await lines(ngr), await ngr.innerText()).toBe(1);
  // The header: one row, its buttons named in full.
  expect((await header.boundingBox())!.height).toBeLessThan(72);
  await expect(header.getByRole('button', { name: 'Console de suporte' })).toHaveText('Console de suporte');
  await expect(header.getByRole('button', { name: 'Sair' })).toHaveText('Sair');
  await page.goto(`/backoffice/players/${made.playerId}`);
  await expect(page.getByTestId('player-status')).toBeVisible();
  await shoot(page, 'player');
  await page.getByRole('tab', { name: 'Extrato' }).click();
  await expect(
    page
      .getByRole('cell')
      .filter({ hasText: /^\s*-\s*R\$/ })
      .first(),
  ).toBeVisible();
  await shoot(page, 'player-ledger');
});
