import { expect, test } from '@playwright/test';
import {
  CAPTCHA,
  depositViaApi,
  headerCents,
  newEmail,
  openStudioSlot,
  placeHomeSingle,
  randomCpf,
  registerBrViaApi,
  screenshot,
  signInFromHome,
  sportsEventViaApi,
} from './helpers';

/**
 * The Brazilian licence profile (JURISDICTION=br, playwright.br.config.ts) as a new player meets it: CPF and
 * birth date at registration, identity before the first deposit, no deposit gift, no transfer screen (nor transfer
 * by the API), payouts only by PIX to the own CPF, and the RTP and payout of a bet by its button.
 */
test('registration without a CPF is refused next to the field; with CPF and birth date it goes through', async ({
  page,
}) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  const form = page
    .getByRole('dialog', { name: 'Entrar ou registrar' })
    .getByRole('form', { name: 'Registrar' });
  const image = page.getByRole('dialog', { name: 'Entrar ou registrar' }).getByTestId('captcha-image');
  const firstCaptcha = await image.getAttribute('data-code-id');
  await form.getByLabel(/^Nome completo/).fill('Ana Souza');
  await form.getByRole('combobox', { name: 'E-mail' }).fill(newEmail('br'));
  await form.getByLabel('Senha', { exact: true }).fill('Senha-forte-1');
  await form.getByLabel('Confirmar senha').fill('Senha-forte-1');
  await form.getByLabel('Código de verificação').fill(CAPTCHA);
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(form.getByText('Informe um CPF válido')).toBeVisible();
  await screenshot(page, 'rg/br-register-no-cpf');

  await form.getByLabel('CPF').fill(randomCpf());
  await form.getByLabel('Data de nascimento').fill('1990-05-20');
  // A refused attempt used up its captcha: a new one is asked (200 ms later, emptying the field), then typed.
  await expect(image).not.toHaveAttribute('data-code-id', firstCaptcha!);
  await form.getByLabel('Código de verificação').fill(CAPTCHA);
  await form.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Entrar ou registrar' })).toBeHidden();
});

test('identity before the first deposit, no gift, no transfers, PIX to the own CPF only, RTP by every bet button', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('br');
  const { cpf } = await registerBrViaApi(request, email);
  await signInFromHome(page, email);

  // The deposit asks for identity first.
  await page.goto('/conta');
  await page.getByRole('button', { name: 'Depositar', exact: true }).click();
  const kyc = page.getByRole('dialog', { name: 'Dados pessoais' });
  await expect(kyc).toBeVisible();
  await screenshot(page, 'rg/br-deposit-asks-kyc');
  await kyc.getByLabel('Nome completo').fill('Ana Souza');
  await kyc.getByLabel('CPF').fill(cpf);
  await kyc.getByRole('button', { name: 'Salvar' }).click();

  // No gift on any package, nothing to waive.
  const wallet = page.getByRole('dialog', { name: 'Depositar' });
  await expect(wallet.getByRole('radio', { name: /R\$ 100,00/ })).toBeVisible();
  await expect(wallet.getByText(/bônus/)).toHaveCount(0);
  await screenshot(page, 'rg/br-deposit-no-gift');
  await wallet.getByRole('button', { name: 'Fechar' }).click();

  // No transfer screen; the withdrawal offers the CPF key only (no CNPJ, no USDT).
  await expect(page.getByRole('link', { name: /Transferir/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sacar', exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: 'Sacar' });
  await expect(withdraw.getByRole('radio')).toHaveCount(1);
  await expect(withdraw.getByRole('radio', { name: /CPF/ })).toBeVisible();
  await screenshot(page, 'rg/br-withdraw-cpf-only');
  await withdraw.getByRole('button', { name: 'Fechar' }).click();

  // RTP and payout by the bet button: an original and a shared round.
  await page.goto('/dice');
  await expect(page.getByTestId('choice-rtp')).toHaveText(/^RTP exato desta aposta: 9\d,\d+%$/);
  await screenshot(page, 'rg/br-dice-rtp');
  await page.goto('/double');
  await expect(page.getByTestId('odds-line')).toHaveText(
    /^RTP desta aposta: 93,33% · paga 2× \(R\$\s2,00\)$/,
  );
  await screenshot(page, 'rg/br-double-odds');
});

test('a deposit paid from another person’s CPF is returned to the payer, and the deposit list says so', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('brret');
  const { token, cpf } = await registerBrViaApi(request, email);
  const auth = { Authorization: `Bearer ${token}` };
  expect(
    (
      await (
        await request.post('/api/app/user/updateKyc', {
          headers: auth,
          data: { name: 'Ana Souza', cardNo: cpf },
        })
      ).json()
    ).status,
  ).toBe(0);
  const order = await (
    await request.post('/api/app/order/prePay/4', {
      headers: { ...auth, 'Idempotency-Key': `e2e-brret-${Date.now()}` },
      data: { gift: 0, pkgId: 4, isapp: 0 },
    })
  ).json();
  expect(order.status, order.message).toBe(0);
  // Paid on the sandbox page from someone else's account.
  let other = randomCpf();
  while (other === cpf) other = randomCpf();
  expect((await request.post(`${new URL(order.data.url).pathname}/pay?payer=${other}`)).ok()).toBe(true);

  await signInFromHome(page, email);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 0,00');
  await page.goto('/registros');
  await page.getByRole('button', { name: 'Depósito', exact: true }).click();
  const row = page.getByTestId('deposit-order');
  await expect(row).toHaveCount(1);
  // Being returned, then returned once the provider's refund is booked (the job runs within seconds).
  await expect(row).toHaveAttribute('data-status', /^(returning|returned)$/);
  await expect(row.getByTestId('deposit-return-note')).toContainText('próprio CPF');
  await expect
    .poll(async () => {
      await page.reload();
      await page.getByRole('button', { name: 'Depósito', exact: true }).click();
      return row.getAttribute('data-status');
    })
    .toBe('returned');
  await row.getByRole('button').first().click();
  await expect(row.getByRole('listitem')).toHaveText([
    /Pedido criado/,
    /Pago por conta de outra pessoa/,
    /Devolvido à conta que pagou/,
  ]);
  await screenshot(page, 'rg/br-deposit-returned');
});

test('the loss limit asked at registration stops a dice bet, a sports bet and a slot spin at the limit', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { eventId, home } = await sportsEventViaApi(request);
  // Registered as br asks (CPF, birth date) with a daily loss limit of R$ 5,00; identity and R$ 100 deposited.
  const email = newEmail('brloss');
  const { token, cpf } = await registerBrViaApi(request, email, { lossLimit: 5 });
  await depositViaApi(request, token, 4, cpf);
  await signInFromHome(page, email);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 100,00');
  await page.goto('/jogoResponsavel');
  await expect(page.getByLabel('Perdas · Por dia')).toHaveValue(/^5([,.]00?)?$/);

  // A single of R$ 4 is within the limit and taken: its open stake counts whole as lost, R$ 1 is left.
  await page.goto(`/footballPage/${eventId}`);
  await placeHomeSingle(page, home, 4);
  await expect(page.getByText('Apostas feitas: 1')).toBeVisible();
  const left = 10_000 - 400;
  await expect.poll(() => headerCents(page)).toBe(left);
  const refusal = /^Esta aposta passaria do seu limite diário de perdas \(R\$\s5,00\)\. Aposta recusada\.$/;

  // Dice at R$ 2 would pass the limit: refused under the bet button, no bet, nothing moved.
  await page.goto('/dice');
  await page.getByLabel('Valor da aposta').fill('2');
  await page.getByTestId('bet-button').click();
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(page.getByTestId('my-bet')).toHaveCount(0);
  await screenshot(page, 'rg/br-dice-loss-refused');
  expect(await headerCents(page)).toBe(left);

  // A second single of R$ 2: refused in the slip.
  await page.goto(`/footballPage/${eventId}`);
  await placeHomeSingle(page, home, 2);
  await expect(page.getByTestId('bet-slip').getByText(refusal)).toBeVisible();
  await screenshot(page, 'rg/br-sports-loss-refused');
  expect(await headerCents(page)).toBe(left);

  // Our slot at R$ 2 a spin: refused in the game, both balances unchanged.
  const game = await openStudioSlot(page);
  await game.getByRole('button', { name: 'Aumentar aposta' }).click();
  await expect(game.getByTestId('slot-bet')).toHaveText(/^R\$\s2,00$/);
  await game.getByTestId('spin-button').click();
  await expect(game.getByText('Limite de jogo responsável atingido. Aposta recusada.')).toBeVisible();
  await screenshot(page, 'rg/br-spin-loss-refused');
  await expect(game.getByTestId('slot-balance')).toHaveText(/^R\$\s96,00$/);
  await expect(page.getByTestId('play-balance')).toHaveText(/^R\$\s96,00$/);
});

test('a signed-in player opening /transfer reads that transfers are not available, with no form; the API refuses', async ({
  page,
  request,
}) => {
  const email = newEmail('brtransf');
  const { token } = await registerBrViaApi(request, email);
  await signInFromHome(page, email);
  expect(page.viewportSize()?.width).toBe(393);

  await page.goto('/transfer');
  await expect(page.getByRole('heading', { name: 'Transferências não disponíveis' })).toBeVisible();
  await expect(page.getByText(/não permite enviar saldo a outro jogador/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para a conta' })).toBeVisible();
  // No form: no receiver, no amount, no button to send.
  await expect(page.locator('form')).toHaveCount(0);
  await expect(page.getByLabel(/Usuário que recebe|Valor da transferência/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Transferir|Continuar/ })).toHaveCount(0);
  await screenshot(page, 'rg/br-transfer-off');

  // The call made anyway: refused with its message, nothing moved.
  const res = await request.post('/api/app/wallet/transfer', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-brtransf-${Date.now()}` },
    data: { username: newEmail('receiver'), amount: 10 },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('Transferências entre jogadores não são permitidas no Brasil');
});
