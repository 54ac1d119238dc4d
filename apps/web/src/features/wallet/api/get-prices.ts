import { getPricesAnswer, type PricePackage } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** The deposit page keeps BRL, EXTPAY and ungrouped packages; BTBRL and FCBRL are gift data (spec section 7). */
const DEPOSIT_GROUPS = new Set(['BRL', 'EXTPAY', '']);
/** The game deposit shows the first 4 INSBRL packages. */
export const GAME_DEPOSIT_PACKAGES = 4;

export type DepositKind = 'deposit' | 'gameDeposit';

export async function fetchPackages(kind: DepositKind): Promise<PricePackage[]> {
  const query = kind === 'gameDeposit' ? { curreny: 'INSBRL' } : undefined;
  const { data } = await request<unknown>('/api/app/order/getPrices', { query, loading: false });
  const all = getPricesAnswer.parse(data).sort((a, b) => a.sort - b.sort);
  return kind === 'gameDeposit'
    ? all.slice(0, GAME_DEPOSIT_PACKAGES)
    : all.filter((p) => DEPOSIT_GROUPS.has(p.curreny));
}

/** Price packages change only when the operator edits them: a minute of cache spares reopening the sheet. */
export function usePackages(kind: DepositKind) {
  return useQuery(
    queryOptions({ queryKey: ['packages', kind], queryFn: () => fetchPackages(kind), staleTime: 60_000 }),
    queryClient,
  );
}
