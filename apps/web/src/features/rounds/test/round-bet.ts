import type { RoundBet } from '@aposta/contracts';

/** A bet of mine as the server lists it: R$ 1,00 on double round 7, in play, then `over`. */
export const roundBetOf = (over: Partial<RoundBet> = {}): RoundBet => ({
  betId: '1',
  roundId: '7',
  game: 'double',
  amount: 1,
  pick: null,
  autoCashout: null,
  cashout: null,
  state: 'open',
  multiplier: 0,
  payout: 0,
  balance: 0,
  time: new Date().toISOString(),
  period: null,
  ...over,
});
