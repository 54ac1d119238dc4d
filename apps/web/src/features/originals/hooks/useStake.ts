import { isCurrency, toMinor, type Currency } from '@aposta/money';
import { useCallback, useMemo, useState } from 'react';
import { languageEntry, useAppState } from '../../../lib/app-state';
import { knownBalance, playableMinor, useSession } from '../../../lib/session';
import { useWithheld } from '../../../lib/withheld';
import { useOriginalsConfig } from '../api/get-config';
import { amountText } from '../../../lib/format';
import {
  doubleAmount,
  halfAmount,
  hasSubMinor,
  maxAmount,
  parseAmount,
  type StakeBounds,
} from '../logic/amount';

/** R$ 0,10: the default minimum stake until the server's configuration is known. */
export const DEFAULT_MIN_STAKE = 10;
const DEFAULT_AMOUNT = 100;

/** The amount field's state: its text as typed, its value in minor units, and the ½ 2× min max buttons. */
export function useStake() {
  const token = useSession((s) => s.token);
  const lang = useAppState((s) => s.lang);
  const entry = languageEntry(lang);
  const currency: Currency = isCurrency(entry.currency) ? entry.currency : 'BRL';
  // Máx and 2× stop at what a stake can draw on: cash and bonus.
  const playable = useSession((s) => playableMinor(s, currency));
  // A visitor's balance, or one the server has not answered yet (a previous visit's copy), is no reason to
  // refuse a stake.
  const balanceKnown = useSession((s) => !!s.token && knownBalance(s) !== null);
  // Less the wins an animation has not told yet, as the header shows it: a message would give them away.
  const withheld = useWithheld((s) => Object.values(s.byBet).reduce((sum, v) => sum + v, 0));
  const config = useOriginalsConfig().data;

  const bounds: StakeBounds = useMemo(() => {
    const minor = (major: number | undefined) => (major ? toMinor(major, currency) : 0);
    return {
      min: minor(config?.minStake) || DEFAULT_MIN_STAKE,
      max: minor(config?.maxStake),
      // Máx and 2× stop at the balance the header shows: one that counted an untold win would give it away.
      balance: token ? playable - withheld : 0,
    };
  }, [config, currency, token, playable, withheld]);

  const [text, setText] = useState(() => amountText(DEFAULT_AMOUNT, currency, entry.locale));
  const minor = parseAmount(text, currency, entry.locale);
  const current = Number.isFinite(minor) ? minor : 0;

  const set = useCallback(
    (value: number) => setText(amountText(value, currency, entry.locale)),
    [currency, entry.locale],
  );

  return {
    text,
    // Letters go; a minus sign (or the Unicode one) stays, so "-5" is refused as a stake rather than read as 5.
    setText: (value: string) => setText(value.replace(/[^\d.,\-−]/g, '')),
    /** Minor units; NaN while the field does not hold an amount. */
    minor,
    /** The text has more decimals than the currency ("1,555"). */
    subMinor: !Number.isFinite(minor) && hasSubMinor(text, currency, entry.locale),
    /** The balance (cash and bonus, minor units) the stake is above, as the header shows it; null if not. */
    aboveBalance: balanceKnown && minor > playable - withheld ? playable - withheld : null,
    set,
    bounds,
    currency,
    locale: entry.locale,
    /** On leaving the field, an amount is written the player's way: "1.5" becomes "1,50", "1.000" "1000,00". */
    tidy: () => minor > 0 && set(minor),
    half: () => set(halfAmount(current, bounds)),
    double: () => set(doubleAmount(current, bounds)),
    toMin: () => set(bounds.min),
    toMax: () => set(maxAmount(bounds)),
  };
}

export type Stake = ReturnType<typeof useStake>;
