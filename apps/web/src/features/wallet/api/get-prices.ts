import { getPricesAnswer, type PricePackage } from '@aposta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';

/** The deposit page keeps BRL, EXTPAY and ungrouped packages; BTBRL and FCBRL are gift data (spec section 7). */
const DEPOSIT_GROUPS = new Set(['BRL', 'EXTPAY', '']);
/** The game deposit shows the first 4 INSBRL packages. */
export const GAME_DEPOSIT_PACKAGES = 4;

/** `bonusDeposit`: the EXPPAY packages, whose gift the game bonus multiplies (increase-bonus popup, /gamebouns). */
export type DepositKind = 'deposit' | 'gameDeposit' | 'bonusDeposit';

export async function fetchPackages(kind: DepositKind): Promise<PricePackage[]> {
  const query =
    kind === 'gameDeposit'
      ? { curreny: 'INSBRL' }
      : kind === 'bonusDeposit'
        ? { curreny: 'EXPPAY' }
        : undefined;
  const { data } = await request<unknown>('/api/app/order/getPrices', { query, loading: false });
  const all = getPricesAnswer.parse(data).sort((a, b) => a.sort - b.sort);
  if (kind === 'gameDeposit') return all.slice(0, GAME_DEPOSIT_PACKAGES);
  if (kind === 'bonusDeposit') return all.filter((p) => p.curreny === 'EXPPAY');
  return all.filter((p) => DEPOSIT_GROUPS.has(p.curreny));
}

/**
 * Read again each time a sheet opens (the last list shows meanwhile): an operator's edit of a price or gift
 * shows the next time, as prePay pays what the server holds now. The server answers from memory.
 */
export function usePackages(kind: DepositKind) {
  return useQuery(
    queryOptions({ queryKey: ['packages', kind], queryFn: () => fetchPackages(kind), staleTime: 0 }),
    queryClient,
  );
}
