import { float, type Seeds } from './seeds';

/**
 * Our studio's slots (casino.md "Slot mathematics"), as data and pure functions: a spin's reel stops come from
 * the player's seed pair exactly like a dice roll (games.md): stop of reel i = floor(fᵢ × strip length), the
 * floats read in order, every further stop (free spins) taking the next floats. So any spin in the recall can
 * be recomputed from the revealed server seed, the client seed and the nonce. Cascades refill from the reel
 * strip above the visible window, so a whole spin is a function of its stops and the RTP is exactly computable
 * by enumerating the stops.
 *
 * Pays are integers in `units`: one unit is bet / `unitsPerBet` (a line bet on lines games). Stakes are
 * multiples of 20 centavos, so every win is a whole number of centavos.
 */

export type SlotKind = 'grid3x3' | 'lines5x3' | 'cluster';

export interface SlotSymbol {
  id: string;
  name: string;
  wild?: boolean;
  scatter?: boolean;
}

interface SlotBase {
  code: string;
  name: string;
  kind: SlotKind;
  rows: number;
  symbols: SlotSymbol[];
  /** One strip per reel; the window of a stop s shows strip[s], strip[s+1], … (wrapping). */
  strips: string[][];
  unitsPerBet: number;
  volatility: 'low' | 'medium' | 'high';
  /**
   * The version of the game's rules (absent: 1). A change of what a spin pays is a new version, and every round
   * records the one it was played under, so the rounds played before still verify (`studioSlot`).
   */
  rules?: number;
  /**
   * The most a round pays, × bet (absent: no cap, as under the rules before it). Once a round's wins add up to it,
   * the round pays exactly this and ends: no further free spins (or cascades) are played, and the last step's win
   * is cut so that the steps still add up to the round's win. Times `unitsPerBet`, a whole number of units.
   */
  maxWinMultiple?: number;
}

/** 3×3, 5 lines, 3 of a kind; a screen full of one symbol (wilds count) multiplies the spin by `fullScreen`. */
export interface GridSlot extends SlotBase {
  kind: 'grid3x3';
  lines: number[][];
  /** symbol → units for 3 on a line. */
  pays: Record<string, number>;
  fullScreen: number;
}

/** 5×3 lines left to right (3–5), wild substitutes; 3+ scatters pay × bet and start free spins. */
export interface LinesSlot extends SlotBase {
  kind: 'lines5x3';
  lines: number[][];
  /** symbol → [3, 4, 5 of a kind] in units (line bets). */
  pays: Record<string, [number, number, number]>;
  /** scatters anywhere → [3, 4, 5] in units. */
  scatterPays: [number, number, number];
  freeSpins: number;
  freeSpinMultiplier: number;
}

/**
 * Pays anywhere: `minCount`+ of a symbol anywhere on the grid pays by tiers; winners burst, the rest fall and the
 * strip above refills; each cascade's win is multiplied by `cascadeMultipliers[n]` (the last one repeats).
 */
export interface ClusterSlot extends SlotBase {
  kind: 'cluster';
  minCount: number;
  /** symbol → units for counts [min…min+1, min+2…min+3, min+4+]. */
  pays: Record<string, [number, number, number]>;
  cascadeMultipliers: number[];
  maxCascades: number;
}

export type SlotGame = GridSlot | LinesSlot | ClusterSlot;

export interface SlotWin {
  symbol: string;
  count: number;
  /** [row, reel] */
  cells: [number, number][];
  line: number | null;
  units: number;
}

export interface SlotStep {
  kind: 'spin' | 'cascade' | 'freeSpin';
  /** grid[row][reel] */
  grid: string[][];
  stops: number[];
  wins: SlotWin[];
  multiplier: number;
  /** Units of this step, multiplier included. */
  units: number;
  freeSpinsLeft: number;
}

export interface SlotOutcome {
  steps: SlotStep[];
  units: number;
  /** Floats read (reel stops drawn). */
  draws: number;
  /** The round reached the game's cap (`maxWinMultiple`) and ended there. */
  capped?: true;
}

/** Draws reel stops: from the seed pair's floats (play), or from a given list (enumeration, tests). */
export type StopSource = (reel: number, length: number) => number;

export function seededStops(seeds: Seeds): { next: StopSource; used: () => number } {
  let i = 0;
  return {
    next: (_reel, length) => Math.floor(float(seeds, i++) * length),
    used: () => i,
  };
}

function windowOf(game: SlotBase, stops: number[]): string[][] {
  const grid: string[][] = [];
  for (let r = 0; r < game.rows; r++)
    grid.push(stops.map((s, reel) => game.strips[reel]![(s + r) % game.strips[reel]!.length]!));
  return grid;
}

const symbolInfo = (game: SlotBase) => new Map(game.symbols.map((s) => [s.id, s]));

// ——— 3×3 ———

function gridStep(game: GridSlot, stops: number[]): SlotStep {
  const grid = windowOf(game, stops);
  const info = symbolInfo(game);
  const wins: SlotWin[] = [];
  game.lines.forEach((rows, line) => {
    const cells = rows.map((row, reel) => [row, reel] as [number, number]);
    const syms = cells.map(([r, c]) => grid[r]![c]!);
    const base = syms.find((s) => !info.get(s)!.wild) ?? syms[0]!;
    if (syms.every((s) => s === base || info.get(s)!.wild))
      wins.push({ symbol: base, count: 3, cells, line, units: game.pays[base]! });
  });
  const all = grid.flat();
  const firstPlain = all.find((s) => !info.get(s)!.wild) ?? all[0]!;
  const full = all.every((s) => s === firstPlain || info.get(s)!.wild);
  const multiplier = full ? game.fullScreen : 1;
  const units = wins.reduce((s, w) => s + w.units, 0) * multiplier;
  return { kind: 'spin', grid, stops, wins, multiplier, units, freeSpinsLeft: 0 };
}

// ——— 5×3 lines ———

/**
 * One line's win, left to right from the first reel. Wilds stand in for every symbol but the scatter. A line that
 * starts with wilds pays the better of two wins (rules 2, the paytable as shown): the wilds' own (3+ wilds, at the
 * wild's pay) and that of the first other symbol with the wilds standing in for it (none when it is the scatter,
 * which pays on its own, anywhere); on a tie, the other symbol's. Rules 1 (retired, kept to verify the rounds
 * played under it) paid only the other symbol, and nothing for wilds followed by a scatter.
 */
function lineWin(
  game: LinesSlot,
  info: Map<string, SlotSymbol>,
  syms: string[],
): { symbol: string; count: number; units: number } | null {
  const wild = (s: string) => Boolean(info.get(s)!.wild);
  let wilds = 0;
  while (wilds < syms.length && wild(syms[wilds]!)) wilds++;
  const base = syms[wilds];
  let substituted: { symbol: string; count: number; units: number } | null = null;
  if (base !== undefined && !info.get(base)!.scatter) {
    let count = wilds;
    while (count < syms.length && (syms[count] === base || wild(syms[count]!))) count++;
    if (count >= 3) substituted = { symbol: base, count, units: game.pays[base]![count - 3]! };
  }
  const wildPays = wilds >= 3 ? game.pays[syms[0]!] : undefined;
  const own =
    wildPays && (base === undefined || (game.rules ?? 1) >= 2)
      ? { symbol: syms[0]!, count: wilds, units: wildPays[wilds - 3]! }
      : null;
  if (own && (!substituted || own.units > substituted.units)) return own;
  return substituted;
}

function linesStep(
  game: LinesSlot,
  stops: number[],
  kind: 'spin' | 'freeSpin',
  multiplier: number,
): { step: SlotStep; scatters: number } {
  const grid = windowOf(game, stops);
  const info = symbolInfo(game);
  const wins: SlotWin[] = [];
  game.lines.forEach((rows, line) => {
    const win = lineWin(
      game,
      info,
      rows.map((row, reel) => grid[row]![reel]!),
    );
    if (win)
      wins.push({
        symbol: win.symbol,
        count: win.count,
        cells: rows.slice(0, win.count).map((row, reel) => [row, reel] as [number, number]),
        line,
        units: win.units,
      });
  });
  const scatterCells: [number, number][] = [];
  grid.forEach((row, r) => row.forEach((s, c) => info.get(s)!.scatter && scatterCells.push([r, c])));
  const scatters = scatterCells.length;
  if (scatters >= 3)
    wins.push({
      symbol: scatterCells.length ? grid[scatterCells[0]![0]]![scatterCells[0]![1]]! : 'S',
      count: scatters,
      cells: scatterCells,
      line: null,
      units: game.scatterPays[Math.min(scatters, 5) - 3]!,
    });
  const units = wins.reduce((s, w) => s + w.units, 0) * multiplier;
  return { step: { kind, grid, stops, wins, multiplier, units, freeSpinsLeft: 0 }, scatters };
}

// ——— pays anywhere with cascades ———

function clusterSteps(game: ClusterSlot, stops: number[]): SlotStep[] {
  const reels = game.strips.length;
  const rows = game.rows;
  // columns[reel] = symbols top → bottom; tops[reel] = strip index of the top cell.
  const columns = stops.map((s, reel) => {
    const strip = game.strips[reel]!;
    return Array.from({ length: rows }, (_, r) => strip[(s + r) % strip.length]!);
  });
  const tops = [...stops];
  const steps: SlotStep[] = [];
  for (let n = 0; n <= game.maxCascades; n++) {
    const grid = Array.from({ length: rows }, (_, r) => columns.map((col) => col[r]!));
    const counts = new Map<string, [number, number][]>();
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < reels; c++) {
        const s = grid[r]![c]!;
        const list = counts.get(s) ?? [];
        list.push([r, c]);
        counts.set(s, list);
      }
    const wins: SlotWin[] = [];
    for (const [symbol, cells] of counts) {
      if (cells.length < game.minCount) continue;
      const tier = Math.min(2, Math.floor((cells.length - game.minCount) / 2));
      wins.push({ symbol, count: cells.length, cells, line: null, units: game.pays[symbol]![tier]! });
    }
    const multiplier = game.cascadeMultipliers[Math.min(n, game.cascadeMultipliers.length - 1)]!;
    const units = wins.reduce((s, w) => s + w.units, 0) * multiplier;
    steps.push({
      kind: n === 0 ? 'spin' : 'cascade',
      grid,
      stops: n === 0 ? stops : tops.slice(),
      wins,
      multiplier,
      units,
      freeSpinsLeft: 0,
    });
    if (!wins.length) break;
    // Burst the winners; the rest fall; the strip above the window refills from the top.
    const burst = new Set(wins.flatMap((w) => w.cells.map(([r, c]) => r * reels + c)));
    for (let c = 0; c < reels; c++) {
      const kept = columns[c]!.filter((_, r) => !burst.has(r * reels + c));
      const k = rows - kept.length;
      if (!k) continue;
      const strip = game.strips[c]!;
      const L = strip.length;
      const fresh = Array.from({ length: k }, (_, i) => strip[(((tops[c]! - k + i) % L) + L) % L]!);
      tops[c] = (((tops[c]! - k) % L) + L) % L;
      columns[c] = [...fresh, ...kept];
    }
  }
  return steps;
}

/**
 * The round of these steps under the game's cap (`maxWinMultiple`, in units `cap`): the steps up to the one whose
 * win reaches the cap, that one's win cut (and no free spins left) so that the steps add up to the cap.
 */
function roundOf(steps: SlotStep[], cap: number, draws: number): SlotOutcome {
  let units = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (units + step.units >= cap) {
      step.units = cap - units;
      step.freeSpinsLeft = 0;
      return { steps: steps.slice(0, i + 1), units: cap, draws, capped: true };
    }
    units += step.units;
  }
  return { steps, units, draws };
}

/**
 * Plays one spin from a stop source. Lines games run their free spins (retriggerable) inside the same round,
 * each one drawing its own stops, until they run out or the round's wins reach the game's cap.
 */
export function playSlot(game: SlotGame, next: StopSource): SlotOutcome {
  let draws = 0;
  const stopsOf = () =>
    game.strips.map((strip, reel) => {
      draws++;
      return next(reel, strip.length);
    });
  const cap = game.maxWinMultiple === undefined ? Infinity : game.maxWinMultiple * game.unitsPerBet;
  if (game.kind === 'grid3x3') return roundOf([gridStep(game, stopsOf())], cap, draws);
  if (game.kind === 'cluster') return roundOf(clusterSteps(game, stopsOf()), cap, draws);
  const first = linesStep(game, stopsOf(), 'spin', 1);
  const steps = [first.step];
  let units = first.step.units;
  let left = first.scatters >= 3 ? game.freeSpins : 0;
  first.step.freeSpinsLeft = left;
  while (left > 0 && units < cap) {
    left--;
    const fs = linesStep(game, stopsOf(), 'freeSpin', game.freeSpinMultiplier);
    if (fs.scatters >= 3) left += game.freeSpins;
    fs.step.freeSpinsLeft = left;
    steps.push(fs.step);
    units += fs.step.units;
  }
  return roundOf(steps, cap, draws);
}

/** A spin from the player's seeds: what the server plays and the verifier recomputes. */
export function spinSlot(game: SlotGame, seeds: Seeds): SlotOutcome {
  return playSlot(game, seededStops(seeds).next);
}

export interface SlotFigures {
  /**
   * Return to player, as a fraction (0.96 = 96%); of a lines game with a cap on a round, the RTP without the cap,
   * which takes off at most `rtpAboveCap`.
   */
  rtp: number;
  /** At most what the cap on a round takes off `rtp` (0 where `rtp` is exact with it: without a cap, or enumerated). */
  rtpAboveCap: number;
  /** Probability that a paid spin wins anything (its whole round). */
  hitFrequency: number;
  /**
   * The most a round can pay, × bet: the largest enumerated win where a round is a function of its stops (3×3,
   * cascades); a lines game's free spins retrigger without end, so its maximum is its cap (`maxWinMultiple`), and
   * without one there is none (Infinity).
   */
  maxWin: number;
  /** The largest base-spin win, × bet (a lines game's free spins pay more). */
  maxBaseWin: number;
  combinations: number;
}

/** Every combination of stops, in order, for enumeration (reel 0 slowest). */
function* allStops(game: SlotGame): Generator<number[]> {
  const lengths = game.strips.map((s) => s.length);
  const stops = lengths.map(() => 0);
  for (;;) {
    yield stops;
    let i = lengths.length - 1;
    while (i >= 0 && ++stops[i]! === lengths[i]) stops[i--] = 0;
    if (i < 0) return;
  }
}

/**
 * At most what a lines game's cap takes off its RTP: E[(X − c)⁺], X a round's win uncapped and c the cap, × bet,
 * from the exact distribution of a spin's win and retrigger (`spins`: units × 2 + 1 if it triggers → stops).
 * Chernoff: P(X ≥ x) ≤ E[e^(tX)]·e^(−tx) for every t > 0, so E[(X − c)⁺], the integral of P(X ≥ x) over x ≥ c,
 * is at most E[e^(tX)]·e^(−tc)/t. A free spin with the free spins it retriggers wins T = Y + R·(T₁ + … + T_N), so
 * M = E[e^(tT)] is the least root of f(M) = E[e^(tY); no retrigger] + E[e^(tY); retrigger]·M^N = M, and any
 * M' ≥ 1 with f(M') ≤ M' bounds it (f is increasing: the iterates from 1 never pass M'); a round's E[e^(tX)] is
 * E[e^(tB); no trigger] + E[e^(tB); trigger]·M^N, B the base spin. The best t of a grid.
 */
function capRtpBound(game: LinesSlot, cap: number, spins: Map<number, number>, combos: number): number {
  const n = game.freeSpins;
  const moments = (t: number, m: number) => {
    let [a, b] = [0, 0];
    for (const [key, count] of spins) {
      const v = (count / combos) * Math.exp((t * m * Math.floor(key / 2)) / game.unitsPerBet);
      if (key % 2) b += v;
      else a += v;
    }
    return { a, b };
  };
  let best = Infinity;
  for (let k = 1; k <= 1_000; k++) {
    const t = k / 1_000;
    const fs = moments(t, game.freeSpinMultiplier);
    let m = 1;
    for (let i = 0; i < 10_000 && m < 1e6; i++) m = fs.a + fs.b * m ** n;
    const bound = m * (1 + 1e-6);
    if (!(fs.a + fs.b * bound ** n <= bound)) break; // E[e^(tT)] infinite, or not found: larger t will not do
    const spin = moments(t, 1);
    const log = Math.log(spin.a + spin.b * bound ** n) - t * cap - Math.log(t);
    best = Math.min(best, Math.exp(log));
  }
  return best;
}

/**
 * The exact figures by enumerating every stop combination of the base spin. A lines game's free spins use the
 * same strips with a multiplier, so each one is worth `multiplier × E[spin]` and a feature of N spins that
 * retriggers with probability q lasts N / (1 − qN) spins on average: RTP = E + P(trigger) × N/(1 − qN) × m × E.
 * That is the RTP without the game's cap on a round (`maxWinMultiple`), which takes off at most `capRtpBound`:
 * Carnival Lines' 5,000× needs at least ceil(5,000 / (2 × 55.9)) = 45 free spins at its best win, so at least 5
 * retriggers (8 + 4 × 8 = 40 free spins are too few), a chance below P(trigger)·C(40, 5)·q⁵ = 0.00712 × 658,008 ×
 * 0.00712⁵ < 10⁻⁷ a round; and the win above the cap, by the exact distribution of a spin, is below 10⁻¹⁸⁵ × bet
 * (t = 0.086), far from moving the declared 95.8783% (exact 95.878324%). `npm run sim:slots` checks both.
 */
export function exactSlotFigures(game: SlotGame): SlotFigures {
  let total = 0;
  let hits = 0;
  let triggers = 0;
  let max = 0;
  let combos = 0;
  /** Lines games: units × 2 + 1 if the spin triggers → stops. */
  const spins = new Map<number, number>();
  for (const stops of allStops(game)) {
    combos++;
    let units: number;
    if (game.kind === 'lines5x3') {
      const { step, scatters } = linesStep(game, stops, 'spin', 1);
      units = step.units;
      if (scatters >= 3) triggers++;
      const key = units * 2 + (scatters >= 3 ? 1 : 0);
      spins.set(key, (spins.get(key) ?? 0) + 1);
    } else {
      let i = 0;
      units = playSlot(game, () => stops[i++]!).units;
    }
    total += units;
    if (units > 0) hits++;
    if (units > max) max = units;
  }
  const e = total / combos / game.unitsPerBet;
  const base = { hitFrequency: hits / combos, maxBaseWin: max / game.unitsPerBet, combinations: combos };
  if (game.kind !== 'lines5x3') return { ...base, rtp: e, rtpAboveCap: 0, maxWin: base.maxBaseWin };
  const p = triggers / combos;
  const n = game.freeSpins;
  const cap = game.maxWinMultiple ?? Infinity;
  return {
    ...base,
    rtp: e + p * (n / (1 - p * n)) * game.freeSpinMultiplier * e,
    rtpAboveCap: cap === Infinity ? 0 : capRtpBound(game, cap, spins, combos),
    // Free spins that can win and retrigger reach any amount, but the cap.
    maxWin: triggers && total && n ? cap : Math.min(base.maxBaseWin, cap),
  };
}
