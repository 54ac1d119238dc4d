/**
 * `npm run sim:slots`: the RTP of each of Aposta Studios' slots three ways: declared (`STUDIO_SLOT_FIGURES`),
 * exact (every stop combination enumerated, `exactSlotFigures`) and simulated over SIM_SPINS paid spins per
 * slot (default 10 million) through the real engine: seeds → HMAC-SHA256 → floats → reel stops → the slot's
 * rules (`spinSlot`), free spins and cascades included. The simulation uses fixed published seeds (one pair
 * per slot, nonce 0, 1, 2, …), so its result is reproducible. A slot passes when the declared figure is the
 * exact one (to 4 decimals) and the simulation lands within 0.1 percentage point of it (where the spins cannot
 * resolve 0.1 point, σ above 0.025 point, within 4σ as `sim:rtp` does, and the line says so); the standard error
 * is printed beside it, and when the declared maximum win is the exact one (the most a round can pay: the largest
 * enumerated win, or a lines game's cap on a round, free spins included). SIM_ONLY=<codes> runs some slots only. Options (env): SIM_SPINS, SIM_WORKERS (default: the cores). Ends with one JSON line.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { exactSlotFigures, spinSlot, STUDIO_SLOT_FIGURES, STUDIO_SLOTS } from '@aposta/fairness';
import { load, round } from './common';

const SPINS = Number(process.env.SIM_SPINS ?? 10_000_000);
const WORKERS = Number(process.env.SIM_WORKERS ?? os.availableParallelism());
/** SIM_ONLY=fortune-ox,… runs those slots only. */
const CODES = Object.keys(STUDIO_SLOTS).filter(
  (c) => !process.env.SIM_ONLY || process.env.SIM_ONLY.split(',').includes(c),
);

type Job = { kind: 'exact'; code: string } | { kind: 'sim'; code: string; from: number; spins: number };
interface Sim {
  spins: number;
  /** Sum of the wins × bet, and of their squares (for the standard error). */
  sum: number;
  sq: number;
  hits: number;
  max: number;
}

function run(job: Job) {
  const game = STUDIO_SLOTS[job.code]!;
  if (job.kind === 'exact') return exactSlotFigures(game);
  // One published pair per slot, nonces 0 … SIM_SPINS − 1 split between the workers: the same spins whatever
  // the number of workers.
  const serverSeed = crypto.createHash('sha256').update(`aposta-studios-sim:${job.code}`).digest('hex');
  const s: Sim = { spins: job.spins, sum: 0, sq: 0, hits: 0, max: 0 };
  for (let nonce = job.from; nonce < job.from + job.spins; nonce++) {
    const x = spinSlot(game, { serverSeed, clientSeed: 'sim', nonce }).units / game.unitsPerBet;
    s.sum += x;
    s.sq += x * x;
    if (x > 0) s.hits++;
    if (x > s.max) s.max = x;
  }
  return s;
}

function inWorker(job: Job): Promise<ReturnType<typeof run>> {
  return new Promise((resolve, reject) => {
    // The worker runs this file too, through tsx's loader (Node 20 does not pass --import hooks to workers).
    const entry = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
    const w = new Worker(entry, { eval: true, workerData: job });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

async function main() {
  console.log(
    `Aposta Studios RTP: exact (enumerated) and simulated over ${SPINS.toLocaleString('en')} spins per slot on ${WORKERS} worker threads; load ${load().join(' ')}`,
  );
  const started = performance.now();
  const shares = Array.from(
    { length: WORKERS },
    (_, i) => Math.floor(SPINS / WORKERS) + (i < SPINS % WORKERS ? 1 : 0),
  );
  const results = await Promise.all(
    CODES.map(async (code) => {
      const [exact, ...parts] = await Promise.all([
        inWorker({ kind: 'exact', code }),
        ...shares.map((spins, i) =>
          inWorker({ kind: 'sim', code, spins, from: shares.slice(0, i).reduce((a, b) => a + b, 0) }),
        ),
      ]);
      const e = exact as ReturnType<typeof exactSlotFigures>;
      const sims = parts as Sim[];
      const n = sims.reduce((a, s) => a + s.spins, 0);
      const sum = sims.reduce((a, s) => a + s.sum, 0);
      const sq = sims.reduce((a, s) => a + s.sq, 0);
      const mean = sum / n;
      const se = Math.sqrt((sq / n - mean * mean) / n);
      const declared = STUDIO_SLOT_FIGURES[code]!.rtp;
      const declaredMaxWin = STUDIO_SLOT_FIGURES[code]!.maxWin;
      const exactPct = e.rtp * 100;
      const simPct = mean * 100;
      // As sim:rtp does: within 0.1 point; where the spins cannot resolve 0.1 point (σ above 0.025 point), within
      // 4σ, and the line says so.
      const sePct = se * 100;
      const wide = Math.abs(simPct - exactPct) > 0.1 && sePct > 0.025;
      const ok =
        Math.abs(declared - exactPct) < 0.00005 + 1e-9 &&
        // A cap on a round (Carnival Lines) takes at most rtpAboveCap off the exact figure: still the declared one.
        Math.abs(declared - (exactPct - e.rtpAboveCap * 100)) < 0.00005 + 1e-9 &&
        declaredMaxWin === e.maxWin &&
        (Math.abs(simPct - exactPct) <= 0.1 || (wide && Math.abs(simPct - exactPct) <= 4 * sePct));
      return {
        code,
        declared,
        exact: round(exactPct, 4),
        rtpAboveCapPoints: e.rtpAboveCap * 100,
        simulated: round(simPct, 4),
        diffPoints: round(simPct - exactPct, 4),
        standardErrorPoints: round(se * 100, 4),
        hitFrequency: round(e.hitFrequency, 4),
        simulatedHitFrequency: round(sims.reduce((a, s) => a + s.hits, 0) / n, 4),
        combinations: e.combinations,
        spins: n,
        declaredMaxWin,
        maxWin: e.maxWin,
        maxBaseWin: e.maxBaseWin,
        maxWinSimulated: Math.max(...sims.map((s) => s.max)),
        check: wide ? '4σ (0.1 point not resolvable at this σ)' : '0.1 point',
        ok,
      };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const r of results)
    console.log(
      `${r.ok ? 'ok  ' : 'FAIL'} ${r.code.padEnd(15)} declared ${r.declared.toFixed(4)}%  exact ${r.exact.toFixed(4)}% (${r.combinations.toLocaleString('en')} combinations${r.rtpAboveCapPoints ? `; the cap takes off at most ${r.rtpAboveCapPoints.toExponential(1)} points` : ''})  simulated ${r.simulated.toFixed(4)}% (${r.diffPoints >= 0 ? '+' : ''}${r.diffPoints.toFixed(4)} points, σ ${r.standardErrorPoints.toFixed(4)}, check ${r.check})  hit ${r.hitFrequency}  max win declared ${r.declaredMaxWin}× exact ${r.maxWin}× (base spin ${r.maxBaseWin}×, simulated ${r.maxWinSimulated}×)`,
    );
  const loadAfter = load();
  console.log(`done in ${seconds.toFixed(1)} s, load ${loadAfter.join(' ')}`);
  console.log(
    JSON.stringify({
      bench: 'sim:slots',
      spinsPerSlot: SPINS,
      seconds: round(seconds),
      load: loadAfter,
      slots: results,
    }),
  );
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

if (isMainThread) await main();
else parentPort!.postMessage(run(workerData as Job));
