import { expect, test } from '@playwright/test';
import {
  login,
  newEmail,
  OPERATOR_KEY,
  registerViaApi,
  screenshot,
  signInFromHome,
  userInfoViaApi,
} from './helpers';

test('a visitor sees home, the menu’s screens asking to sign in and the error page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Esportes e cassino num só lugar' })).toBeVisible();
  await screenshot(page, '01-home');

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const line of [
    'Agente',
    'Escada de agente',
    'VIP',
    'Bônus de jogo',
    'Clube VIP',
    'Compartilhar',
    'Atendimento ao cliente',
  ]) {
    await expect(menu.getByRole('button', { name: line, exact: true })).toBeVisible();
  }
  // The download line installs the web app (always there); the social links are not set in this build.
  await expect(menu.getByRole('button', { name: 'Baixar o app' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Redes sociais' })).toHaveCount(0);
  await screenshot(page, '02-settings-menu');
  await menu.getByRole('button', { name: 'Clube VIP' }).click();
  await expect(page).toHaveURL(/\/vip$/);
  // A visitor is asked to sign in to see a level.
  await expect(page.getByRole('heading', { name: 'Clube VIP' })).toBeVisible();
  await expect(page.getByText('Entre para ver o seu nível VIP e os seus bônus.')).toBeVisible();
  await screenshot(page, '03-vip-visitor');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu.getByRole('button', { name: 'Bônus de jogo', exact: true }).click();
  await expect(page).toHaveURL(/\/gamebouns$/);
  await expect(page.getByRole('heading', { name: 'Bônus de jogo' })).toBeVisible();
  await expect(page.getByText('Entre para ver as suas recompensas.')).toBeVisible();
  await screenshot(page, '03-gamebouns-visitor');

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/error');
  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toBeVisible();
  await screenshot(page, '04-error');
});

test("a visitor's home leaves the device fingerprint to the first write: signing in sends it", async ({
  page,
  request,
}) => {
  const email = newEmail('device');
  await registerViaApi(request, email);
  const scripts: string[] = [];
  const calls: { path: string; deviceId: string | undefined }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'script') scripts.push(url.pathname);
    if (r.resourceType() === 'fetch') calls.push({ path: url.pathname, deviceId: r.headers().deviceid });
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Esportes e cassino num só lugar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A visitor's reads go without it, and the fingerprint library is not fetched for them.
  expect(calls.map((c) => c.path)).toContain('/api/app/casino/hot');
  expect(calls.filter((c) => c.deviceId)).toEqual([]);
  expect(scripts.filter((s) => s.includes('fp.esm'))).toEqual([]);

  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const before = calls.length;
  await login(page, email, 'Senha-forte-1');
  await expect(page.getByRole('dialog', { name: 'Presença diária' })).toBeVisible();
  // The sign-in waited for the id, and every call after it carries the same one.
  const after = calls.slice(before);
  expect(after.map((c) => c.path)).toContain('/api/auth/user/restLogin');
  const device = after.find((c) => c.path === '/api/auth/user/restLogin')!.deviceId;
  expect(device).toMatch(/^\w{16,}$/);
  expect(after.filter((c) => c.deviceId !== device)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('DEVICE_ID'))).toBe(device);
});

test("the phone's back button closes the menu and the login overlay, and a menu line needs one back press", async ({
  page,
}) => {
  await page.goto('/dice');
  await page.goto('/home');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(menu).toBeVisible();
  await page.goBack();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const login = page.getByRole('form', { name: 'Entrar' });
  await expect(login).toBeVisible();
  await page.goBack();
  await expect(login).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  // A line of the menu takes the menu's place in the history: back from it is home, and back again the game.
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu.getByRole('button', { name: 'Clube VIP' }).click();
  await expect(page).toHaveURL(/\/vip$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(menu).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/dice$/);
});

test.describe('without the service worker', () => {
  // Its precache holds every chunk once installed, and a cut route does not reach what it serves.
  test.use({ serviceWorkers: 'block' });

  test('a screen or a menu whose code does not come in says so; the app stays on screen', async ({
    page,
  }) => {
    // The connection drops for the originals' and the menu's code (the browser then keeps those imports failed).
    const cut = /\/assets\/(originals|menu)-[\w-]+\.js$/;
    await page.route(cut, (route) => route.abort('internetdisconnected'));
    await page.goto('/limbo');
    const failure = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar.' });
    await expect(failure).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
    await screenshot(page, '05-screen-load-failed');

    // The menu's code fails too: the app's alert says so, and the page is still there behind it.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Não foi possível carregar.' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Eu entendi' }).click();
    await expect(alert).toBeHidden();
    await expect(failure).toBeVisible();

    // With the connection back, the failure's button reloads the page and the game comes in.
    await page.unroute(cut);
    await failure.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { name: 'Limbo' })).toBeVisible();
    await expect(failure).toBeHidden();
  });

  test('a language whose dictionary does not come in is not switched to; chosen again once online, it is', async ({
    page,
  }) => {
    const cut = /\/assets\/i18n-ru-[\w-]+\.js$/;
    await page.route(cut, (route) => route.abort('internetdisconnected'));
    await page.goto('/home');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: /^Idioma/ }).click();
    await page.getByRole('button', { name: 'Русский' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Não foi possível carregar.' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Eu entendi' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    expect(await page.evaluate(() => localStorage.getItem('LANG'))).toBeNull();

    await page.unroute(cut);
    await page.getByRole('button', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
    await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
    // The tab's title follows the language.
    await expect(page).toHaveTitle('Aposta — Спорт и казино');

    // Russian stored, its dictionary cut again: the app starts in Portuguese throughout, the page's language too.
    await page.route(cut, (route) => route.abort('internetdisconnected'));
    await page.goto('/limbo');
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page).toHaveTitle('Limbo — Aposta');
  });
});

test.describe('zod', () => {
  // The service worker's precache fetches every chunk once installed: only what the page asks for counts.
  test.use({ serviceWorkers: 'block' });

  test('home and the register overlay open without zod: the contracts load with the first check of a form', async ({
    page,
  }) => {
    // zod and every contract schema are about 30 KB gzip and, on a mid-range phone, a few hundred ms of start-up:
    // home and the overlay a visitor lands on check what they read by hand (paths.ts in the contracts).
    // The scripts that came in, each with whether it holds zod.
    const scripts: Promise<[string, boolean]>[] = [];
    page.on('response', (r) => {
      const name = r.url().match(/\/assets\/([\w.-]+\.js)$/)?.[1];
      if (name) scripts.push(r.text().then((code) => [name, code.includes('ZodError')]));
    });
    const withZod = async () => (await Promise.all(scripts)).filter(([, zod]) => zod).map(([name]) => name);
    const profile = page.waitForResponse((r) => r.url().endsWith('/api/app/rg/profile'));
    await page.goto('/yCONVITE1');
    const form = page
      .getByRole('dialog', { name: 'Entrar ou registrar' })
      .getByRole('form', { name: 'Registrar' });
    await expect(form.getByLabel('Código de verificação')).toBeVisible();
    await profile;
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(10);
    expect(await withZod()).toEqual([]);

    // The first refusal a form checks against its contract brings zod in.
    await form.getByRole('button', { name: 'Registrar' }).click();
    await expect.poll(async () => (await withZod()).length).toBe(1);
  });

  test('a signed-in home and its shell open without zod', async ({ page, request }) => {
    // The gift check, the activities, the reality check's limits and the support thread are checked by hand.
    const token = await registerViaApi(request, newEmail('semzod'));
    await page.addInitScript((t) => localStorage.setItem('TOKEN_B', t), token);
    const scripts: Promise<[string, boolean]>[] = [];
    page.on('response', (r) => {
      const name = r.url().match(/\/assets\/([\w.-]+\.js)$/)?.[1];
      if (name) scripts.push(r.text().then((code) => [name, code.includes('ZodError')]));
    });
    const asked = [
      '/api/app/main/userGift',
      '/api/app/promo/activities',
      '/api/app/rg/limits',
      '/conversation',
    ].map((path) => page.waitForResponse((r) => r.url().endsWith(path)));
    await page.goto('/home');
    await Promise.all(asked);
    await page.waitForLoadState('networkidle');
    const withZod = (await Promise.all(scripts)).filter(([, zod]) => zod).map(([name]) => name);
    expect(withZod).toEqual([]);
  });
});

test('home is kept alive: its scroll position survives a trip away', async ({ page }) => {
  // The hot games (its own chunk, then the server's list) come after the first paint, above the originals.
  const hot = page.waitForResponse((r) => r.url().includes('/casino/hot'));
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Jogos originais' })).toBeVisible();
  const { data: games } = (await (await hot).json()) as { data: unknown[] };
  if (games.length) await expect(page.getByRole('heading', { name: 'Jogos em alta' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 400));
  // Read as the player leaves: a section arriving above before then moves the page with it (scroll
  // anchoring), and that is the position home must give back.
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(100);
  await page.getByRole('link', { name: 'Esportes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Esportes' })).toBeVisible();
  await page.getByRole('link', { name: 'Início', exact: true }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
});

test('register through an invitation link, start mask, account panel, avatar, copy e-mail, sign out', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const inviter = await userInfoViaApi(request, await registerViaApi(request, newEmail('inviter')));
  const email = newEmail('convidado');

  await page.goto(`/y${inviter.yqm}`);
  await expect(page).toHaveURL(/\/home$/);
  const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
  await expect(dialog.getByRole('tab', { name: 'Registrar' })).toHaveAttribute('aria-selected', 'true');
  const form = dialog.getByRole('form', { name: 'Registrar' });
  await expect(form.getByLabel(/^Código de convite/)).toHaveValue(inviter.yqm);
  await form.getByLabel(/^Nome completo/).fill('Maria Convidada');
  await form.getByRole('combobox', { name: 'E-mail' }).fill(email.toUpperCase());
  await expect(form.getByRole('combobox', { name: 'E-mail' })).toHaveValue(email);
  await form.getByLabel('Senha', { exact: true }).fill('Senha-forte-1');
  await form.getByLabel('Confirmar senha').fill('Senha-forte-1');
  await form.getByLabel('Código de verificação').fill('TEST42');
  await screenshot(page, '05-register');
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByRole('alertdialog')).toHaveText(/Por favor, aceite os termos de serviço/);
  await page.getByRole('button', { name: 'Eu entendi' }).click();
  // The terms open in a tab of their own, readable signed out; the form keeps what was typed.
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    form.getByRole('link', { name: 'Ler os termos de serviço' }).click(),
  ]);
  await expect(terms.getByRole('heading', { level: 1, name: 'Termos de serviço' })).toBeVisible();
  await expect(terms.getByRole('heading', { level: 2, name: '1. Quem pode jogar' })).toBeVisible();
  await screenshot(terms, '05b-terms');
  await terms.close();
  await expect(form.getByRole('checkbox')).not.toBeChecked();
  await expect(form.getByRole('combobox', { name: 'E-mail' })).toHaveValue(email);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Registrar' }).click();

  // The first deposit opens at once; without KYC it starts with the personal details (editBank).
  const kyc = page.getByRole('dialog', { name: 'Dados pessoais' });
  await expect(kyc.getByLabel('CPF')).toBeVisible();
  await screenshot(page, '06-kyc-after-register');
  await kyc.getByRole('button', { name: 'Fechar' }).click();

  // Start mask -> sign-in sheet.
  const mask = page.getByRole('dialog', { name: 'Presença diária' });
  await expect(mask).toBeVisible();
  await screenshot(page, '06-start-mask');
  await mask.getByRole('button', { name: 'Toque para abrir sua folha de presença' }).click();
  const sheet = page.getByRole('dialog', { name: 'Folha de presença' });
  // Day 1 of the 7-day cycle, paid once (bonus money: the cash balance in the header stays).
  await sheet.getByRole('button', { name: 'Resgatar dia 1' }).click();
  await expect(sheet.getByRole('button', { name: 'Volte amanhã' })).toBeDisabled();
  await expect(sheet.getByTestId('signin-day-1')).toHaveAttribute('data-claimed', 'true');
  await screenshot(page, '06-signin-sheet');
  await sheet.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 0,00');
  // The reward is named under the cash: bets may draw on it.
  await expect(page.getByTestId('header-bonus')).toHaveText(/^\+R\$\s1,00 em bônus$/);
  await screenshot(page, '06b-header-bonus');

  // Account panel from the top.
  await page.getByRole('button', { name: 'Abrir minha conta' }).click();
  const panel = page.getByRole('dialog', { name: 'Minha conta' });
  await expect(panel.getByTestId('account-email')).toHaveText(email);
  await expect(panel.getByText('VIP 0')).toBeVisible();
  await screenshot(page, '07-account-panel');

  // Avatar picker: 36 avatars; the choice is saved on the server.
  await panel.getByRole('button', { name: 'Trocar avatar' }).click();
  const picker = page.getByRole('dialog', { name: 'Escolher avatar' });
  await expect(picker.getByRole('button', { name: /^Avatar \d+$/ })).toHaveCount(36);
  await screenshot(page, '08-avatar-picker');
  await picker.getByRole('button', { name: 'Avatar 8', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Trocar avatar' }).locator('img')).toHaveAttribute(
    'src',
    '/avatars/7.svg',
  );
  const token = await page.evaluate(() => localStorage.getItem('TOKEN_B'));
  expect((await userInfoViaApi(request, token!)).header).toBe(7);

  // Copy the e-mail.
  await panel.getByRole('button', { name: 'Copiar e-mail' }).click();
  await expect(page.getByText('A cópia foi bem-sucedida')).toBeVisible();
  // Toasts sit at the top and leave the panel's buttons free.
  await screenshot(page, '07b-copy-toast');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);

  // Sign out: home, login overlay, storage cleared, session revoked on the server.
  await panel.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog', { name: 'Entrar ou registrar' })).toBeVisible();
  expect(
    await page.evaluate(() => ['TOKEN_B', 'USERINFO', 'APIKEY'].map((k) => localStorage.getItem(k))),
  ).toEqual([null, null, null]);
  const after = await request.get('/api/app/user/userInfo', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await after.json()).status).toBe(40101);
});

test('a failed login reloads the captcha; the right one signs in', async ({ page, request }) => {
  const email = newEmail('login');
  await registerViaApi(request, email, 'Senha-forte-1');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
  const submit = dialog.getByRole('form', { name: 'Entrar' }).getByRole('button', { name: 'Entrar' });
  await expect(submit).toBeDisabled();
  await screenshot(page, '09-login');
  const image = dialog.getByTestId('captcha-image');
  const firstId = await image.getAttribute('data-code-id');
  await login(page, email, 'Senha-forte-1', 'WRONG1');
  // The refusal shows beside the captcha it concerns, not in a modal.
  const code = dialog.getByLabel('Código de verificação');
  await expect(code).toHaveAccessibleDescription(/.+/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(image).not.toHaveAttribute('data-code-id', firstId!);
  await login(page, email, 'Senha-forte-1');
  await expect(page.getByRole('dialog', { name: 'Presença diária' })).toBeVisible();
});

test('forgot password through the sandbox outbox', async ({ page, request }) => {
  const email = newEmail('forgot');
  await registerViaApi(request, email, 'Senha-antiga-1');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar senha' });
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('alertdialog')).toHaveText(/Por favor, preencha as informações completamente/);
  await page.getByRole('button', { name: 'Eu entendi' }).click();
  // The domains offered under the field leave the button below it in reach, and stay put while it is pressed:
  // the press lands (a name alone is refused beside the field).
  const field = dialog.getByRole('combobox', { name: 'E-mail' });
  await field.pressSequentially('ana');
  await expect(dialog.getByRole('option', { name: 'ana@gmail.com' })).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Enviar código' });
  await send.hover();
  await page.mouse.down();
  await page.waitForTimeout(300);
  await page.mouse.up();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(email);
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  await expect(dialog.getByText('Passo 2 de 3')).toBeVisible();
  await screenshot(page, '10-forgot-password');

  const outbox = await (await request.get(`/sandbox/outbox.json?to=${encodeURIComponent(email)}`)).json();
  const code = /\b(\d{6})\b/.exec(outbox.data[0].text)![1]!;
  await dialog.getByLabel('Código recebido por e-mail').fill(code);
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(dialog.getByText('Passo 3 de 3')).toBeVisible();
  await dialog.getByLabel('Nova senha').fill('Senha-nova-22');
  await dialog.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('button', { name: 'Eu entendi' }).click();

  await login(page, email, 'Senha-nova-22');
  await expect(page.getByRole('dialog', { name: 'Presença diária' })).toBeVisible();
});

test('the guard on /share: alert, home, login overlay', async ({ page }) => {
  await page.goto('/share');
  await expect(page.getByRole('alertdialog')).toHaveText(/Por favor, faça login primeiro/);
  await screenshot(page, '11-login-required');
  await page.getByRole('button', { name: 'Eu entendi' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog', { name: 'Entrar ou registrar' })).toBeVisible();
});

test('switch to English and back', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: /^Idioma/ }).click();
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect(await page.evaluate(() => localStorage.getItem('LANG'))).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sports and casino in one place' })).toBeVisible();
  await screenshot(page, '12-home-english');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('button', { name: 'Português' }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('LANG'))).toBe('pt_BR');
});

test('a 40101 from the server signs the player out', async ({ page, request }) => {
  const email = newEmail('expired');
  await registerViaApi(request, email);
  await signInFromHome(page, email);
  const token = await page.evaluate(() => localStorage.getItem('TOKEN_B'));
  expect(token).toBeTruthy();
  // The session ends elsewhere (here: revoked through the API).
  expect(
    (
      await (
        await request.post('/api/auth/user/logout', { headers: { Authorization: `Bearer ${token}` } })
      ).json()
    ).status,
  ).toBe(0);
  // The refused balance call ends the session; so may the realtime connection, refused on its own reconnect
  // a moment earlier (the same sign-out): then the button is already gone.
  await page
    .getByRole('button', { name: 'Atualizar saldo' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page.getByRole('dialog', { name: 'Entrar ou registrar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir minha conta' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('TOKEN_B'))).toBeNull();
});

test('a one-time login link (/zgo{token}) signs the player in', async ({ page, request }) => {
  const token = await registerViaApi(request, newEmail('link'));
  const link = await (
    await request.post('/api/auth/user/loginLink', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect(link.status).toBe(0);
  await page.goto(new URL(link.data.url).pathname);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Abrir minha conta' })).toBeVisible();
  // A link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link.data.url).pathname);
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir minha conta' })).toBeHidden();
});

test('a signed-in player gets the operator notice live, sanitised', async ({ page, request }) => {
  const email = newEmail('notice');
  await registerViaApi(request, email);
  await signInFromHome(page, email);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 0,00');
  // The realtime connection opens after sign-in; publish until the banner shows (the socket may still connect).
  const text = '<b>Manutenção</b> hoje às 3h <img src=x onerror="window.__pwned=1">';
  await expect(async () => {
    const res = await request.post('/api/operator/notices', {
      headers: { 'X-Operator-Key': OPERATOR_KEY },
      data: { text },
    });
    expect(res.ok()).toBe(true);
    await expect(page.getByTestId('notice-text')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('notice-text')).toHaveText('Manutenção hoje às 3h');
  expect(await page.getByTestId('notice-text').innerHTML()).toBe('<b>Manutenção</b> hoje às 3h ');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await screenshot(page, '13-home-signed-in-notice');
});

test('change password from the account panel signs out; the new password works', async ({
  page,
  request,
}) => {
  const email = newEmail('chpwd');
  await registerViaApi(request, email, 'Senha-forte-1');
  await signInFromHome(page, email);
  await page.getByRole('button', { name: 'Abrir minha conta' }).click();
  await page
    .getByRole('dialog', { name: 'Minha conta' })
    .getByRole('button', { name: 'Alterar senha' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Alterar senha' });
  await dialog.getByLabel('Senha atual').fill('Senha-forte-1');
  await dialog.getByLabel('Nova senha', { exact: true }).fill('Outra-senha-2');
  await dialog.getByLabel('Confirmar nova senha').fill('Outra-senha-2');
  await screenshot(page, '14-change-password');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('button', { name: 'Eu entendi' }).click();
  await expect(page.getByRole('dialog', { name: 'Entrar ou registrar' })).toBeVisible();
  await login(page, email, 'Outra-senha-2');
  await expect(page.getByRole('dialog', { name: 'Presença diária' })).toBeVisible();
});
