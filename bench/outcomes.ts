/**
 * `npm run bench:outcomes`: the outcome engine alone (packages/fairness), on one core: outcomes per second per
 * game from seeds, as the server computes them for a bet (HMAC-SHA256 blocks, floats, the game's rule and
 * multiplier), with 64 players' seed pairs interleaved and every bet a new nonce. Goal: >= 300,000 outcomes/s
 * for the games whose outcome is one HMAC block (dice, limbo, row double, plinko up to 8 rows); plinko beyond 8
 * rows and mines beyond 8 mines read more blocks (one per 8 floats).
 * Options (env): BENCH_SECONDS=2 per game. Ends with one JSON line.
 */
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { minesPositions, playInstant, type InstantBet, type Seeds } from '@aposta/fairness';
import { load } from './common';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const PLAYERS = 64;

const pairs: Seeds[] = Array.from({ length: PLAYERS }, () => ({
  serverSeed: crypto.randomBytes(32).toString('hex'),
  clientSeed: crypto.randomBytes(12).toString('base64url'),
  nonce: 0,
}));

/** A dice bet's outcome and multiplier, as the server computes it (also measured by bench:originals). */
export const diceOutcome = (s: Seeds) =>
  playInstant({ game: 'dice', target: 5_050, condition: 'over' }, s).multiplier;

const games: [string, (s: Seeds) => number][] = [
  ['dice', diceOutcome],
  ...(
    [
      ['limbo', { game: 'limbo', target: 200 }],
      ['rowDouble', { game: 'rowDouble', color: 'red' }],
      ['plinko 8 rows', { game: 'plinko', rows: 8, risk: 'medium' }],
      ['plinko 16 rows', { game: 'plinko', rows: 16, risk: 'high' }],
    ] as [string, InstantBet][]
  ).map(([name, bet]): [string, (s: Seeds) => number] => [name, (s) => playInstant(bet, s).multiplier]),
  ['mines 3', (s) => minesPositions(s, 3)[0]!],
  ['mines 24', (s) => minesPositions(s, 24)[0]!],
];

/** Outcomes per second of `fn` for `seconds`, after a short warm-up; each call a player's next nonce. */
export function measure(fn: (s: Seeds) => number, seconds = SECONDS): number {
  let sink = 0;
  const run = (ms: number) => {
    let n = 0;
    const end = performance.now() + ms;
    const start = performance.now();
    while (performance.now() < end) {
      // Batches of 1,000 between clock reads: the clock costs more than a bet's outcome.
      for (let i = 0; i < 1_000; i++, n++) {
        const s = pairs[n % PLAYERS]!;
        s.nonce++;
        sink += fn(s);
      }
    }
    return n / ((performance.now() - start) / 1000);
  };
  run(300);
  const perSec = run(seconds * 1000);
  if (sink === -1) console.log(sink); // keeps the work observable
  return Math.round(perSec);
}

function main() {
  const loadBefore = load();
  console.log(
    `outcome engine, one core, ${SECONDS} s per game, ${PLAYERS} seed pairs interleaved, load ${loadBefore.join(' ')}`,
  );
  const figures: Record<string, number> = {};
  for (const [name, fn] of games) {
    figures[name] = measure(fn);
    console.log(`${name.padEnd(16)} ${String(figures[name]).padStart(9)} outcomes/s  load ${load()[0]}`);
  }
  const oneBlock = ['dice', 'limbo', 'rowDouble', 'plinko 8 rows', 'mines 3'].map((g) => figures[g]!);
  console.log(
    JSON.stringify({
      bench: 'outcomes',
      seconds: SECONDS,
      loadAverage: { before: loadBefore, after: load() },
      outcomesPerSec: figures,
      goal: {
        oneBlockPerSec: 300_000,
        slowestOneBlock: Math.min(...oneBlock),
        met: Math.min(...oneBlock) >= 300_000,
      },
    }),
  );
}

// Run as a script (npm run bench:outcomes), not when bench:originals imports `measure`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
