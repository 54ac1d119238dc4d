import { ErrorCode, type RoundBet, type RoundGame } from '@aposta/contracts';
import { toMinor } from '@aposta/money';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { useFieldErrors, type Placing } from '../../../lib/form-errors';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { openGameDeposit, openOverlay } from '../../../lib/ui';
import { applyBalance } from '../../../lib/user-info';
import { myBetsKey } from '../api/rounds';

/** The fields a refusal can be placed beside; anything else shows above the button. */
export type RoundField = 'amount' | 'autoCashout';

/** The contract each game's bet is checked with, loaded on demand (zod stays out of first load). */
const SCHEMA: Record<RoundGame, NonNullable<Placing<RoundField>['schema']>> = {
  double: () => import('@aposta/contracts').then((m) => m.doubleBetRequest),
  crash: () => import('@aposta/contracts').then((m) => m.crashBetRequest),
  'luckyColor-30s': () => import('@aposta/contracts').then((m) => m.luckyBetRequest),
  'luckyColor-1m': () => import('@aposta/contracts').then((m) => m.luckyBetRequest),
  'luckyColor-3m': () => import('@aposta/contracts').then((m) => m.luckyBetRequest),
  'luckyColor-5m': () => import('@aposta/contracts').then((m) => m.luckyBetRequest),
};

/** The stake sent (`stakeBody`'s decimal string) in minor units, for the game deposit; none if unreadable. */
function stakeMinor(amount: unknown): number | undefined {
  try {
    return typeof amount === 'string' ? toMinor(amount) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Places a round's money calls one way: a visitor is asked to sign in; one Idempotency-Key per attempt, kept
 * only when the answer was lost (a retry then answers the first result); the answer's balance shows at once
 * and the bet heads my bets. A refusal shows its message beside the field it concerns (the stake, the
 * automatic cash-out), else beside the button; 9999 also opens the game deposit.
 */
export function useRoundBet(game: RoundGame) {
  const token = useSession((s) => s.token);
  const [busy, setBusy] = useState(false);
  const fields = useFieldErrors<RoundField>();
  const [pendingKey, setPendingKey] = useState<string | null>(null);

  async function run(
    call: (key: string) => Promise<RoundBet>,
    /** The bet's body as sent (none for a cash-out): it tells which field a refusal concerns. */
    body?: Record<string, unknown>,
  ): Promise<RoundBet | null> {
    if (!token) {
      openOverlay('login');
      return null;
    }
    // An empty stake is asked for beside the field, in the spec's words, before anything is sent.
    if (body && typeof body.amount === 'string' && !body.amount.trim()) {
      fields.clear();
      fields.place('amount', i18n.t('translation:errors.pleaseEnterBetAmount'));
      return null;
    }
    const key = pendingKey ?? crypto.randomUUID();
    setBusy(true);
    fields.clear();
    try {
      const bet = await call(key);
      setPendingKey(null);
      applyBalance(bet.balance);
      queryClient.setQueryData<RoundBet[]>(myBetsKey(token, game), (old = []) =>
        [bet, ...old.filter((b) => b.betId !== bet.betId)].slice(0, 20),
      );
      return bet;
    } catch (err) {
      // Status 0: no answer came (the request client's name for a lost connection).
      if (err instanceof ApiError && err.status !== 0) {
        setPendingKey(null);
        // The spec: 9999 on a bet opens the game deposit (which says whether the balance is low or only
        // short of this stake).
        if (err.status === ErrorCode.INSUFFICIENT_BALANCE) openGameDeposit(stakeMinor(body?.amount));
        // A bet's refusal is about its stake unless the contract names the target, or the round refused it.
        await fields.show(
          err,
          (body ?? {}) as Record<RoundField, unknown>,
          body
            ? {
                schema: SCHEMA[game],
                codes: {
                  [ErrorCode.INSUFFICIENT_BALANCE]: 'amount',
                  [ErrorCode.CONFLICT]: 'form',
                  [ErrorCode.NOT_FOUND]: 'form',
                  [ErrorCode.IDEMPOTENCY_CONFLICT]: 'form',
                  [ErrorCode.RATE_LIMITED]: 'form',
                },
                fallback: 'amount',
              }
            : {},
        );
      } else {
        // No answer: the same key on the next try answers the first result, if there was one.
        setPendingKey(key);
        fields.place('form', i18n.t('rounds:lostAnswer'));
      }
      return null;
    } finally {
      setBusy(false);
    }
  }

  return {
    run,
    busy,
    errors: fields.errors,
    clearError: (field?: RoundField) => fields.clear(field),
    signedIn: !!token,
  };
}
