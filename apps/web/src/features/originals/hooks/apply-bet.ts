import type { FairnessState, OriginalBet } from '@aposta/contracts';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { applyBalance } from '../../../lib/user-info';
import { betsKey, BETS_LIMIT } from '../api/get-bets';
import { fairnessKey } from '../api/get-fairness';

/**
 * A bet's answer, applied at once: the balance it left (header and screens), the nonce the next bet will use,
 * and the bet at the head of "my bets" (a mines round replaces its own earlier state).
 */
export function applyBet(bet: OriginalBet): void {
  applyBalance(bet.balance);
  const { token } = useSession.getState();
  if (!token) return;
  queryClient.setQueryData<FairnessState>(fairnessKey(token), (old) =>
    old && old.serverSeedHash === bet.serverSeedHash
      ? { ...old, nonce: Math.max(old.nonce, bet.nonce + 1) }
      : old,
  );
  queryClient.setQueryData<OriginalBet[]>(betsKey(token, bet.game), (old = []) =>
    [bet, ...old.filter((b) => b.betId !== bet.betId)].slice(0, BETS_LIMIT),
  );
}
