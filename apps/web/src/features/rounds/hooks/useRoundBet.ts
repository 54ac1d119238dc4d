import { ErrorCode, type RoundBet, type RoundGame } from '@aposta/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { openOverlay } from '../../../lib/ui';
import { applyBalance } from '../../../lib/user-info';
import { myBetsKey } from '../api/rounds';

/**
 * Places a round's money calls one way: a visitor is asked to sign in; one Idempotency-Key per attempt, kept
 * only when the answer was lost (a retry then answers the first result); the answer's balance shows at once
 * and the bet heads my bets; a refusal shows its message beside the button, 9999 opens the game deposit.
 */
export function useRoundBet(game: RoundGame) {
  const token = useSession((s) => s.token);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [pendingKey, setPendingKey] = useState<string | null>(null);

  async function run(call: (key: string) => Promise<RoundBet>): Promise<RoundBet | null> {
    if (!token) {
      openOverlay('login');
      return null;
    }
    const key = pendingKey ?? crypto.randomUUID();
    setBusy(true);
    setError('');
    try {
      const bet = await call(key);
      setPendingKey(null);
      applyBalance(bet.balance);
      queryClient.setQueryData<RoundBet[]>(myBetsKey(token, game), (old = []) =>
        [bet, ...old.filter((b) => b.betId !== bet.betId)].slice(0, 20),
      );
      return bet;
    } catch (err) {
      if (err instanceof ApiError) {
        setPendingKey(null);
        setError(err.message);
        if (err.status === ErrorCode.INSUFFICIENT_BALANCE) openOverlay('gameDeposit');
      } else {
        // No answer: the same key on the next try answers the first result, if there was one.
        setPendingKey(key);
        setError(err instanceof Error ? err.message : String(err));
      }
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, error, clearError: () => setError(''), signedIn: !!token };
}
