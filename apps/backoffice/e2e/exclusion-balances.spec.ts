import type { ExclusionBalance } from '@aposta/contracts';
import { expect, test } from '@playwright/test';
import { depositViaApi, newEmail, registerViaApi } from '../../web/e2e/helpers';
import { createOperator, openMenu, operatorKey, screenshots, signIn } from './helpers';

/**
 * A self-excluded player cannot sign in to withdraw: the withdrawal queue lists the ones still holding cash and
 * where their payout stands. A blocked player is not paid by the job: the card tells finance to decide.
 */
test('finance sees a blocked self-excluded player’s cash waiting for a decision', async ({
  page,
  request,
}) => {
  const finance = await createOperator(request, 'finance');
  const token = await registerViaApi(request, newEmail('autoexcluido'));
  await depositViaApi(request, token);
  const auth = { Authorization: `Bearer ${token}` };
  const info = await request.get('/api/app/user/userInfo', { headers: auth });
  const { uId: userId, username } = (await info.json()).data as { uId: number; username: string };
  // Excluded, then blocked (a block signs the player out).
  const excluded = await request.post('/api/app/rg/exclusion', { headers: auth, data: { kind: 'self' } });
  expect((await excluded.json()).status, await excluded.text()).toBe(0);
  const block = await request.post(`/api/operator/players/${userId}/block`, {
    headers: operatorKey,
    data: { reason: 'Fraude suspeita', version: 0 },
  });
  expect(block.ok(), await block.text()).toBe(true);

  const listed = await request.get('/api/operator/withdrawals/exclusion-balances', { headers: operatorKey });
  const mine = ((await listed.json()).data as ExclusionBalance[]).find((b) => b.userId === userId);
  expect(mine).toMatchObject({ state: 'blocked', orderId: null });
  expect(mine!.cash).toBeGreaterThan(0);

  await signIn(page, finance);
  await openMenu(page, 'Saques', 'Dinheiro');
  const card = page.getByTestId('exclusion-balances');
  await expect(card.getByText(/autoexcluídos? com saldo/)).toBeVisible();
  const row = card.getByRole('row', { name: new RegExp(`#${userId} ${username}`) });
  await expect(row.getByTestId('exclusion-state')).toHaveText('Jogador bloqueado: requer decisão');
  await expect(card.getByText(/requer(em)? decisão da equipe/)).toBeVisible();
  await screenshots(page, 'withdrawals-exclusion-balances');
});
