import { afterEach, expect, it, vi } from 'vitest';
import type { EventBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import { createClock } from './rounds.clock';
import type { RoundsService } from './rounds.service';

/**
 * The crash beat alone, on fake timers: the lease and the rounds are stand-ins (the clock's database work is
 * proven in rounds.clock.test.ts), so the test sees only when ticks are published.
 */
afterEach(() => {
  vi.useRealTimers();
});

async function ticksOver(ms: number, tickTakes: (n: number) => number, meanwhile?: () => void) {
  vi.useFakeTimers();
  const published: number[] = [];
  let calls = 0;
  let renewals = 0;
  // The lease statement (the only one the clock runs itself): always won.
  const database = {
    db: { execute: async () => ((renewals += 1), { rows: [{ game: 'crash' }] }) },
  } as unknown as Database;
  const rounds = {
    // Nothing due within the longest step.
    advanceDue: async () => Infinity,
    // The n-th tick's read and cash-outs take `tickTakes(n)` ms.
    crashProgress: () =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ roundId: '1', elapsedMs: 0, multiplier: 1 }), tickTakes(calls++)),
      ),
  } as unknown as RoundsService;
  const bus = {
    publish: async (_topic: string, p: { event: string }) => {
      if (p.event === 'crashTick') published.push(performance.now());
    },
  } as unknown as EventBus;
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const clock = createClock({ database, rounds, bus, log, node: 'beat-test' });
  clock.start();
  // The lease is taken by the first step; from the next beat on the node leads crash.
  await vi.advanceTimersByTimeAsync(1_000);
  const from = published.length;
  const renewedBefore = renewals;
  meanwhile?.();
  await vi.advanceTimersByTimeAsync(ms);
  const ticks = published.slice(from);
  const renewed = renewals - renewedBefore;
  // The stop waits for the tick in progress, whose read finishes on the fake clock.
  const stopped = clock.stop({ release: false });
  await vi.advanceTimersByTimeAsync(1_000);
  await stopped;
  return Object.assign(ticks, { renewed });
}

it('publishes crash ticks every 100 ms however long each tick takes', async () => {
  for (const takes of [0, 30, 90]) {
    const ticks = await ticksOver(2_000, () => takes);
    expect(ticks).toHaveLength(20);
    const gaps = ticks.slice(1).map((at, i) => at - ticks[i]!);
    expect(new Set(gaps)).toEqual(new Set([100]));
  }
});

it('after a tick longer than a beat, sends one fresh tick and starts the beat again, never the missed ones', async () => {
  // One tick of the measured second takes 350 ms, the others none.
  const ticks = await ticksOver(1_000, (n) => (n === 12 ? 350 : 0));
  const gaps = ticks.slice(1).map((at, i) => at - ticks[i]!);
  const slow = gaps.indexOf(Math.max(...gaps)) + 1;
  expect(ticks[slow]! - ticks[slow - 1]!).toBeGreaterThanOrEqual(350);
  // Within a beat of the slow one, only the one fresh tick that follows it (three were missed).
  expect(ticks.filter((at) => at > ticks[slow]! && at < ticks[slow]! + 100)).toHaveLength(1);
  // Then every 100 ms from that one.
  expect(new Set(gaps.slice(slow + 1))).toEqual(new Set([100]));
});

it("keeps its beat when the node's wall clock jumps back or forward", async () => {
  for (const jump of [-3_600_000, 3_600_000]) {
    const ticks = await ticksOver(
      1_000,
      () => 5,
      () => vi.setSystemTime(Date.now() + jump),
    );
    expect(ticks).toHaveLength(10);
    // The lease is still renewed once a second.
    expect(ticks.renewed).toBe(1);
  }
});
