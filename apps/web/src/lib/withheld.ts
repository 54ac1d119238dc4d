import { toMajor, toMinor } from '@aposta/money';
import { create } from 'zustand';

/**
 * Winnings already paid whose animation has not told them yet (a plinko ball still falling, the row double
 * still sliding), by bet id, in minor units. The header's balance leaves them out until then: a balance that
 * jumped at the tap would give the result away before the game shows it. The stake itself leaves at once.
 */
export const useWithheld = create<{ byBet: Record<string, number> }>(() => ({ byBet: {} }));

/** Holds a bet's payout out of the shown balance (called with the bet's answer, before its balance is applied). */
export function withhold(betId: string, payoutMinor: number): void {
  if (payoutMinor <= 0) return;
  useWithheld.setState((s) => ({ byBet: { ...s.byBet, [betId]: payoutMinor } }));
}

/** Shows again every payout but those of `betIds` (the bets whose animation still runs). */
export function keepWithheld(betIds: readonly string[]): void {
  const { byBet } = useWithheld.getState();
  const kept = Object.fromEntries(Object.entries(byBet).filter(([id]) => betIds.includes(id)));
  if (Object.keys(kept).length !== Object.keys(byBet).length) useWithheld.setState({ byBet: kept });
}

/** The balance (major units) as the header shows it: less the payouts still withheld. */
export function shownBalance(balance: number, byBet: Record<string, number>): number {
  const withheld = Object.values(byBet).reduce((sum, v) => sum + v, 0);
  return withheld ? toMajor(toMinor(balance) - withheld) : balance;
}
