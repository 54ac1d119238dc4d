import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OperatorCreateAnswer, OperatorRole } from '@aposta/contracts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

export const CAPTCHA = 'TEST42';
export const OPERATOR_KEY = 'operator-key-for-tests-only';
export const operatorKey = { 'X-Operator-Key': OPERATOR_KEY };
const shots = fileURLToPath(new URL('../../../artifacts/screenshots', import.meta.url));

let counter = 0;
/** A fresh e-mail per test run. */
export function newEmail(prefix = 'player') {
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  // Let transitions and lazy images settle before the picture; a page that keeps a request open (the br play
  // page does) never goes idle, so the wait is bounded: a picture, not an assertion.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

async function captcha(request: APIRequestContext) {
  const codeId = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
  expect((await request.get(`/api/auth/user/captcha/${codeId}`)).ok()).toBe(true);
  return { codeId, captCode: CAPTCHA };
}

/** Registers through the API and returns the access token. */
export async function registerViaApi(
  request: APIRequestContext,
  username: string,
  pwd = 'Senha-forte-1',
  regcode = '',
) {
  const res = await request.post('/api/auth/user/restRegister', {
    data: {
      name: 'Jogador Teste',
      cardNo: '',
      username,
      country: '+55',
      phone: '',
      pwd,
      pwd1: pwd,
      regcode,
      isapp: 0,
      ...(await captcha(request)),
    },
  });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
  return body.data.access_token as string;
}

/**
 * Registers through the API as the Brazilian profile asks (CPF, birth date 1990-05-20, optional daily loss limit)
 * and answers the token and the CPF.
 */
export async function registerBrViaApi(
  request: APIRequestContext,
  username: string,
  { cpf = randomCpf(), lossLimit }: { cpf?: string; lossLimit?: number } = {},
) {
  const res = await request.post('/api/auth/user/restRegister', {
    data: {
      username,
      pwd: 'Senha-forte-1',
      pwd1: 'Senha-forte-1',
      cardNo: cpf,
      birthDate: '1990-05-20',
      ...(lossLimit === undefined ? {} : { lossLimit }),
      ...(await captcha(request)),
    },
  });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
  return { token: body.data.access_token as string, cpf };
}

export async function userInfoViaApi(request: APIRequestContext, token: string) {
  const res = await request.get('/api/app/user/userInfo', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).data as { yqm: string; username: string; header: number };
}

/** Fills and submits the login overlay (already open). */
export async function login(page: Page, username: string, pwd: string, captCode = CAPTCHA) {
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByRole('combobox', { name: 'E-mail' }).fill(username);
  await form.getByLabel('Senha', { exact: true }).fill(pwd);
  await form.getByLabel('Código de verificação').fill(captCode);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

/** Opens home, signs in through the login overlay and closes the start mask (no gift popup follows). */
export async function signInFromHome(page: Page, username: string, pwd = 'Senha-forte-1') {
  await page.goto('/home');
  // Home's gift check answers a second after the sign-in; a player without a deposit gets its popup if the
  // screen is free then. Closing the daily presence only after that answer keeps the popup away.
  const giftChecked = page.waitForResponse((r) => r.url().endsWith('/api/app/main/userGift'));
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await login(page, username, pwd);
  const presence = page.getByRole('dialog', { name: 'Presença diária' });
  await expect(presence).toBeVisible();
  await giftChecked;
  await presence.getByRole('button', { name: 'Fechar' }).click();
}

/** A CPF with valid check digits. */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join('');
}

/** Registers as a new player would: home, the register overlay, its form (accepting the terms). */
export async function registerThroughOverlay(page: Page, name: string, email: string, pwd = 'Senha-forte-1') {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  const form = page
    .getByRole('dialog', { name: 'Entrar ou registrar' })
    .getByRole('form', { name: 'Registrar' });
  await form.getByLabel(/^Nome completo/).fill(name);
  await form.getByRole('combobox', { name: 'E-mail' }).fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(pwd);
  await form.getByLabel('Confirmar senha').fill(pwd);
  await form.getByLabel('Código de verificação').fill(CAPTCHA);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Registrar' }).click();
}

/**
 * A first deposit through the API as the app makes it: KYC (with `cpf`), pre-pay of a package, the sandbox
 * page's Pay. Answers the CPF on file (a PIX withdrawal goes to it).
 */
export async function depositViaApi(request: APIRequestContext, token: string, pkgId = 4, cpf = randomCpf()) {
  const auth = { Authorization: `Bearer ${token}` };
  const kyc = await request.post('/api/app/user/updateKyc', {
    headers: auth,
    data: { name: 'Jogador Teste', cardNo: cpf },
  });
  expect((await kyc.json()).status).toBe(0);
  const order = await request.post(`/api/app/order/prePay/${pkgId}`, {
    headers: { ...auth, 'Idempotency-Key': `e2e-${Date.now()}-${counter++}` },
    data: { gift: 0, pkgId, isapp: 0 },
  });
  const body = await order.json();
  expect(body.status, body.message).toBe(0);
  const paid = await request.post(`${new URL(body.data.url).pathname}/pay`);
  expect(paid.ok(), await paid.text()).toBe(true);
  // The provider's signed notification, which credits the deposit, was accepted.
  expect((await paid.json()).data.webhook.statusCode).toBe(200);
  return cpf;
}

/** A withdrawal of `amount` reais by PIX to the player's own CPF, as the app asks it; answers its order id. */
export async function withdrawViaApi(request: APIRequestContext, token: string, cpf: string, amount = 50) {
  const res = await request.post('/api/app/order/withdraw', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-wd-${Date.now()}-${counter++}` },
    data: { payCardBank: 'CPF', payCardNo: cpf, name: 'Jogador Teste', whatsapp: '+5511999990000', amount },
  });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
  return body.data.orderId as string;
}

export interface TestOperator extends OperatorCreateAnswer {
  password: string;
}

/** A new operator of `role`, made with the operator key (which acts as admin), as an admin would. */
export async function createOperator(request: APIRequestContext, role: OperatorRole): Promise<TestOperator> {
  const password = 'Senha-do-operador-1';
  const res = await request.post('/api/operator/operators', {
    headers: operatorKey,
    data: { email: newEmail(role), password, role },
  });
  const body = await res.json();
  expect(body.status, body.message).toBe(0);
  return { ...(body.data as OperatorCreateAnswer), password };
}

/** The authenticator's code now (RFC 6238: SHA-1, 6 digits, 30 s), as the operator's phone shows it. */
export const totpNow = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

/**
 * The header's balance in centavos (R$ 1.234,56 → 123456), once it is known: after a page load the header shows
 * no figure (`aria-busy`) until the server has answered.
 */
export const headerCents = async (page: Page) =>
  Number(((await knownHeaderBalance(page)) ?? '').replace(/[^\d]/g, ''));

/** The header balance's text once the server has answered it (a loaded page shows a placeholder until then). */
export async function knownHeaderBalance(page: Page): Promise<string | null> {
  const shown = page.getByTestId('header-balance');
  await expect(shown).toHaveAttribute('aria-busy', 'false');
  return shown.textContent();
}

/** A football match three hours ahead, made with the operator key; answers its id and the home side's name. */
export async function sportsEventViaApi(request: APIRequestContext) {
  const tag = Date.now().toString(36).slice(-5);
  const [home, away] = ['Bahia', 'Vitória'].map((n) => `${n} ${tag}`) as [string, string];
  const created = await request.post('/api/operator/sports/events', {
    headers: operatorKey,
    data: {
      sport: 'football',
      competition: 'Copa E2E',
      home,
      away,
      startsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
      strength: 0.3,
    },
  });
  const body = await created.json();
  expect(created.ok(), JSON.stringify(body)).toBe(true);
  return { eventId: body.data.event.eventId as string, home };
}

/**
 * On the match page (already open), a single on the home win of `reais` as a player makes it: the price, the
 * slip, the stake, place. An open stake counts whole against a loss limit, so it reaches one deterministically.
 */
export async function placeHomeSingle(page: Page, home: string, reais: number) {
  await page
    .locator('[data-testid=market][data-type="1x2"][data-period="1"]')
    .getByRole('button', { name: new RegExp(home) })
    .click();
  await page.getByTestId('slip-bar').click();
  await page.getByTestId('bet-slip').getByRole('textbox').first().fill(String(reais));
  await page.getByTestId('place-bet').click();
}

/** Opens our studio slot (Fortune Ox) in the play page and waits for its balance. */
export async function openStudioSlot(page: Page) {
  await page.goto('/play?game=fortune-ox');
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId('slot-balance')).toBeVisible({ timeout: 20_000 });
  return game;
}
