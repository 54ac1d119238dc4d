/**
 * `npm run sim:rtp`: every original's RTP three ways, per game and mode: the declared RTP (`DECLARED_RTP`), the
 * exact RTP enumerated over the outcome space (`exactRtp`), and a simulation of SIM_ROUNDS rounds per game
 * (default 10 million) through the real outcome engine (seeds → HMAC-SHA256 → floats → the game's rule), split
 * over worker threads (one per core). All modes of a game are read off the same rounds: a dice roll settles every
 * target, a 16-row plinko path every row count (its first `rows` steps), a 24-mine draw every mine count (its
 * first M mines) with the picks on tiles 0, 1, 2, …
 *
 * A simulated mode passes when it lands within 0.1 percentage point of the exact value. For modes whose payout
 * is so spread that 10 million rounds cannot resolve 0.1 point (the standard error σ of the mean above
 * 0.025 point: dice at 1% chance and below, plinko 16 rows high, limbo beyond 100×, mines deep rounds), the
 * check is |simulated − exact| ≤ 4σ and the line says so. Options (env): SIM_ROUNDS, SIM_WORKERS (default: the
 * cores). Ends with one JSON line.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  DECLARED_RTP,
  LIMBO_TARGET,
  MINES_TILES,
  MULTIPLIER_SCALE,
  PLINKO_ROWS,
  ROW_DOUBLE_TILES,
  allModes,
  binomial,
  diceChance,
  diceMultiplier,
  diceRoll,
  exactRtp,
  limboMultiplier,
  limboResult,
  limboRtpRange,
  minesMultiplier,
  minesPositions,
  plinkoPath,
  plinkoTable,
  rowDoubleColor,
  rowDoubleMultiplier,
  rowDoubleTile,
  type OriginalGame,
  type RtpMode,
  type Seeds,
} from '@aposta/fairness';
import { load, round } from './common';

const ROUNDS = Number(process.env.SIM_ROUNDS ?? 10_000_000);
const WORKERS = Number(process.env.SIM_WORKERS ?? os.availableParallelism());
/** Limbo's simulated targets (hundredths): its RTP per target is exact for all 10⁸ (limboRtpRange). */
const LIMBO_TARGETS = [101, 150, 200, 300, 500, 1_000, 2_000, 10_000, 100_000, 1_000_000, LIMBO_TARGET.max];
const ROWS = PLINKO_ROWS.max;

/** What a worker counts: histograms from which every mode's payouts follow. */
interface Counts {
  dice: number[]; // rolls 0 … 10000
  limbo: number[]; // rounds with result ≥ LIMBO_TARGETS[i]
  rowDouble: number[]; // tiles 0 … 14
  plinko: number[][]; // [rows − 8][slot]
  mines: number[][]; // [M − 1][t]: the lowest mined tile of the first M mines is t (picks 0 … t−1 are safe)
}

function simulate(rounds: number): Counts {
  const seeds: Seeds = {
    serverSeed: crypto.randomBytes(32).toString('hex'),
    clientSeed: crypto.randomBytes(12).toString('base64url'),
    nonce: 0,
  };
  const c: Counts = {
    dice: new Array<number>(10_001).fill(0),
    limbo: new Array<number>(LIMBO_TARGETS.length).fill(0),
    rowDouble: new Array<number>(ROW_DOUBLE_TILES).fill(0),
    plinko: Array.from({ length: ROWS - PLINKO_ROWS.min + 1 }, (_, i) =>
      new Array<number>(PLINKO_ROWS.min + i + 1).fill(0),
    ),
    mines: Array.from({ length: MINES_TILES - 1 }, () => new Array<number>(MINES_TILES).fill(0)),
  };
  // Each game plays its own nonces 0 … rounds − 1 on the worker's seed pair, one bet per nonce.
  for (let n = 0; n < rounds; n++) {
    seeds.nonce = n;
    c.dice[diceRoll(seeds)]!++;
  }
  for (let n = 0; n < rounds; n++) {
    seeds.nonce = n;
    const result = limboResult(seeds);
    for (let i = 0; i < LIMBO_TARGETS.length && result >= LIMBO_TARGETS[i]!; i++) c.limbo[i]!++;
  }
  for (let n = 0; n < rounds; n++) {
    seeds.nonce = n;
    c.rowDouble[rowDoubleTile(seeds)]!++;
  }
  for (let n = 0; n < rounds; n++) {
    seeds.nonce = n;
    const path = plinkoPath(seeds, ROWS);
    let slot = 0;
    for (let r = 0; r < ROWS; r++) {
      slot += path[r]!;
      if (r + 1 >= PLINKO_ROWS.min) c.plinko[r + 1 - PLINKO_ROWS.min]![slot]!++;
    }
  }
  for (let n = 0; n < rounds; n++) {
    seeds.nonce = n;
    const draw = minesPositions(seeds, MINES_TILES - 1);
    let lowest = MINES_TILES;
    for (let m = 0; m < draw.length; m++) {
      lowest = Math.min(lowest, draw[m]!);
      c.mines[m]![lowest]!++;
    }
  }
  return c;
}

function add(a: Counts, b: Counts): Counts {
  const sum = (x: number[], y: number[]) => x.map((v, i) => v + y[i]!);
  return {
    dice: sum(a.dice, b.dice),
    limbo: sum(a.limbo, b.limbo),
    rowDouble: sum(a.rowDouble, b.rowDouble),
    plinko: a.plinko.map((row, i) => sum(row, b.plinko[i]!)),
    mines: a.mines.map((row, i) => sum(row, b.mines[i]!)),
  };
}

/** A mode's payouts over the rounds as (multiplier, rounds) pairs, from the histograms. */
function payouts(mode: RtpMode, c: Counts): [number, number][] {
  const x = (m: number) => m / MULTIPLIER_SCALE;
  switch (mode.game) {
    case 'dice': {
      const m = x(diceMultiplier(diceChance(mode.target, mode.condition)));
      const wins =
        mode.condition === 'over'
          ? c.dice.slice(mode.target + 1).reduce((s, v) => s + v, 0)
          : c.dice.slice(0, mode.target).reduce((s, v) => s + v, 0);
      return [[m, wins]];
    }
    case 'limbo':
      return [[x(limboMultiplier(mode.target)), c.limbo[LIMBO_TARGETS.indexOf(mode.target)]!]];
    case 'rowDouble':
      return [
        [
          x(rowDoubleMultiplier(mode.color)),
          c.rowDouble.filter((_, t) => rowDoubleColor(t) === mode.color).reduce((s, v) => s + v, 0),
        ],
      ];
    case 'plinko': {
      const table = plinkoTable(mode.rows, mode.risk);
      return c.plinko[mode.rows - PLINKO_ROWS.min]!.map((n, slot) => [x(table[slot]!), n]);
    }
    case 'mines': {
      // Picks 0 … s−1 are all safe when the lowest mined tile is s or above.
      const wins = c.mines[mode.mines - 1]!.slice(mode.safe).reduce((s, v) => s + v, 0);
      return [[x(minesMultiplier(mode.mines, mode.safe)), wins]];
    }
  }
}

/**
 * E[payout²] of one round, exactly: a win-or-lose mode pays m with probability rtp / m, so E = rtp × m; plinko
 * sums its slots' binomial probabilities.
 */
function exactSecondMoment(mode: RtpMode): number {
  const x = (m: number) => m / MULTIPLIER_SCALE;
  switch (mode.game) {
    case 'dice':
      return exactRtp(mode) * x(diceMultiplier(diceChance(mode.target, mode.condition)));
    case 'limbo':
      return exactRtp(mode) * x(limboMultiplier(mode.target));
    case 'rowDouble':
      return exactRtp(mode) * x(rowDoubleMultiplier(mode.color));
    case 'mines':
      return exactRtp(mode) * x(minesMultiplier(mode.mines, mode.safe));
    case 'plinko':
      return plinkoTable(mode.rows, mode.risk).reduce(
        (s, m, k) => s + (Number(binomial(mode.rows, k)) / 2 ** mode.rows) * x(m) ** 2,
        0,
      );
  }
}

interface Line {
  mode: RtpMode;
  declared: number;
  exact: number;
  simulated: number;
  /** Standard error of the simulated mean, from the exact distribution of a round's payout. */
  sigma: number;
  diffPp: number;
  verdict: 'within 0.1 pp' | 'within 4σ (σ-limited)' | 'FAIL';
}

function line(mode: RtpMode, c: Counts, rounds: number): Line {
  const exact = exactRtp(mode);
  const p = payouts(mode, c);
  const simulated = p.reduce((s, [m, n]) => s + m * n, 0) / rounds;
  const sigma = Math.sqrt((exactSecondMoment(mode) - exact * exact) / rounds);
  const diff = simulated - exact;
  const verdict =
    Math.abs(diff) <= 0.001
      ? 'within 0.1 pp'
      : sigma > 0.00025 && Math.abs(diff) <= 4 * sigma
        ? 'within 4σ (σ-limited)'
        : 'FAIL';
  return { mode, declared: DECLARED_RTP[mode.game], exact, simulated, sigma, diffPp: diff * 100, verdict };
}

const pct = (v: number, d = 4) => `${(v * 100).toFixed(d)}%`;
const name = (m: RtpMode) => {
  switch (m.game) {
    case 'dice':
      return `${m.condition} ${(m.target / 100).toFixed(2)} (chance ${(diceChance(m.target, m.condition) / 100).toFixed(2)}%)`;
    case 'limbo':
      return `target ${(m.target / 100).toLocaleString('en')}×`;
    case 'plinko':
      return `${m.rows} rows ${m.risk}`;
    case 'rowDouble':
      return m.color;
    case 'mines':
      return `${m.mines} mines, ${m.safe} safe`;
  }
};

function report(game: OriginalGame, lines: Line[], shown: (l: Line) => boolean) {
  console.log(`\n${game}: declared ${pct(DECLARED_RTP[game], 2)}`);
  console.log(
    `  ${'mode'.padEnd(34)} ${'exact'.padStart(9)} ${'simulated'.padStart(9)} ${'diff pp'.padStart(8)} ${'σ pp'.padStart(6)}`,
  );
  for (const l of lines.filter(shown))
    console.log(
      `  ${name(l.mode).padEnd(34)} ${pct(l.exact)} ${pct(l.simulated)} ${l.diffPp.toFixed(4).padStart(8)} ${(l.sigma * 100).toFixed(3).padStart(6)}  ${l.verdict}`,
    );
  const exacts = lines.map((l) => l.exact);
  const worst = lines.reduce((w, l) =>
    Math.abs(l.diffPp / (l.sigma * 100 || 1)) > Math.abs(w.diffPp / (w.sigma * 100 || 1)) ? l : w,
  );
  const failed = lines.filter((l) => l.verdict === 'FAIL').length;
  const resolved = lines.filter((l) => l.sigma <= 0.00025);
  console.log(
    `  ${lines.length} modes: exact ${pct(Math.min(...exacts))} … ${pct(Math.max(...exacts))}; ` +
      `${resolved.length} resolved to 0.1 pp by the rounds, ${lines.length - resolved.length} σ-limited; ` +
      `largest gap ${Math.abs(worst.diffPp / (worst.sigma * 100)).toFixed(2)}σ (${name(worst.mode)}); ${failed ? `${failed} FAILED` : 'all pass'}`,
  );
  return {
    game,
    declared: DECLARED_RTP[game],
    modes: lines.length,
    exactMin: round(Math.min(...exacts), 6),
    exactMax: round(Math.max(...exacts), 6),
    resolvedModes: resolved.length,
    maxAbsDiffPpResolved: round(Math.max(0, ...resolved.map((l) => Math.abs(l.diffPp))), 4),
    worstSigmas: round(Math.abs(worst.diffPp / (worst.sigma * 100)), 2),
    failed,
  };
}

async function main() {
  const loadBefore = load();
  console.log(
    `RTP: declared, exact (enumerated), simulated over ${ROUNDS.toLocaleString('en')} rounds per game on ${WORKERS} worker threads; load ${loadBefore.join(' ')}`,
  );
  const started = performance.now();
  const shares = Array.from(
    { length: WORKERS },
    (_, i) => Math.floor(ROUNDS / WORKERS) + (i < ROUNDS % WORKERS ? 1 : 0),
  );
  const parts = await Promise.all(
    shares.map(
      (rounds) =>
        new Promise<Counts>((resolve, reject) => {
          // The worker runs this file too, through tsx's loader (Node 20 does not pass --import hooks to workers).
          const entry = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
          const w = new Worker(entry, { eval: true, workerData: { rounds } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  const counts = parts.reduce(add);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `simulated in ${seconds.toFixed(1)} s (${Math.round((ROUNDS * 5) / seconds).toLocaleString('en')} rounds/s over ${WORKERS} threads), load ${load().join(' ')}`,
  );

  const diceShown = new Set([1, 100, 1_000, 2_500, 4_950, 5_000, 7_500, 9_000, 9_800]);
  const minesShown = (m: RtpMode) =>
    m.game === 'mines' &&
    [1, 3, 5, 10, 20, 24].includes(m.mines) &&
    (m.safe <= 3 || m.safe === MINES_TILES - m.mines);
  const games = [
    report(
      'dice',
      allModes('dice').map((m) => line(m, counts, ROUNDS)),
      (l) => l.mode.game === 'dice' && diceShown.has(diceChance(l.mode.target, l.mode.condition)),
    ),
    report(
      'limbo',
      LIMBO_TARGETS.map((target) => line({ game: 'limbo', target }, counts, ROUNDS)),
      () => true,
    ),
    report(
      'plinko',
      allModes('plinko').map((m) => line(m, counts, ROUNDS)),
      () => true,
    ),
    report(
      'mines',
      allModes('mines').map((m) => line(m, counts, ROUNDS)),
      (l) => minesShown(l.mode),
    ),
    report(
      'rowDouble',
      allModes('rowDouble').map((m) => line(m, counts, ROUNDS)),
      () => true,
    ),
  ];
  const limbo = limboRtpRange(0.001);
  console.log(
    `\nlimbo over all 10⁸ targets (exact): ${pct(limbo.min)} (at ${limbo.minAt / 100}×) … ${pct(limbo.max)}; ` +
      `within 0.1 pp of ${pct(DECLARED_RTP.limbo, 0)} up to ${(limbo.within / 100).toLocaleString('en')}×`,
  );
  const failed = games.reduce((s, g) => s + g.failed, 0);
  console.log(
    JSON.stringify({
      bench: 'rtp',
      rounds: ROUNDS,
      workers: WORKERS,
      seconds: round(seconds, 1),
      loadAverage: { before: loadBefore, after: load() },
      games,
      limboRange: {
        min: round(limbo.min, 6),
        minAtTarget: limbo.minAt / 100,
        max: round(limbo.max, 6),
        within01ppUpTo: limbo.within / 100,
      },
      ok: failed === 0,
    }),
  );
  if (failed) process.exitCode = 1;
}

if (isMainThread) await main();
else parentPort!.postMessage(simulate((workerData as { rounds: number }).rounds));
