import { describe, expect, it } from 'vitest';
import { float } from './seeds';
import {
  CANDY_CASCADE,
  CARNIVAL_LINES,
  FORTUNE_OX,
  STUDIO_SLOT_FIGURES,
  STUDIO_SLOTS,
  studioSlot,
} from './slot-games';
import {
  exactSlotFigures,
  playSlot,
  spinSlot,
  type ClusterSlot,
  type GridSlot,
  type LinesSlot,
} from './slots';

const fixed = (stops: number[]) => {
  let i = 0;
  return () => stops[i++]!;
};

describe('studio slots: the maths', () => {
  it('declares exactly the enumerated RTP of Fortune Ox (27,000 combinations), between 94% and 97%', () => {
    const f = exactSlotFigures(FORTUNE_OX);
    expect(f.combinations).toBe(27_000);
    expect(Math.round(f.rtp * 1e6) / 1e4).toBe(STUDIO_SLOT_FIGURES['fortune-ox']!.rtp);
    for (const code of Object.keys(STUDIO_SLOTS)) {
      expect(STUDIO_SLOT_FIGURES[code]!.rtp).toBeGreaterThanOrEqual(94);
      expect(STUDIO_SLOT_FIGURES[code]!.rtp).toBeLessThanOrEqual(97);
    }
  });

  it('declares exactly the RTP of Carnival Lines, computed line by line (the reels of a line are independent)', () => {
    // A line shows on each reel the strip's symbol at a uniform stop, so its expected win is the same for every
    // line and is a sum over the 9⁵ symbol tuples weighted by the strips' frequencies; the scatters per window are
    // counted reel by reel. An exact figure by another road than the 33,554,432-stop enumeration of sim:slots.
    const g = CARNIVAL_LINES;
    const ids = g.symbols.map((s) => s.id);
    const one: LinesSlot = {
      ...g,
      rows: 1,
      lines: [[0, 0, 0, 0, 0]],
      strips: g.strips.map(() => ids),
      freeSpins: 0,
    };
    const freq = g.strips.map((st) => ids.map((id) => st.filter((x) => x === id).length / st.length));
    let line = 0;
    for (let k = 0; k < ids.length ** 5; k++) {
      const pick = [0, 1, 2, 3, 4].map((r) => Math.floor(k / ids.length ** (4 - r)) % ids.length);
      const p = pick.reduce((a, x, r) => a * freq[r]![x]!, 1);
      // One row shows at most one scatter a reel, never 3 with a line win beside: strip the scatter pay out.
      if (p)
        line +=
          p * playSlot(one, fixed(pick)).steps[0]!.wins.reduce((a, w) => a + (w.line === 0 ? w.units : 0), 0);
    }
    let scatters = [1];
    for (const st of g.strips) {
      const per = [0, 0, 0, 0];
      for (let s = 0; s < st.length; s++)
        per[[0, 1, 2].filter((r) => st[(s + r) % st.length] === 'S').length]! += 1 / st.length;
      scatters = Array.from({ length: scatters.length + 3 }, (_, n) =>
        scatters.reduce((a, q, i) => a + q * (per[n - i] ?? 0), 0),
      );
    }
    const trigger = scatters.slice(3).reduce((a, q) => a + q, 0);
    const scatterPay = scatters.reduce(
      (a, q, n) => a + (n >= 3 ? q * g.scatterPays[Math.min(n, 5) - 3]! : 0),
      0,
    );
    const e = (g.lines.length * line + scatterPay) / g.unitsPerBet;
    const rtp = e + trigger * (g.freeSpins / (1 - trigger * g.freeSpins)) * g.freeSpinMultiplier * e;
    expect(Math.round(rtp * 1e6) / 1e4).toBe(STUDIO_SLOT_FIGURES['carnival-lines']!.rtp);
  });

  it('pays a line that starts with wilds the better of the wilds’ own win and the substituted one', () => {
    // One row, each reel's strip the whole alphabet: the stops spell the line.
    const ids = CARNIVAL_LINES.symbols.map((s) => s.id);
    const one: LinesSlot = {
      ...CARNIVAL_LINES,
      rows: 1,
      lines: [[0, 0, 0, 0, 0]],
      strips: CARNIVAL_LINES.strips.map(() => ids),
    };
    const line = (symbols: string) => {
      const wins = playSlot(one, fixed(symbols.split('').map((s) => ids.indexOf(s)))).steps[0]!.wins;
      return wins
        .map((w) => `${w.count}${w.symbol}=${w.units} ${w.cells.map(([, c]) => c).join('')}`)
        .join(' ');
    };
    const { W, A, G } = CARNIVAL_LINES.pays;
    expect(line('WWWAB')).toBe(`4A=${A![1]} 0123`); // 4 × Queen (74) beats 3 wilds (37)
    expect(line('WWWGB')).toBe(`3W=${W![0]} 012`); // 3 wilds (37), not 4 × Streamer (17)
    expect(line('WWWWG')).toBe(`4W=${W![1]} 0123`); // 4 wilds (93), not 5 × Streamer (37)
    expect(line('WWWGG')).toBe(`5G=${G![2]} 01234`); // a tie (37): the symbol's win
    expect(line('WWWSA')).toBe(`3W=${W![0]} 012`); // the wild does not stand in for the scatter
    expect(line('WWWWW')).toBe(`5W=${W![2]} 01234`);
    expect(line('WWABC')).toBe(`3A=${A![0]} 012`);
    expect(line('WWSAA')).toBe('');
    expect(line('SWWAA')).toBe('');
    expect(line('AWAWB')).toBe(`4A=${A![1]} 0123`);
    // Rules 1, kept for the rounds played under them: the first other symbol only, nothing before a scatter.
    const old = { ...(studioSlot('carnival-lines', 1) as LinesSlot), rows: 1, lines: [[0, 0, 0, 0, 0]] };
    const oldLine = (symbols: string) =>
      playSlot({ ...old, strips: one.strips }, fixed(symbols.split('').map((s) => ids.indexOf(s)))).units;
    expect([oldLine('WWWGB'), oldLine('WWWWG'), oldLine('WWWSA'), oldLine('WWWWW')]).toEqual([
      17, 37, 0, 232,
    ]);
    expect(studioSlot('carnival-lines')).toBe(CARNIVAL_LINES);
    expect(studioSlot('carnival-lines', 3)).toBe(CARNIVAL_LINES);
    expect(studioSlot('carnival-lines', 2)).toMatchObject({ rules: 2, maxWinMultiple: undefined });
    expect(studioSlot('carnival-lines', 4)).toBeUndefined();
    expect(studioSlot('fortune-ox', 1)).toBe(FORTUNE_OX);
  });

  it('caps a round at maxWinMultiple × bet: it ends there, its last step cut so that the steps add up', () => {
    // Each reel shows wild, wild, scatter (stop 0: every spin wins on its lines and retriggers) for the first
    // `hot` spins, then A, B, C (stop 3: a win, no scatter) until the free spins run out.
    const game: LinesSlot = {
      ...CARNIVAL_LINES,
      strips: CARNIVAL_LINES.strips.map(() => 'WWSABC'.split('')),
    };
    const hot = (spins: number) => {
      let draws = 0;
      return () => (draws++ < spins * game.strips.length ? 0 : 3);
    };
    const cap = CARNIVAL_LINES.maxWinMultiple! * CARNIVAL_LINES.unitsPerBet;
    expect(cap).toBe(50_000);
    const out = playSlot(game, hot(1_000));
    const spin = out.steps[0]!.units;
    // The spin, then free spins of twice its win each until the cap: the last one cut, no stops drawn after it.
    const free = Math.ceil((cap - spin) / (2 * spin));
    expect(out).toMatchObject({ units: cap, capped: true, draws: (1 + free) * game.strips.length });
    expect(out.steps).toHaveLength(1 + free);
    expect(out.steps.reduce((a, x) => a + x.units, 0)).toBe(cap);
    expect(out.steps.slice(1, -1).every((x) => x.kind === 'freeSpin' && x.units === 2 * spin)).toBe(true);
    const last = out.steps.at(-1)!;
    expect(last).toMatchObject({
      kind: 'freeSpin',
      units: cap - spin - 2 * spin * (free - 1),
      freeSpinsLeft: 0,
    });
    expect(last.units).toBeLessThan(2 * spin);
    expect(out.steps.at(-2)!.freeSpinsLeft).toBeGreaterThan(0);
    // The rules before the cap (2) play the same stops on: the round pays more than the cap.
    const uncapped = playSlot({ ...game, ...studioSlot('carnival-lines', 2), strips: game.strips }, hot(60));
    expect(uncapped.capped).toBeUndefined();
    expect(uncapped.units).toBeGreaterThan(cap);
    expect(uncapped.units).toBe(uncapped.steps.reduce((a, x) => a + x.units, 0));
    // A round below the cap is the same under rules 2 and 3 (the cap is the only change).
    const small = playSlot(game, hot(3));
    expect(small.capped).toBeUndefined();
    expect(playSlot({ ...studioSlot('carnival-lines', 2)!, strips: game.strips }, hot(3))).toEqual(small);
  });

  it('plays Carnival Lines under its retired rules 2 exactly as before the cap', () => {
    // Recorded under rules 2 before rules 3: a round of 17 steps (a retrigger), 304 units.
    const seeds = { serverSeed: 'c'.repeat(64), clientSeed: 'carnival', nonce: 193 };
    const units = [16, 84, 0, 0, 32, 32, 38, 0, 0, 0, 0, 14, 60, 0, 14, 14, 0];
    for (const rules of [2, 3]) {
      const out = spinSlot(studioSlot('carnival-lines', rules)!, seeds);
      expect(out).toMatchObject({ units: 304, draws: 85 });
      expect(out.capped).toBeUndefined();
      expect(out.steps.map((x) => x.units)).toEqual(units);
      expect(out.steps.at(-1)!.stops).toEqual([28, 14, 18, 28, 23]);
    }
  });

  it('declares as the maximum win what a round can pay: the cap for Carnival Lines, the largest win else', () => {
    expect(STUDIO_SLOT_FIGURES['carnival-lines']!.maxWin).toBe(CARNIVAL_LINES.maxWinMultiple);
    expect(exactSlotFigures(FORTUNE_OX)).toMatchObject({ maxWin: STUDIO_SLOT_FIGURES['fortune-ox']!.maxWin });
    // Fortune Ox and Candy Cascade have no cap: their figures are those of their stops.
    expect([FORTUNE_OX.maxWinMultiple, CANDY_CASCADE.maxWinMultiple]).toEqual([undefined, undefined]);
    // A lines game with retriggering free spins and no cap has no maximum win (rules 2 had none).
    const tiny: LinesSlot = {
      ...(studioSlot('carnival-lines', 2) as LinesSlot),
      strips: CARNIVAL_LINES.strips.map(() => 'WWSABC'.split('')),
    };
    expect(exactSlotFigures(tiny).maxWin).toBe(Infinity);
    expect(exactSlotFigures({ ...tiny, maxWinMultiple: 5_000 }).maxWin).toBe(5_000);
  });

  it('draws each reel stop from the seeds as floor(float × strip length), free spins from the next floats', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'slots', nonce: 7 };
    for (const game of Object.values(STUDIO_SLOTS)) {
      const out = spinSlot(game, seeds);
      const reels = game.strips.length;
      const expected = game.strips.map((s, i) => Math.floor(float(seeds, i) * s.length));
      expect(out.steps[0]!.stops).toEqual(expected);
      out.steps
        .filter((s) => s.kind === 'freeSpin')
        .forEach((s, k) =>
          expect(s.stops).toEqual(
            game.strips.map((st, i) => Math.floor(float(seeds, (k + 1) * reels + i) * st.length)),
          ),
        );
    }
  });

  it('pays 3×3 lines with wilds and multiplies a full screen', () => {
    const game: GridSlot = {
      ...FORTUNE_OX,
      strips: [
        ['A', 'W', 'A', 'B'],
        ['A', 'A', 'A', 'B'],
        ['W', 'A', 'A', 'C'],
      ],
    };
    // Stop 0 everywhere: rows A A W / W A A / A A A → every line is A (wilds substitute), the screen is full.
    const full = playSlot(game, fixed([0, 0, 0]));
    expect(full.steps[0]!.wins.map((w) => w.line)).toEqual([0, 1, 2, 3, 4]);
    expect(full.steps[0]!.multiplier).toBe(5);
    expect(full.units).toBe(5 * 5 * FORTUNE_OX.pays.A!);
    // Stop 1 on reel 0: rows W A A / A A A / B A C (reel 0 W A B, reel 1 A A A, reel 2 A A C)... check by hand.
    const partial = playSlot(game, fixed([1, 0, 1]));
    // reel0: W,A,B  reel1: A,A,A  reel2: A,A,C → row0 W A A = A, row1 A A A, row2 B A C no, diag W A C no, B A A no.
    expect(partial.steps[0]!.wins.map((w) => w.line)).toEqual([0, 1]);
    expect(partial.steps[0]!.multiplier).toBe(1);
    expect(partial.units).toBe(2 * FORTUNE_OX.pays.A!);
  });

  it('burst winners fall and refill from the strip above the window', () => {
    const game: ClusterSlot = {
      ...CANDY_CASCADE,
      rows: 2,
      minCount: 3,
      strips: [
        ['B', 'C', 'A', 'A'],
        ['D', 'E', 'A', 'F'],
      ],
      pays: { A: [1, 2, 3], B: [0, 0, 0], C: [0, 0, 0], D: [0, 0, 0], E: [0, 0, 0], F: [0, 0, 0] },
    };
    // Stops 2, 2: reel 0 shows A A, reel 1 shows A F → three As burst; reel 0 refills C then B? No: the two cells
    // above stop 2 are strip[0], strip[1] = B, C (top to bottom); reel 1 refills strip[1] = E above F.
    const out = playSlot(game, fixed([2, 2]));
    expect(out.steps[0]!.grid).toEqual([
      ['A', 'A'],
      ['A', 'F'],
    ]);
    expect(out.steps[0]!.wins).toMatchObject([{ symbol: 'A', count: 3, units: 1 }]);
    expect(out.steps[1]!.grid).toEqual([
      ['B', 'E'],
      ['C', 'F'],
    ]);
    expect(out.steps[1]!.wins).toEqual([]);
    expect(out.units).toBe(1);
  });

  it('prices free spins exactly: the closed form agrees with a long simulation of a small lines game', () => {
    const game: LinesSlot = {
      code: 't',
      name: 't',
      kind: 'lines5x3',
      rows: 3,
      symbols: [
        { id: 'W', name: 'w', wild: true },
        { id: 'S', name: 's', scatter: true },
        { id: 'A', name: 'a' },
        { id: 'B', name: 'b' },
      ],
      strips: Array.from({ length: 5 }, () => 'SABABWBABA'.split('')),
      unitsPerBet: 2,
      volatility: 'low',
      lines: [
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
      ],
      pays: { W: [4, 8, 16], A: [2, 4, 8], B: [1, 2, 4] },
      scatterPays: [2, 4, 8],
      freeSpins: 3,
      freeSpinMultiplier: 2,
    };
    const figures = exactSlotFigures(game);
    const exact = figures.rtp;
    expect(figures.rtpAboveCap).toBe(0);
    // mulberry32: a small seeded generator of good quality (a plain LCG's low bits correlate).
    let seed = 12345;
    const rnd = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    let sum = 0;
    let sq = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const x = playSlot(game, (_r, len) => Math.floor(rnd() * len)).units / game.unitsPerBet;
      sum += x;
      sq += x * x;
    }
    const mean = sum / n;
    const se = Math.sqrt((sq / n - mean * mean) / n);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
    // A cap low enough to be reached (about 1 round in 3,000): the closed form without it, less at most
    // `rtpAboveCap` (a Chernoff bound, loose where the cap is this low), holds the simulation.
    const capped = { ...game, maxWinMultiple: 100 };
    const bound = exactSlotFigures(capped).rtpAboveCap;
    let [cappedSum, above] = [0, 0];
    for (let i = 0; i < n; i++) {
      const x = playSlot(capped, (_r, len) => Math.floor(rnd() * len)).units / game.unitsPerBet;
      cappedSum += x;
      above += x === 100 ? 1 : 0;
    }
    expect(above).toBeGreaterThan(0);
    expect(bound).toBeGreaterThan(0);
    expect(bound).toBeLessThan(exact);
    expect(cappedSum / n).toBeGreaterThan(exact - bound - 4 * se);
    expect(cappedSum / n).toBeLessThan(exact + 4 * se);
  }, 60_000); // 200,000 spins: about 1 s alone, much more on a shared, loaded machine
});
