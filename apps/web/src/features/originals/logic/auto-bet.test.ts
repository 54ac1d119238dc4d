import { describe, expect, it } from 'vitest';
import { afterBet, DEFAULT_AUTO, startRun, type AutoSettings } from './auto-bet';

const settings = (patch: Partial<AutoSettings>): AutoSettings => ({ ...DEFAULT_AUTO, ...patch });

/** Plays a run of results (payouts in minor units) and answers the amounts bet and why it stopped. */
function play(base: number, payouts: ((amount: number) => number)[], s: AutoSettings) {
  let run = startRun(base);
  const amounts: number[] = [];
  for (const pay of payouts) {
    amounts.push(run.amount);
    const next = afterBet(run, pay(run.amount), s);
    run = next.run;
    if (next.stop) return { amounts, stop: next.stop, run };
  }
  return { amounts, stop: null, run };
}

const win = (a: number) => a * 2;
const lose = () => 0;

describe('auto bet', () => {
  it('stops after the number of bets', () => {
    const r = play(100, [win, lose, win, lose, win], settings({ count: 3 }));
    expect(r.amounts).toEqual([100, 100, 100]);
    expect(r.stop).toBe('count');
    expect(r.run.profit).toBe(100);
  });

  it('0 bets means until a stop rule or the player stops it', () => {
    const r = play(100, Array(50).fill(lose), settings({ count: 0 }));
    expect(r.amounts).toHaveLength(50);
    expect(r.stop).toBeNull();
  });

  it('stops once the profit reaches the target', () => {
    const r = play(100, [win, lose, win, win, win], settings({ count: 0, stopOnProfit: 200 }));
    expect(r.stop).toBe('profit');
    expect(r.amounts).toHaveLength(4);
    expect(r.run.profit).toBe(200);
  });

  it('stops once the loss reaches the limit', () => {
    const r = play(100, [lose, win, lose, lose, lose], settings({ count: 0, stopOnLoss: 250 }));
    expect(r.stop).toBe('loss');
    expect(r.run.profit).toBe(-300);
  });

  it('on loss: increase by a percentage (martingale at 100%), on win: back to the base', () => {
    const r = play(
      100,
      [lose, lose, lose, win, lose],
      settings({
        count: 5,
        onLoss: { mode: 'increase', percent: 100 },
        onWin: { mode: 'reset', percent: 0 },
      }),
    );
    expect(r.amounts).toEqual([100, 200, 400, 800, 100]);
    expect(r.run.profit).toBe(-100 - 200 - 400 + 800 - 100);
  });

  it('on win: increase by a percentage, rounded down to the centavo', () => {
    const r = play(
      105,
      [win, win, lose, win],
      settings({ count: 4, onWin: { mode: 'increase', percent: 50 }, onLoss: { mode: 'reset', percent: 0 } }),
    );
    expect(r.amounts).toEqual([105, 157, 235, 105]);
  });

  it('a payout below the stake counts as a loss (plinko 0.5×)', () => {
    const r = play(
      100,
      [(a) => a / 2, (a) => a / 2],
      settings({ count: 2, onLoss: { mode: 'increase', percent: 10 } }),
    );
    expect(r.amounts).toEqual([100, 110]);
  });
});
