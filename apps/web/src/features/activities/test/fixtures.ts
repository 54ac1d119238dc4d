import type { ActivitySummary } from '@aposta/contracts';

/** A live first-deposit activity as `GET /api/app/promo/activities` lists it, for the app's tests. */
export const activitySummary = (patch: Partial<ActivitySummary> = {}): ActivitySummary => ({
  id: 7,
  title: 'Primeiro depósito em dobro',
  bannerUrl: 'https://cdn.example.com/b.png',
  kind: 'firstDeposit',
  startsAt: '2026-11-20T03:00:00.000Z',
  endsAt: '2026-12-20T03:00:00.000Z',
  status: 'live',
  reward: { type: 'percent', value: 50, cap: 20, wageringMultiple: 3 },
  progress: { current: 100, target: 0 },
  claimable: 20,
  joined: false,
  claimed: null,
  ...patch,
});
