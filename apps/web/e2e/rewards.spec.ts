import { expect, test } from '@playwright/test';
import {
  depositViaApi,
  newEmail,
  registerViaApi,
  screenshot,
  signInFromHome,
  userInfoViaApi,
} from './helpers';

test('an inviter whose invitee deposited claims the first ladder tier once; the game bonus shows what is left', async ({
  page,
  request,
}) => {
  // The inviter, and one invitee who registered with its code and deposited R$ 100 (the default minimum is R$ 50).
  const inviter = newEmail('agent');
  const inviterToken = await registerViaApi(request, inviter);
  const { yqm } = await userInfoViaApi(request, inviterToken);
  const invitee = await registerViaApi(request, newEmail('invited'), 'Senha-forte-1', yqm);
  await depositViaApi(request, invitee);

  await signInFromHome(page, inviter);
  // The menu's agent ladder card: /agentJl scrolled to the ladder (agentJl_ladder, moveTop).
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('button', { name: 'Escada de agente', exact: true })
    .click();
  await expect(page).toHaveURL(/\/agentJl\?moveTop=1$/);
  await expect(page.getByRole('heading', { name: 'Recompensas de agente' })).toBeVisible();
  await expect(page.getByTestId('ladder-valid')).toHaveText('1');
  await expect(page.getByText('Convidados diretos: 1')).toBeVisible();
  await expect(page.getByTestId('ladder')).toBeInViewport();
  await screenshot(page, '40-agent-ladder');

  const tier1 = page.getByTestId('ladder-tier-1');
  await expect(tier1.getByRole('button', { name: 'Bloqueado' })).toHaveCount(0);
  await expect(page.getByTestId('ladder-tier-2').getByRole('button', { name: 'Bloqueado' })).toBeDisabled();
  await tier1.getByRole('button', { name: 'Resgatar' }).click();
  await expect(tier1.getByText('Resgatado')).toBeVisible();
  await screenshot(page, '41-agent-ladder-claimed');

  // Claimed once: a second claim from another device is refused, and the bonus shows on /conta with its wagering.
  const again = await request.post('/api/app/promo/ladder/1/claim', {
    headers: { Authorization: `Bearer ${inviterToken}` },
    data: {},
  });
  expect(again.status()).toBe(409);
  await page.goto('/conta');
  const panel = page.getByTestId('bonus-panel');
  await expect(panel.getByText(/Bônus de R\$\s10,00/)).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Apostas exigidas' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await screenshot(page, '42-conta-bonus-panel');

  // The game bonus: nothing bet yet, R$ 100,00 more unlocks 1.5x; the EXPPAY packages show their gift.
  await page.goto('/gamebouns');
  await expect(page.getByTestId('game-bouns')).toHaveText('1x');
  await expect(page.getByText(/Aposte mais R\$\s100,00 para desbloquear 1,5x/)).toBeVisible();
  await expect(page.getByText(/Bônus R\$\s20,00 × 1 = R\$\s20,00/)).toBeVisible();
  await screenshot(page, '43-gamebouns');

  // A R$ 4,00 dice bet (the bonus money) settles: the page shows R$ 96,00 left to 1,5x.
  const bet = await request.post('/api/app/originals/dice/bet', {
    headers: { Authorization: `Bearer ${inviterToken}`, 'Idempotency-Key': `e2e-dice-${Date.now()}` },
    data: { amount: 4, target: 50, condition: 'over' },
  });
  expect((await bet.json()).status).toBe(0);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Aposte mais R\$\s96,00 para desbloquear 1,5x/)).toBeVisible({
      timeout: 2_000,
    });
  }).toPass();
  await expect(page.getByTestId('game-turnover')).toHaveText(/R\$\s4,00/);
  await screenshot(page, '44-gamebouns-after-bet');

  // R$ 96,00 more (after a deposit) reaches R$ 100,00: the relay finds the mission unlocked and the
  // increase-bonus popup opens on the page as it is, with what the next multiple asks (R$ 500,00 for 2x).
  await depositViaApi(request, inviterToken);
  const more = await request.post('/api/app/originals/dice/bet', {
    headers: { Authorization: `Bearer ${inviterToken}`, 'Idempotency-Key': `e2e-dice-${Date.now()}-2` },
    data: { amount: 96, target: 50, condition: 'over' },
  });
  expect((await more.json()).status).toBe(0);
  const popup = page.getByRole('dialog', { name: 'Aumente seu bônus' });
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByText(/Aposte R\$\s400,00 e multiplique seu bônus por 2\./)).toBeVisible();
  await screenshot(page, '45-gamebouns-unlocked-popup');
  await popup.getByRole('button', { name: 'Agora não' }).click();
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('game-bouns')).toHaveText('1,5x');
});
