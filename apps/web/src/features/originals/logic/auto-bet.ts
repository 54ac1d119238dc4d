/**
 * Auto bet: the rules players know from the big crypto casinos. Amounts in minor units; percentages in whole
 * percent. Pure, so the stop rules are tested without a screen.
 */
export interface AutoSettings {
  /** Bets to place; 0 = until stopped. */
  count: number;
  /** Stop once the session's net profit reaches this (minor units; 0 = off). */
  stopOnProfit: number;
  /** Stop once the session's net loss reaches this (minor units; 0 = off). */
  stopOnLoss: number;
  onWin: { mode: 'reset' | 'increase'; percent: number };
  onLoss: { mode: 'reset' | 'increase'; percent: number };
}

export const DEFAULT_AUTO: AutoSettings = {
  count: 10,
  stopOnProfit: 0,
  stopOnLoss: 0,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
};

export interface AutoRun {
  /** The amount the run started with (what "reset" goes back to). */
  base: number;
  /** The next bet's amount. */
  amount: number;
  placed: number;
  /** Net result of the run so far: payouts − stakes. */
  profit: number;
}

export type StopReason = 'count' | 'profit' | 'loss' | null;

export function startRun(base: number): AutoRun {
  return { base, amount: base, placed: 0, profit: 0 };
}

/** After a bet of `run.amount` that paid `payout`: the next state, and why the run stops (null = go on). */
export function afterBet(
  run: AutoRun,
  payout: number,
  settings: AutoSettings,
): { run: AutoRun; stop: StopReason } {
  const won = payout > run.amount;
  const rule = won ? settings.onWin : settings.onLoss;
  const amount =
    rule.mode === 'reset' ? run.base : run.amount + Math.floor((run.amount * rule.percent) / 100);
  const next: AutoRun = {
    base: run.base,
    amount: Math.max(amount, 1),
    placed: run.placed + 1,
    profit: run.profit + payout - run.amount,
  };
  let stop: StopReason = null;
  if (settings.stopOnProfit > 0 && next.profit >= settings.stopOnProfit) stop = 'profit';
  else if (settings.stopOnLoss > 0 && -next.profit >= settings.stopOnLoss) stop = 'loss';
  else if (settings.count > 0 && next.placed >= settings.count) stop = 'count';
  return { run: next, stop };
}
