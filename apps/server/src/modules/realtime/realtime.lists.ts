import { ROUND_LISTS_BEAT_MS, type ServerEventPayloads } from '@aposta/contracts';

export type ListEvent = 'roundBet' | 'roundCashout';
type ListPayload = ServerEventPayloads[ListEvent];

/**
 * How long a node waits after a beat for the other nodes' lists of that beat before it emits what it has.
 * A list later than that (a busy node, a skewed clock) goes out at the next beat.
 */
export const GATHER_MS = 40;

/** Milliseconds from `now` to the next instant of the form k × beat + GATHER_MS (0 when `now` is one). */
export const untilGathered = (now: number, beatMs = ROUND_LISTS_BEAT_MS) =>
  (beatMs - ((((now - GATHER_MS) % beatMs) + beatMs) % beatMs)) % beatMs;

/**
 * A shared round's new bets and cash-outs to this node's watchers: one push per beat and list (event, game,
 * round), whichever nodes took them. Every node publishes its own lists on the beat (the rounds service); without
 * this each watcher got one frame per node per beat, and each frame costs the server one write per socket — the
 * fan-out's bottleneck with thousands of watchers.
 */
export function createListMerger(emit: (event: ListEvent, payload: ListPayload) => void, now = Date.now) {
  const pending = new Map<string, { event: ListEvent; payload: ListPayload }>();
  let timer: NodeJS.Timeout | undefined;
  function flush() {
    timer = undefined;
    const lists = [...pending.values()];
    pending.clear();
    for (const { event, payload } of lists) emit(event, payload);
  }
  return {
    add(event: ListEvent, payload: ListPayload) {
      const key = `${event}:${payload.game}:${payload.roundId}`;
      const list = pending.get(key);
      if (list) list.payload.bets.push(...payload.bets);
      else pending.set(key, { event, payload: { ...payload, bets: [...payload.bets] } });
      timer ??= setTimeout(flush, untilGathered(now()));
    },
    /** A node that stops: its sockets close, and a watcher that reconnects reads the round's lists afresh. */
    stop() {
      clearTimeout(timer);
      pending.clear();
    },
  };
}
