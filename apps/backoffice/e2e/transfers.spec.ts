import { expect, test } from '@playwright/test';
import { depositViaApi, newEmail, randomCpf, registerViaApi } from '../../web/e2e/helpers';
import { createOperator, openMenu, screenshots, signIn } from './helpers';

/**
 * Money → Transfers (issue 16): a transfer two players made is found by finance through the filters, with
 * both players and the amount, and each player opens their profile.
 */
test('finance finds a transfer between two players and opens the receiver', async ({ page, request }) => {
  const finance = await createOperator(request, 'finance');
  const [senderEmail, receiverEmail] = [newEmail('remetente'), newEmail('destinatario')];
  const sender = await registerViaApi(request, senderEmail);
  const receiver = await registerViaApi(request, receiverEmail);
  await depositViaApi(request, sender);
  const kyc = await request.post('/api/app/user/updateKyc', {
    headers: { Authorization: `Bearer ${receiver}` },
    data: { name: 'Jogador Teste', cardNo: randomCpf() },
  });
  expect((await kyc.json()).status).toBe(0);
  const sent = await request.post('/api/app/wallet/transfer', {
    headers: { Authorization: `Bearer ${sender}`, 'Idempotency-Key': `e2e-transfer-${Date.now()}` },
    data: { username: receiverEmail, amount: 12.34 },
  });
  const body = await sent.json();
  expect(body.status, body.message).toBe(0);

  await signIn(page, finance);
  await openMenu(page, 'Transferências', 'Dinheiro');
  await expect(page.getByRole('heading', { name: 'Transferências entre jogadores' })).toBeVisible();
  await page.getByLabel('Remetente').fill(senderEmail);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: receiverEmail });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(senderEmail);
  await expect(row).toContainText('R$ 12,34');
  await expect(row).toContainText(`#${body.data.id}`);
  await screenshots(page, 'transfers');

  // Amounts typed with the decimal comma: a minimum of the amount itself keeps the transfer (the comma once
  // vanished, and 12,34 searched from R$ 1.234,00), one above it leaves nothing.
  await page.getByLabel('Valor mín.').fill('12,34');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row').filter({ hasText: receiverEmail })).toHaveCount(1);
  await page.getByLabel('Valor mín.').fill('12,35');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row').filter({ hasText: receiverEmail })).toHaveCount(0);
  await page.getByLabel('Valor mín.').fill('');
  await page.getByRole('button', { name: 'Buscar' }).click();

  await page
    .getByRole('row')
    .filter({ hasText: receiverEmail })
    .getByRole('link', { name: receiverEmail })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/players\/\d+/);
  await expect(page.getByText(receiverEmail).first()).toBeVisible();
});
