import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const CAPTCHA = 'TEST42';
export const OPERATOR_KEY = 'operator-key-for-tests-only';
const shots = fileURLToPath(new URL('../../../artifacts/screenshots', import.meta.url));

let counter = 0;
/** A fresh e-mail per test run. */
export function newEmail(prefix = 'player') {
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  // Let transitions and lazy images settle before the picture.
  await page.waitForLoadState('networkidle').catch(() => undefined);
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

/** Opens home, signs in through the login overlay and closes the start mask. */
export async function signInFromHome(page: Page, username: string, pwd = 'Senha-forte-1') {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await login(page, username, pwd);
  await page.getByRole('dialog', { name: 'Presença diária' }).getByRole('button', { name: 'Fechar' }).click();
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

/** A first deposit through the API as the app makes it: KYC, pre-pay of a package, the sandbox page's Pay. */
export async function depositViaApi(request: APIRequestContext, token: string, pkgId = 4) {
  const auth = { Authorization: `Bearer ${token}` };
  const kyc = await request.post('/api/app/user/updateKyc', {
    headers: auth,
    data: { name: 'Jogador Teste', cardNo: randomCpf() },
  });
  expect((await kyc.json()).status).toBe(0);
  const order = await request.post(`/api/app/order/prePay/${pkgId}`, {
    headers: { ...auth, 'Idempotency-Key': `e2e-${Date.now()}-${counter++}` },
    data: { gift: 0, pkgId, isapp: 0 },
  });
  const body = await order.json();
  expect(body.status, body.message).toBe(0);
  expect((await request.post(`${new URL(body.data.url).pathname}/pay`)).ok()).toBe(true);
}
