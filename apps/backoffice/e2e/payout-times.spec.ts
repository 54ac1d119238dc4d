import { OrderStatus, type OperatorWithdrawal, type PayoutTimes } from '@aposta/contracts';
import { expect, test } from '@playwright/test';
import { depositViaApi, newEmail, registerViaApi, withdrawViaApi } from '../../web/e2e/helpers';
import { createOperator, openMenu, operatorKey, screenshots, signIn } from './helpers';

/** Today in São Paulo, as the reports page's period ends. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

/**
 * Reports → payout times (issue 17): a player's withdrawal, requested and paid through the sandbox rail now, is
 * counted on the card among the ones paid within 30 minutes, for the period the reports page selects.
 */
test('finance sees a withdrawal paid just now counted within 30 minutes', async ({ page, request }) => {
  // Deposited money may be withdrawn at once (no turnover required).
  const setting = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'wagering.depositMultiplier': 0 },
  });
  expect(setting.ok(), await setting.text()).toBe(true);
  const finance = await createOperator(request, 'finance');
  const report = async () => {
    const res = await request.get('/api/operator/withdrawals/payout-times', {
      headers: operatorKey,
      params: { from: today(), to: today() },
    });
    const body = await res.json();
    expect(body.status, body.message).toBe(0);
    return body.data as PayoutTimes;
  };
  const before = await report();

  // A player deposits through the sandbox PIX page and asks for R$ 50 by PIX; an operator approves it.
  const token = await registerViaApi(request, newEmail('prazo'));
  const cpf = await depositViaApi(request, token);
  // R$ 50, or the minimum withdrawal if an earlier spec raised it (backoffice.spec sets R$ 60).
  const settings = await request.get('/api/operator/settings', { headers: operatorKey });
  const minimum = ((await settings.json()).data as Record<string, number>)['withdraw.minAmount']!;
  const orderId = await withdrawViaApi(request, token, cpf, Math.max(50, minimum / 100));
  const list = await request.get('/api/operator/withdrawals?status=pending', { headers: operatorKey });
  const mine = ((await list.json()).data as OperatorWithdrawal[]).find((w) => w.orderId === orderId)!;
  expect(mine).toBeTruthy();
  const approved = await request.post(`/api/operator/withdrawals/${mine.id}/approve`, {
    headers: operatorKey,
  });
  const paid = await approved.json();
  expect(paid.status, paid.message).toBe(0);
  expect(paid.data.status).toBe(OrderStatus.PAID);

  const after = await report();
  expect(after.paid.within30).toBe(before.paid.within30 + 1);
  const total = (r: PayoutTimes) => r.paid.within30 + r.paid.within60 + r.paid.within120 + r.paid.late;

  // The card of the reports page (its period ends today) shows the same count.
  await signIn(page, finance);
  await openMenu(page, 'Relatórios');
  await page.getByRole('button', { name: 'Hoje' }).click();
  await page.getByRole('tab', { name: 'Tempo de pagamento' }).click();
  const card = page.getByTestId('payout-times');
  await expect(card.getByText('Saques por tempo até o pagamento')).toBeVisible();
  await expect(
    card
      .getByRole('row', { name: /Até 30 minutos/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(String(after.paid.within30));
  await expect(card.getByTestId('payout-paid')).toContainText(String(total(after)));
  await expect(card.getByRole('row', { name: /Atrasados \(mais de 120 minutos\)/ })).toBeVisible();
  await screenshots(page, 'reports-payout-times');
});
