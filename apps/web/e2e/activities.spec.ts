import { expect, test } from '@playwright/test';
import { depositViaApi, newEmail, OPERATOR_KEY, registerViaApi, screenshot, signInFromHome } from './helpers';

const HOUR = 3_600_000;

// The activity is ended whatever happens: the server is shared with the later specs, whose depositing players
// would otherwise meet its overlay on home.
let createdId = 0;
test.afterEach(async ({ request }) => {
  if (!createdId) return;
  const res = await request.post(`/api/operator/promo/activities/${createdId}/end`, {
    headers: { 'X-Operator-Key': OPERATOR_KEY },
    data: {},
  });
  expect(res.ok()).toBe(true);
  createdId = 0;
});

test('an operator creates an activity; a new player deposits and claims it once from home', async ({
  page,
  request,
}) => {
  // The operator's activity: 50% of the first deposit up to R$ 20, wagering 3x, live now.
  const title = `Dobro no primeiro depósito ${Date.now().toString(36)}`;
  const created = await request.post('/api/operator/promo/activities', {
    headers: { 'X-Operator-Key': OPERATOR_KEY },
    data: {
      title,
      bannerUrl: '/hero.svg',
      body: '<p>Faça o <b>primeiro depósito</b> e ganhe 50% de bônus.</p><script>alert(1)</script>',
      kind: 'firstDeposit',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
      rewardType: 'percent',
      rewardValue: 5_000,
      rewardCap: 2_000,
      target: 0,
      wageringMultiple: 3,
      status: 'live',
    },
  });
  const activity = await created.json();
  expect(activity.status, activity.message).toBe(0);
  const id = activity.data.id as number;
  expect(activity.data.body).not.toContain('script');
  createdId = id;

  // A new player deposits R$ 100 (sandbox PIX, no gift) and signs in on home.
  const email = newEmail('activity');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);

  // Home shows the active-award overlay with the reward to claim.
  const overlay = page.getByRole('dialog', { name: 'Recompensas para resgatar' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText(title)).toBeVisible();
  await screenshot(page, 'activities-01-award-overlay');
  await overlay.getByRole('button', { name: /Resgatar R\$\s20,00/ }).click();
  await expect(overlay.getByTestId('activity-claimed')).toHaveText(/Resgatado: R\$\s20,00/);
  await screenshot(page, 'activities-02-claimed');
  await overlay.getByRole('button', { name: 'Depois' }).click();
  await expect(overlay).toBeHidden();
  await page.getByRole('heading', { name: 'Promoções' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'activities-03-home-list');

  // Home lists the activity; its page shows the terms, the progress and that it is claimed.
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/active${id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('activity-body')).toContainText('primeiro depósito');
  await expect(page.getByTestId('activity-claimed')).toHaveText(/Resgatado: R\$\s20,00/);
  await expect(page.getByTestId('activity-claim')).toHaveCount(0);
  await screenshot(page, 'activities-04-page');

  // The bonus balance holds the reward at once.
  await page.goto('/conta');
  await expect(page.getByTestId('conta-bonus')).toHaveText(/R\$\s20,00/);

  // A second claim (another device, a replay) is refused and pays nothing.
  const again = await request.post(`/api/app/promo/activities/${id}/claim`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Você já resgatou esta recompensa.');
  await page.reload();
  await expect(page.getByTestId('conta-bonus')).toHaveText(/R\$\s20,00/);
});
