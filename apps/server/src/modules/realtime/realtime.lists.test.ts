import { ROUND_LISTS_BEAT_MS, type RoundPublicBet } from '@aposta/contracts';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createListMerger, GATHER_MS, untilGathered, type ListEvent } from './realtime.lists';

const BEAT = ROUND_LISTS_BEAT_MS;
let ids = 0;
const bet = (player: string): RoundPublicBet => ({
  id: String(++ids),
  player,
  amount: 1,
  pick: 'red',
  cashout: null,
  payout: 0,
});

beforeEach(() => {
  vi.useFakeTimers();
  // A beat's boundary.
  vi.setSystemTime(BEAT * 4_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

function merger() {
  const emitted: { event: ListEvent; roundId: string; players: string[]; at: number }[] = [];
  const m = createListMerger((event, p) =>
    emitted.push({ event, roundId: p.roundId, players: p.bets.map((b) => b.player), at: Date.now() % BEAT }),
  );
  return { m, emitted };
}

it('waits from any instant to the next beat plus the gathering time', () => {
  expect(untilGathered(BEAT * 10)).toBe(GATHER_MS);
  expect(untilGathered(BEAT * 10 + GATHER_MS)).toBe(0);
  expect(untilGathered(BEAT * 10 + GATHER_MS + 1)).toBe(BEAT - 1);
  expect(untilGathered(BEAT * 10 + BEAT - 1)).toBe(GATHER_MS + 1);
});

it('emits one push per beat and list, however many nodes sent lists in that beat', async () => {
  const { m, emitted } = merger();
  // Two nodes' lists of the same beat, and a cash-out list.
  await vi.advanceTimersByTimeAsync(5);
  m.add('roundBet', { game: 'double', roundId: '7', bets: [bet('a'), bet('b')] });
  await vi.advanceTimersByTimeAsync(15);
  m.add('roundBet', { game: 'double', roundId: '7', bets: [bet('c')] });
  m.add('roundCashout', { game: 'crash', roundId: '9', bets: [bet('d')] });
  await vi.advanceTimersByTimeAsync(GATHER_MS - 20 - 1);
  expect(emitted).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(emitted).toEqual([
    { event: 'roundBet', roundId: '7', players: ['a', 'b', 'c'], at: GATHER_MS },
    { event: 'roundCashout', roundId: '9', players: ['d'], at: GATHER_MS },
  ]);
  // A late list (a busy node) and the next round's: the next beat, apart.
  await vi.advanceTimersByTimeAsync(10);
  m.add('roundBet', { game: 'double', roundId: '7', bets: [bet('e')] });
  m.add('roundBet', { game: 'double', roundId: '8', bets: [bet('f')] });
  await vi.advanceTimersByTimeAsync(BEAT);
  expect(emitted.slice(2)).toEqual([
    { event: 'roundBet', roundId: '7', players: ['e'], at: GATHER_MS },
    { event: 'roundBet', roundId: '8', players: ['f'], at: GATHER_MS },
  ]);
});

it('keeps each list it was given as it was (the bus may hand the same payload to others)', async () => {
  const { m } = merger();
  const first = { game: 'double' as const, roundId: '7', bets: [bet('a')] };
  m.add('roundBet', first);
  m.add('roundBet', { game: 'double', roundId: '7', bets: [bet('b')] });
  expect(first.bets.map((b) => b.player)).toEqual(['a']);
});

it('emits nothing gathered once stopped', async () => {
  const { m, emitted } = merger();
  m.add('roundBet', { game: 'double', roundId: '7', bets: [bet('a')] });
  m.stop();
  await vi.advanceTimersByTimeAsync(BEAT * 2);
  expect(emitted).toEqual([]);
});
