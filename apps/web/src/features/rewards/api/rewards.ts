import {
  bonusesAnswer,
  gameBonusAnswer,
  getPricesAnswer,
  ladderAnswer,
  PROMO_BONUSES_PATH,
  PROMO_GAMEBONUS_PATH,
  PROMO_LADDER_PATH,
  type LadderAnswer,
  type PricePackage,
} from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** The ladder's tiers, the player's valid invitees and claims (GET /api/app/promo/ladder). */
export async function fetchLadder(): Promise<LadderAnswer> {
  const { data } = await request<unknown>(PROMO_LADDER_PATH, { method: 'GET', loading: false, quiet: true });
  return ladderAnswer.parse(data);
}

/** Claims a tier; a refusal rejects with its translated message (shown beside the tier). */
export async function claimTier(tier: number): Promise<LadderAnswer> {
  const { data } = await request<unknown>(`${PROMO_LADDER_PATH}/${tier}/claim`, { json: {}, quiet: true });
  const answer = ladderAnswer.parse(data);
  queryClient.setQueriesData({ queryKey: ['ladder'] }, answer);
  return answer;
}

/** The turnover missions and the multiple they unlock (GET /api/app/promo/gamebonus). */
export async function fetchGameBonus() {
  const { data } = await request<unknown>(PROMO_GAMEBONUS_PATH, {
    method: 'GET',
    loading: false,
    quiet: true,
  });
  return gameBonusAnswer.parse(data);
}

/** The active bonuses with their wagering progress (GET /api/app/promo/bonuses). */
export async function fetchActiveBonuses() {
  const { data } = await request<unknown>(PROMO_BONUSES_PATH, { method: 'GET', loading: false, quiet: true });
  return bonusesAnswer.parse(data);
}

export const useLadder = (token: string) =>
  useQuery(
    queryOptions({ queryKey: ['ladder', token], queryFn: fetchLadder, enabled: Boolean(token) }),
    queryClient,
  );

/** Asked again whenever the balances change (`balance`: a settled bet is turnover). */
export const useGameBonus = (token: string, balance?: string) =>
  useQuery(
    queryOptions({
      queryKey: ['gamebonus', token, balance],
      queryFn: fetchGameBonus,
      enabled: Boolean(token),
      placeholderData: (previous) => previous,
    }),
    queryClient,
  );

export const useActiveBonuses = (token: string, balance?: string) =>
  useQuery(
    queryOptions({
      queryKey: ['activeBonuses', token, balance],
      queryFn: fetchActiveBonuses,
      enabled: Boolean(token),
      placeholderData: (previous) => previous,
    }),
    queryClient,
  );

/** The EXPPAY packages (spec: getPrices curreny=EXPPAY), whose gift the game bonus multiplies. */
export async function fetchBonusPackages(): Promise<PricePackage[]> {
  const { data } = await request<unknown>('/api/app/order/getPrices', {
    query: { curreny: 'EXPPAY' },
    loading: false,
    quiet: true,
  });
  return getPricesAnswer
    .parse(data)
    .filter((p) => p.curreny === 'EXPPAY')
    .sort((a, b) => a.sort - b.sort);
}

/** Read again on each open, as the deposit sheet's (an operator's edit shows the next time). */
export const useBonusPackages = () =>
  useQuery(
    queryOptions({ queryKey: ['packages', 'EXPPAY'], queryFn: fetchBonusPackages, staleTime: 0 }),
    queryClient,
  );
