import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  depositViaApi,
  headerCents,
  login,
  newEmail,
  operatorKey,
  placeHomeSingle,
  registerViaApi,
  screenshot,
  signInFromHome,
  sportsEventViaApi,
} from './helpers';

test('a daily stake limit stops a dice bet at the limit; a cool-off signs the player out and keeps them out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('rg');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);

  // The limits page: R$ 2,00 of stakes a day, lower than none, so at once.
  await page.goto('/jogoResponsavel');
  await expect(page.getByRole('heading', { name: 'Jogo responsável' })).toBeVisible();
  await page.getByLabel('Valor apostado · Por dia').fill('2');
  await page.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Limites salvos')).toBeVisible();
  await screenshot(page, 'rg/e2e-limits');

  // Two dice bets of R$ 1,00 fit in the limit; the third is refused and moves nothing.
  await page.goto('/dice');
  const myBets = page.getByTestId('my-bet');
  for (let i = 1; i <= 2; i++) {
    await page.getByTestId('bet-button').click();
    await expect(myBets).toHaveCount(i);
  }
  const before = await headerCents(page);
  await page.getByTestId('bet-button').click();
  await expect(page.getByText(/passaria do seu limite diário de apostas/)).toBeVisible();
  await expect(myBets).toHaveCount(2);
  expect(await headerCents(page)).toBe(before);
  await screenshot(page, 'rg/e2e-dice-refused');

  // A one-day cool-off: confirmed, the player is signed out, and a new sign-in is refused with the end date.
  await page.goto('/jogoResponsavel');
  await page.getByRole('radio', { name: /Pausa/ }).check();
  await page.getByLabel('Dias de pausa').fill('1');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  // The app says until when the account is paused, then signs this device out.
  await expect(page.getByText(/^Sua conta está pausada até .+\d\d:\d\d/)).toBeVisible();
  await screenshot(page, 'rg/e2e-paused');
  await page.getByRole('button', { name: 'Eu entendi' }).click();
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true });
  await expect(signIn).toBeVisible();
  // Signed out, the app may open the sign-in itself (a call answered 401), at any moment: open it only when it
  // did not. A click sent just as the app opens it meets the overlay, so it is tried briefly and read again.
  const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
  await expect(async () => {
    if (!(await dialog.isVisible())) await signIn.click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await login(page, email, 'Senha-forte-1');
  await expect(page.getByText(/Sua conta está pausada até/)).toBeVisible();
  await screenshot(page, 'rg/e2e-signin-refused');
});

async function setDepositWagering(request: APIRequestContext, multiplier: number) {
  const res = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'wagering.depositMultiplier': multiplier },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a cool-off taken on one device signs the player out on the other; a pending withdrawal is still paid', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('devices');
  const token = await registerViaApi(request, email);
  const cpf = await depositViaApi(request, token);
  // A pending withdrawal of R$ 50 by PIX to the player's own CPF (no wagering asked, for this test alone).
  await setDepositWagering(request, 0);
  let orderId: string;
  try {
    const asked = await request.post('/api/app/order/withdraw', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-wd-${Date.now()}` },
      data: {
        payCardBank: 'CPF',
        payCardNo: cpf,
        name: 'Jogador Teste',
        whatsapp: '+5511912345678',
        amount: 50,
      },
    });
    const body = await asked.json();
    expect(body.status, body.message).toBe(0);
    orderId = body.data.orderId as string;
  } finally {
    await setDepositWagering(request, 1);
  }

  // Two devices signed in as the same player: this page (A) and a second browser context (B).
  const deviceB = await browser.newContext({
    baseURL,
    viewport: { width: 393, height: 852 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const pageB = await deviceB.newPage();
  try {
    await signInFromHome(page, email);
    await signInFromHome(pageB, email);
    await expect(pageB.getByTestId('header-balance')).toHaveText('R$ 50,00');

    // A takes a one-day cool-off.
    await page.goto('/jogoResponsavel');
    await page.getByRole('radio', { name: /Pausa/ }).check();
    await page.getByLabel('Dias de pausa').fill('1');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('button', { name: 'Eu entendi' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();

    // B, untouched and not reloaded, is signed out by the realtime gateway (its socket closed, its handshake
    // then refused): the header shows the sign-in button, no balance.
    const signInB = pageB.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true });
    await expect(signInB).toBeVisible();
    await expect(pageB.getByTestId('header-balance')).toBeHidden();
    await screenshot(pageB, 'rg/e2e-device-b-signed-out');
    // A new sign-in on B is refused with the end of the pause.
    await pageB.waitForLoadState('networkidle');
    if (!(await pageB.getByRole('dialog', { name: 'Entrar ou registrar' }).isVisible()))
      await signInB.click();
    await login(pageB, email, 'Senha-forte-1');
    await expect(pageB.getByText(/Sua conta está pausada até/)).toBeVisible();
    await screenshot(pageB, 'rg/e2e-device-b-signin-refused');
  } finally {
    await deviceB.close();
  }

  // The withdrawal asked before the pause is still approved and paid.
  const pending = await (
    await request.get('/api/operator/withdrawals?status=pending', { headers: operatorKey })
  ).json();
  const mine = (pending.data as { id: number; orderId: string }[]).find((w) => w.orderId === orderId);
  expect(mine, JSON.stringify(pending)).toBeDefined();
  const approved = await request.post(`/api/operator/withdrawals/${mine!.id}/approve`, {
    headers: operatorKey,
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  // The player's record of it (as the operator's list shows it): requested, approved, paid.
  await expect
    .poll(async () => {
      const paid = await (
        await request.get('/api/operator/withdrawals?status=paid', { headers: operatorKey })
      ).json();
      const record = (paid.data as { orderId: string; status: string; events: { event: string }[] }[]).find(
        (w) => w.orderId === orderId,
      );
      return record ? [record.status, ...record.events.map((e) => e.event)] : null;
    })
    .toEqual(['10', 'requested', 'approved', 'paid']);
});

test('a daily loss limit stops a sports bet, a dice bet and a casino spin at the limit, with the limit message', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { eventId, home } = await sportsEventViaApi(request);
  const email = newEmail('rgloss');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);
  // A loss limit of R$ 5,00 a day (an open stake counts as lost).
  await page.goto('/jogoResponsavel');
  await page.getByLabel('Perdas · Por dia').fill('5');
  await page.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Limites salvos')).toBeVisible();

  // A single of R$ 5 is taken (at the limit); a second one would pass it.
  await page.goto(`/footballPage/${eventId}`);
  await placeHomeSingle(page, home, 5);
  await expect(page.getByText('Apostas feitas: 1')).toBeVisible();
  const before = 10_000 - 500;
  await expect.poll(() => headerCents(page)).toBe(before);
  await placeHomeSingle(page, home, 5);
  await expect(page.getByText(/passaria do seu limite diário de perdas/)).toBeVisible();
  await screenshot(page, 'rg/e2e-sports-refused');
  expect(await headerCents(page)).toBe(before);

  // A dice bet would pass it too: refused under the bet button, no bet, nothing moved.
  await page.goto('/dice');
  await page.getByTestId('bet-button').click();
  await expect(
    page.getByRole('alert').filter({ hasText: /passaria do seu limite diário de perdas/ }),
  ).toBeVisible();
  await expect(page.getByTestId('my-bet')).toHaveCount(0);
  await screenshot(page, 'rg/e2e-dice-loss-refused');
  expect(await headerCents(page)).toBe(before);

  // A slot spin would pass it too: refused in the game (a provider only hears that a limit was reached), the
  // app beside it says which (its realtime connection, open since the lobby); nothing moved.
  await page.goto('/casino');
  await page.getByTestId('lobby-games').getByRole('button', { name: 'Fortune Ox — Aposta Studios' }).click();
  await page.getByRole('dialog', { name: 'Fortune Ox' }).getByTestId('play-real').click();
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId('slot-balance')).toBeVisible({ timeout: 20_000 });
  await game.getByTestId('spin-button').click();
  await expect(game.getByText('Limite de jogo responsável atingido. Aposta recusada.')).toBeVisible();
  const which = page.getByRole('alertdialog');
  await expect(which).toContainText(/passaria do seu limite diário de perdas \(R\$\s5,00\)/);
  await screenshot(page, 'rg/e2e-spin-refused');
  await which.getByRole('button').click();
  await expect(which).toHaveCount(0);
  await expect(game.getByTestId('slot-balance')).toHaveText(/^R\$\s95,00$/);
  await expect(page.getByTestId('play-balance')).toHaveText(/^R\$\s95,00$/);

  // The language switched in the app (no reload): the next refusal is told in it.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).not.toHaveURL(/\/play/);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: /^Idioma/ }).click();
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await page
    .getByTestId('lobby-games')
    .getByRole('button', { name: /^Fortune Ox/ })
    .click();
  await page.getByRole('dialog', { name: 'Fortune Ox' }).getByTestId('play-real').click();
  await expect(game.getByTestId('slot-balance')).toBeVisible({ timeout: 20_000 });
  await game.getByTestId('spin-button').click();
  await expect(which).toContainText(/would go over your daily loss limit \(5\.00\)/);
  await screenshot(page, 'rg/e2e-spin-refused-en');
  // English shows amounts without the unit (contracts LANGUAGES: showCurrency).
  await expect(page.getByTestId('play-balance')).toHaveText('95.00');
});
