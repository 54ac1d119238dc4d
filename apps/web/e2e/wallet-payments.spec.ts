import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  newEmail,
  OPERATOR_KEY,
  randomCpf,
  registerThroughOverlay,
  registerViaApi,
  screenshot,
} from './helpers';

const operator = { 'X-Operator-Key': OPERATOR_KEY };

async function setDepositWagering(request: APIRequestContext, multiplier: number) {
  const res = await request.put('/api/operator/settings', {
    headers: operator,
    data: { 'wagering.depositMultiplier': multiplier },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function dismissAlert(page: Page, text: string) {
  await expect(page.getByRole('alertdialog', { name: text, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Eu entendi' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

test.afterAll(async ({ request }) => setDepositWagering(request, 1));

test('register, KYC, deposit 100 by the sandbox PIX page, withdraw 50 by PIX, operator approval, records', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await setDepositWagering(request, 1);
  const email = newEmail('pagador');
  const cpf = randomCpf();
  const cpfShown = cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

  // Register as a new player would.
  await registerThroughOverlay(page, 'Maria Pagadora', email);

  // The first deposit follows registration (after the start mask, when it shows); without KYC it goes to
  // editBank first.
  const mask = page.getByRole('dialog', { name: 'Presença diária' });
  const kyc = page.getByRole('dialog', { name: 'Dados pessoais' });
  await expect(mask.or(kyc)).toBeVisible();
  if (await mask.isVisible()) await mask.getByRole('button', { name: 'Fechar' }).click();
  await expect(kyc).toBeVisible();
  await kyc.getByLabel('Nome completo').fill('Maria Pagadora');
  await kyc.getByLabel('CPF').fill(cpf);
  await kyc.getByRole('button', { name: 'Salvar' }).click();

  // Deposit: 100 is preselected, with its gift.
  const wallet = page.getByRole('dialog', { name: 'Depositar' });
  await expect(wallet.getByRole('tab', { name: 'Depositar' })).toHaveAttribute('aria-selected', 'true');
  const hundred = wallet.getByRole('radio', { name: /R\$ 100,00/ });
  await expect(hundred).toHaveAttribute('aria-checked', 'true');
  await expect(hundred).toContainText('+R$ 5,00 bônus');
  await screenshot(page, 'wallet-01-deposit-packages');
  await wallet.getByTestId('deposit-submit').click();
  await expect(wallet.getByRole('heading', { name: 'Confirmar depósito' })).toBeVisible();
  await screenshot(page, 'wallet-02-deposit-confirm');
  await wallet.getByRole('button', { name: 'Confirmar' }).click();

  // The provider's page in a full-screen frame; leaving it shows the waiting view.
  const frame = page.frameLocator('[data-testid="pay-frame"]');
  await expect(frame.getByTestId('amount')).toHaveText(/100,00/);
  await screenshot(page, 'wallet-03-pix-frame');
  // The phone's back button leaves the provider's page for the waiting view, on the same page of the app.
  const address = page.url();
  await page.goBack();
  await expect(wallet.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
  await expect(page.getByTestId('pay-frame')).toBeHidden();
  expect(page.url()).toBe(address);
  await wallet.getByRole('button', { name: 'Abrir o pagamento PIX' }).click();
  await expect(frame.getByTestId('amount')).toHaveText(/100,00/);
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(wallet.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
  await expect(wallet.getByTestId('deposit-status')).toHaveText('Situação: Pendente');
  await screenshot(page, 'wallet-04-deposit-waiting');
  await wallet.getByRole('button', { name: 'Abrir o pagamento PIX' }).click();
  await frame.getByRole('button', { name: 'Pagar' }).click();

  // paySuccess closes the overlay; balance and gift arrive live.
  await expect(page).toHaveURL(/\/paySuccess$/);
  await expect(wallet).toBeHidden();
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 100,00');
  await expect(page.getByTestId('pay-success-balance')).toHaveText('R$ 100,00');
  await expect(page.getByTestId('pay-success-bonus')).toHaveText('Saldo de bônus: R$ 5,00');
  await expect(page.getByRole('heading', { name: 'Pagamento recebido' })).toBeVisible();
  // The start mask of the new session leaves 'Pagamento recebido' in sight, and shows on the next page.
  const presence = page.getByRole('dialog', { name: 'Presença diária' });
  await expect(presence).toBeHidden();
  await screenshot(page, 'wallet-05-pay-success');
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await presence.getByRole('button', { name: 'Fechar' }).click();
  // Back to it: the balance, no second claim of a payment.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Seu saldo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagamento recebido' })).toBeHidden();

  // Withdrawing at once: nothing wagered yet.
  await page.goto('/conta');
  await expect(page.getByTestId('conta-balance')).toHaveText('R$ 100,00');
  await expect(page.getByTestId('conta-bonus')).toHaveText('R$ 5,00');
  await screenshot(page, 'wallet-06-conta');
  await page.getByRole('button', { name: 'Sacar', exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: 'Sacar' });
  await expect(withdraw.getByTestId('withdraw-wd')).toHaveText('R$ 0,00');
  await withdraw.getByLabel('Valor do saque').fill('50');
  await withdraw.getByTestId('withdraw-submit').click();
  await expect(page.getByRole('alertdialog', { name: 'Sem valor de levantamento' })).toBeVisible();
  await screenshot(page, 'wallet-07a-withdraw-refused');
  await dismissAlert(page, 'Sem valor de levantamento');
  await withdraw.getByRole('button', { name: 'Fechar' }).click();

  // The operator sets the deposit wagering requirement to zero: withdraw 50 by PIX.
  await setDepositWagering(request, 0);
  await page.getByRole('button', { name: 'Sacar', exact: true }).click();
  await expect(withdraw.getByTestId('withdraw-wd')).toHaveText('R$ 100,00');
  await withdraw.getByLabel('Valor do saque').fill('500');
  await expect(withdraw.getByLabel('Valor do saque')).toHaveValue('100,00');
  // Below the minimum: the message under the amount, not in a modal; it goes once the amount changes.
  const amountField = withdraw.getByLabel('Valor do saque');
  await amountField.fill('20');
  await withdraw.getByTestId('withdraw-submit').click();
  await expect(amountField).toHaveAccessibleDescription(/Montante mínimo de retirada:R\$50,00/);
  await expect(amountField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await screenshot(page, 'wallet-07b-withdraw-below-minimum');
  await amountField.fill('50');
  await expect(amountField).not.toHaveAttribute('aria-invalid');
  // The payout's CPF key written as people write it.
  await expect(withdraw.getByTestId('payout-summary')).toContainText(cpfShown);
  await screenshot(page, 'wallet-07-withdraw');
  await withdraw.getByTestId('withdraw-submit').click();
  // The KYC CPF is known, the WhatsApp is not: the payout-info panel opens.
  await expect(withdraw.getByRole('heading', { name: /Dados de recebimento/ })).toBeVisible();
  // The spec's profile lets the player edit the key (editBank); the Brazilian one fixes it to the own CPF.
  await expect(withdraw.getByLabel('Chave PIX (CPF)')).toHaveValue(cpf);
  await expect(withdraw.getByLabel('Chave PIX (CPF)')).toBeEditable();
  // A missing field is named under that field.
  await withdraw.getByRole('button', { name: 'Confirmar e sacar' }).click();
  await expect(withdraw.getByLabel('WhatsApp')).toHaveAccessibleDescription(
    'Por favor, preencha as informações completamente',
  );
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await withdraw.getByLabel('WhatsApp').fill('+55 11 91234-5678');
  await screenshot(page, 'wallet-08-payout-panel');
  await withdraw.getByRole('button', { name: 'Confirmar e sacar' }).click();
  await dismissAlert(page, 'Solicitação de saque bem-sucedida!');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 50,00');

  // The records show the deposit, its gift and the pending withdrawal.
  await page.goto('/registros');
  const rows = page.getByTestId('record-row');
  await expect(rows.filter({ hasText: 'Saque' })).toContainText('Pendente');
  await expect(rows.filter({ hasText: 'Depósito' })).toContainText('+R$ 100,00');
  await expect(rows.filter({ hasText: 'Bônus' })).toContainText('+R$ 5,00');

  // The operator approves; the sandbox payout rail pays it.
  const pending = await (
    await request.get('/api/operator/withdrawals?status=pending', { headers: operator })
  ).json();
  const mine = (pending.data as { id: number; name: string; amount: number }[]).find(
    (w) => w.name === 'Maria Pagadora' && w.amount === 50,
  );
  expect(mine, JSON.stringify(pending)).toBeDefined();
  const approved = await request.post(`/api/operator/withdrawals/${mine!.id}/approve`, { headers: operator });
  expect(approved.ok(), await approved.text()).toBe(true);
  await expect
    .poll(async () => {
      const paid = await (
        await request.get('/api/operator/withdrawals?status=paid', { headers: operator })
      ).json();
      return (paid.data as { id: number }[]).some((w) => w.id === mine!.id);
    })
    .toBe(true);

  await page.reload();
  await expect(rows.filter({ hasText: 'Saque' })).toContainText('Concluído');
  await expect(rows.filter({ hasText: 'Saque' })).toContainText('−R$ 50,00');
  // Every step of the withdrawal: requested, approved, paid.
  await rows.filter({ hasText: 'Saque' }).getByRole('button').click();
  const steps = rows.filter({ hasText: 'Saque' }).getByTestId('record-steps').getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('Saque solicitado');
  await expect(steps.nth(1)).toContainText('Aprovado');
  await expect(steps.nth(2)).toContainText('Pago');
  await rows.filter({ hasText: 'Depósito' }).getByRole('button').click();
  await expect(rows.filter({ hasText: 'Depósito' }).getByTestId('record-steps')).toContainText(
    'Pedido criado',
  );
  await expect(rows.filter({ hasText: 'Depósito' }).getByTestId('record-steps')).toContainText('Pago');
  await screenshot(page, 'wallet-09-records');
  await page.getByRole('button', { name: 'Saque', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Situação').selectOption({ label: 'Pendente' });
  await expect(page.getByText('Nenhum registro encontrado.')).toBeVisible();
});

test('transfer to another player: confirmation step, one key per submission, the record on both sides', async ({
  page,
  request,
}) => {
  await setDepositWagering(request, 0);
  const sender = newEmail('remetente');
  const receiver = newEmail('destino');
  const token = await registerViaApi(request, sender);
  const receiverToken = await registerViaApi(request, receiver);
  const auth = { Authorization: `Bearer ${token}` };
  // Transfers go only between players who passed KYC.
  const receiverKyc = await request.post('/api/app/user/updateKyc', {
    headers: { Authorization: `Bearer ${receiverToken}` },
    data: { name: 'Destino Final', cardNo: randomCpf() },
  });
  expect((await receiverKyc.json()).status).toBe(0);
  // Fund the sender through the sandbox provider, as a deposit would.
  const kyc = await request.post('/api/app/user/updateKyc', {
    headers: auth,
    data: { name: 'Remetente', cardNo: randomCpf() },
  });
  expect((await kyc.json()).status).toBe(0);
  const order = (
    await (
      await request.post('/api/app/order/prePay/4', {
        headers: { ...auth, 'Idempotency-Key': `e2e-${Date.now()}` },
        form: { gift: 0 },
      })
    ).json()
  ).data;
  expect((await request.post(`${order.url}/pay`)).ok()).toBe(true);

  await page.addInitScript((t) => localStorage.setItem('TOKEN_B', t), token);
  await page.goto('/transfer');
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 100,00');
  // Bad input: each message under its own field, in Portuguese, no modal.
  const userField = page.getByLabel('Usuário que recebe (e-mail)');
  const amountField = page.getByLabel('Valor da transferência');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(userField).toHaveAccessibleDescription('Digite o usuário da transferência');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await userField.fill('ninguem-aqui@example.com');
  await amountField.fill('10');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(userField).toHaveAccessibleDescription(/Nenhum jogador com este e-mail/);
  await screenshot(page, 'wallet-10a-transfer-unknown-user');
  await userField.fill(receiver);
  await amountField.fill('5000');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(amountField).toHaveAccessibleDescription(/maior que o seu saldo de R\$\s100,00/);
  await page.getByLabel('Usuário que recebe (e-mail)').fill(receiver);
  await page.getByLabel('Valor da transferência').fill('12,50');
  await screenshot(page, 'wallet-10-transfer');
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/app/wallet/transfer')) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirmar transferência' })).toBeVisible();
  // The server checked the receiver first and answered a masked name.
  await expect(page.getByText(/De\*+ F\*+/)).toBeVisible();
  // The receiver's e-mail keeps to one line (it was broken mid-word in a narrow column).
  const mail = page.getByTestId('transfer-receiver').getByText(receiver);
  expect((await mail.boundingBox())!.height).toBeLessThan(24);
  await screenshot(page, 'wallet-11-transfer-confirm');
  await page.getByRole('button', { name: 'Transferir', exact: true }).click();
  await expect(page.getByText(`Transferência de R$ 12,50 para ${receiver} concluída`)).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('R$ 87,50');
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[\w.:-]{8,128}$/);

  await page.goto('/registros');
  await page.getByRole('button', { name: 'Transferência', exact: true }).click();
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await expect(page.getByTestId('record-row')).toContainText(`Com ${receiver}`);
  await expect(page.getByTestId('record-row')).toContainText('−R$ 12,50');
});

test('a player with no deposit yet gets the gift popup on home; its button leads through KYC to the deposit', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newEmail('presente'));
  await page.addInitScript((t) => localStorage.setItem('TOKEN_B', t), token);
  await page.goto('/home');
  const popup = page.getByRole('dialog', { name: 'Presente de depósito' });
  await expect(popup).toBeVisible();
  await screenshot(page, 'wallet-12-gift-popup');
  await popup.getByRole('button', { name: 'Depositar' }).click();
  await expect(page.getByRole('dialog', { name: 'Dados pessoais' })).toBeVisible();
});
