import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BusEvents, BusTopic, EventBus } from './bus';
import { afterCommit, pgCode, savepoint, type Database, type Executor, type Tx } from './db';
import { outboxDeliveries, outboxEvents, outboxHandlers } from './outbox.tables';

/**
 * Durable domain events (transactional outbox). `emit(tx, topic, payload)` writes the event in the
 * caller's transaction, so it exists exactly when the change it describes does. After the commit a relay
 * on every node delivers it at least once to each handler registered for its topic; a handler runs in the
 * transaction that marks its delivery done (a set-based handler's usually in the one that fans the event out),
 * so its database effects happen exactly once (effects outside the database, like bus pushes, at least once).
 *
 * Each module declares the payloads of its own events by augmenting `OutboxEvents`:
 *
 *   declare module '../../platform/outbox' {
 *     interface OutboxEvents { 'payment.credited': { userId: number; orderId: string } }
 *   }
 *
 * Events may also be inserted by SQL (`insert into outbox_events (topic, payload) values (…)`); those reach
 * the non-inline handlers like any other.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each module's augmentation
export interface OutboxEvents {}

export type OutboxTopic = keyof OutboxEvents & string;

export interface DeliveryMeta {
  eventId: number;
  topic: string;
  /** 1 on the first delivery, more on retries. */
  attempt: number;
  createdAt: Date;
}

export type OutboxHandler<T extends OutboxTopic> = (
  payload: OutboxEvents[T],
  tx: Tx,
  meta: DeliveryMeta,
) => Promise<void>;

export interface HandlerOptions {
  /**
   * Runs inside the emitter's transaction, before `emit` returns, for effects that must be atomic with the
   * change (a failure rolls the change back). Events inserted by SQL never reach inline handlers.
   */
  inline?: boolean;
  /**
   * The handler reads the state it acts on at delivery and uses nothing of the event but its payload's key
   * (e.g. `wagering.totalsChanged`, "this player's totals moved"): one run covers every pending delivery
   * with an equal payload, which are marked done with it. A player betting many times a second then costs
   * the handler one run per relay pass, not one per bet.
   */
  coalesce?: boolean;
}

/**
 * A handler's set-based path: applies, in the one transaction `tx`, what it can of `payloads` (a relay pass's
 * deliveries of the handler, oldest first) in a few statements, and answers the indexes of those it left to the
 * handler itself, which then runs for each of them, in order, in the same transaction. It must leave every
 * payload whose effect depends on the order of another one it applies (a player's facts all or none).
 */
export type ManyHandler<T extends OutboxTopic> = (
  payloads: OutboxEvents[T][],
  tx: Tx,
  /** Each payload's event's `createdAt` (the time of the change it describes). */
  createdAt: Date[],
) => Promise<number[]>;

/**
 * A coalescing handler's set-based check: of a pass's distinct payloads, the indexes of those whose run could
 * change something, read for all of them in a few statements; the others are marked done without a run. A pass
 * then costs the handler those statements and the runs that act, not a run (a lock and its reads) per player:
 * thousands of players betting at once would otherwise make each pass thousands of runs, and delay every
 * delivery behind it. It reads without the handler's locks, which is safe for a handler that reads the state
 * at delivery: a run left out is one that would have found nothing to do then, and a later change is a later
 * event.
 */
export type RunsNeeded<T extends OutboxTopic> = (payloads: OutboxEvents[T][], tx: Tx) => Promise<number[]>;

export interface OutboxDelivery {
  eventId: number;
  topic: string;
  handler: string;
  attempts: number;
  lastError: string | null;
  nextAt: Date;
  createdAt: Date;
}

export interface Outbox {
  emit<T extends OutboxTopic>(tx: Tx, topic: T, payload: OutboxEvents[T]): Promise<void>;
  on<T extends OutboxTopic>(
    topic: T,
    handlerName: string,
    handler: OutboxHandler<T>,
    options?: HandlerOptions & { many?: ManyHandler<T>; runsNeeded?: RunsNeeded<T> },
  ): void;
  /** Subscribes this node's handlers and starts the relay (unless paused by OUTBOX_RELAY=paused). */
  start(): Promise<void>;
  /** Stops the relay after the pass in progress. */
  stop(): Promise<void>;
  /** One relay pass now: fan out, then lease what is due (up to 100) and deliver it. Answers the deliveries done. */
  relayOnce(): Promise<number>;
  /** Deliveries that failed at least once and are not done yet, oldest first (for operators). */
  failing(limit?: number): Promise<OutboxDelivery[]>;
  /** Undelivered work: events waiting for fan-out and deliveries not done. */
  backlog(): Promise<{ undispatched: number; undelivered: number }>;
  /** Deletes events older than `days` whose every delivery is done. Answers how many. */
  prune(days: number): Promise<number>;
}

/** The relays of this process (an app, or several in tests): a commit that wrote events nudges them. */
const relays = new Set<() => void>();

/**
 * `emit` for code that has a transaction but not the outbox (free functions such as the wagering module's
 * `recordCredit`): the same typed row, written in `tx`, and this process's relays nudged once it commits.
 * Inline handlers do not run (as for events inserted by SQL).
 */
export async function emitFact<T extends OutboxTopic>(
  tx: Executor,
  topic: T,
  payload: OutboxEvents[T],
): Promise<void> {
  await tx.insert(outboxEvents).values({ topic, payload });
  afterCommit(nudgeRelays);
}

function nudgeRelays() {
  for (const kick of relays) kick();
}

/**
 * A handler's push (a bus event, say `balance.changed`): published once its delivery commits, never for a
 * delivery rolled back. A delivery is marked done in its own transaction, so one retried after a failure or
 * a crash before its commit pushes once, not again; a crash between the commit and the push loses that push
 * (harmless: the gateway's figures are a fresh read, shown by the next change or read).
 */
export function pushAfterDelivery<T extends BusTopic>(bus: EventBus, topic: T, payload: BusEvents[T]) {
  afterCommit(() => {
    bus.publish(topic, payload).catch(() => {
      /* a lost push is harmless (above) */
    });
  });
}

/**
 * Registers a handler whose one effect is the figures push (`balance.changed`) of the players of the event:
 * `usersOf(payload)`, by default its `userId`.
 */
export function pushFiguresOn<T extends OutboxTopic>(
  outbox: Pick<Outbox, 'on'>,
  bus: EventBus,
  topic: T,
  handlerName: string,
  usersOf: (payload: OutboxEvents[T]) => number[] = (p) => [(p as { userId: number }).userId],
) {
  outbox.on(topic, handlerName, async (payload) => {
    for (const userId of usersOf(payload)) pushAfterDelivery(bus, 'balance.changed', { userId });
  });
}

interface Registered {
  topic: string;
  name: string;
  handler: (payload: unknown, tx: Tx, meta: DeliveryMeta) => Promise<void>;
  inline: boolean;
  coalesce: boolean;
  many: ((payloads: unknown[], tx: Tx, createdAt: Date[]) => Promise<number[]>) | null;
  runsNeeded: ((payloads: unknown[], tx: Tx) => Promise<number[]>) | null;
}

const FAN_OUT_BATCH = 200;
/** Deliveries per relay pass, so one pass never holds the loop for long; the next pass follows at once. */
const DELIVERIES_PER_PASS = 500;
/** How long a lease keeps a pass's deliveries from other nodes: far longer than a pass takes. */
const LEASE_SECONDS = 15;
const MAX_BACKOFF_SECONDS = 600;

/** Seconds before the next attempt after `attempts` failures: 1, 2, 4 … capped at 10 minutes. */
export const backoffSeconds = (attempts: number) =>
  Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.max(0, attempts - 1));

export function createOutbox({
  database,
  log,
  relay = 'on',
  pollMs = 1_000,
}: {
  database: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>;
  relay?: 'on' | 'paused';
  pollMs?: number;
}): Outbox {
  const handlers = new Map<string, Registered>();
  const byTopic = new Map<string, Registered[]>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const registered = (topic: string, inline: boolean) =>
    (byTopic.get(topic) ?? []).filter((h) => h.inline === inline);

  /**
   * Fans out a batch of events not yet fanned out (claimed with SKIP LOCKED: one node each). This node's
   * set-based handlers (`many`) take their events at once, in this transaction, each in a savepoint: such a
   * delivery never needs a row of its own (a row inserted, leased and marked done was three row versions and
   * four statements per event and handler, the relay's largest cost under a stream of bets). The other handlers,
   * and a set-based one whose savepoint failed (a lock it gave way on, a bug), get their deliveries as rows,
   * delivered by the lease (`deliverGroup`, then one by one). Set-based handlers ran first in a pass already,
   * before the plain and coalescing ones, so the order in which handlers see a pass's facts is unchanged.
   * Answers the events fanned out and the deliveries made.
   */
  async function fanOut(): Promise<{ events: number; done: number }> {
    let direct: Claimed[] = [];
    const fanned = await database.transaction(async (tx) => {
      direct = [];
      const events = await tx
        .select({
          id: outboxEvents.id,
          topic: outboxEvents.topic,
          payload: outboxEvents.payload,
          createdAt: outboxEvents.createdAt,
        })
        .from(outboxEvents)
        .where(isNull(outboxEvents.dispatchedAt))
        .orderBy(asc(outboxEvents.id))
        .limit(FAN_OUT_BATCH)
        .for('update', { skipLocked: true });
      if (!events.length) return 0;
      // One array parameter, not a list of 200: cheaper to build here and to parse there.
      const ids = sql`${`{${events.map((e) => e.id).join(',')}}`}::bigint[]`;
      /** Deliveries as rows, to every handler any node registered for the topic, not just this node's. */
      const insertDeliveries = (exec: Tx, handlersIn: 'all but' | 'only', names: string[]) =>
        exec.execute(sql`
          insert into outbox_deliveries (event_id, handler)
          select e.id, h.handler from outbox_events e join outbox_handlers h on h.topic = e.topic
           where e.id = any(${ids})
             and (h.handler = any(${`{${names.join(',')}}`}::text[])) = ${handlersIn === 'only'}
          on conflict do nothing`);
      const mine = [...handlers.values()].filter((h) => events.some((e) => e.topic === h.topic));
      const setBased = mine.filter((h) => h.many);
      const coalescing = mine.filter((h) => h.coalesce);
      // The bookkeeping first and the set-based handlers last, just before the commit: they lock players' rows
      // (their day's figures) that bets write too, and a bet waits for them until this transaction ends.
      await tx
        .update(outboxEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(sql`${outboxEvents.id} = any(${ids})`);
      await insertDeliveries(
        tx,
        'all but',
        [...setBased, ...coalescing].map((h) => h.name),
      );
      // A coalescing handler's run reads the state at delivery, so one delivery per distinct payload is enough:
      // an event gets none when the batch has an older twin, or when a pending delivery with its payload is
      // due and not being delivered (locked here, so it is claimed after this commit: its run then reads this
      // event's change, which committed before this batch was read). A leased one may be running: no cover.
      // The delivery keeps the payload, and twins are probed by it, one payload at a time (LATERAL), whatever
      // the planner believes of the backlog's size.
      for (const h of coalescing)
        await tx.execute(sql`
          with batch as (select e.id, e.payload from outbox_events e where e.id = any(${ids}) and e.topic = ${h.topic}),
          covering as (
            select twin.payload from (select distinct payload from batch) w
             cross join lateral (
               select p.payload from outbox_deliveries p
                where p.handler = ${h.name} and p.payload = w.payload and p.done_at is null and p.next_at <= now()
                for update skip locked) twin)
          insert into outbox_deliveries (event_id, handler, payload)
          select distinct on (b.payload) b.id, ${h.name}, b.payload from batch b
           where b.payload not in (select payload from covering)
           order by b.payload, b.id
          on conflict do nothing`);
      if (!setBased.length) return events.length;
      // As in `deliverGroup`: the batch holds many players' rows, so it gives way on a lock at once.
      await tx.execute(sql`set local lock_timeout = '50ms'`);
      for (const h of setBased) {
        const rows = events
          .filter((e) => e.topic === h.topic)
          .map((e) => ({ ...e, eventId: e.id, handler: h.name, attempts: 0 }));
        try {
          await savepoint(tx, (sp) => applyMany(h, rows, sp));
          direct.push(...rows);
        } catch (err) {
          logGroupFailure(err, h);
          await insertDeliveries(tx, 'only', [h.name]);
        }
      }
      return events.length;
    });
    direct.forEach(logDelivered);
    return { events: fanned, done: direct.length };
  }

  /**
   * Leases up to a pass's worth of due deliveries of this node's handlers, oldest first (`outbox_lease`: one
   * short statement; the rows are not due again for LEASE_SECONDS, so other nodes take others). A node that
   * dies holding a lease leaves its rows to the others once it runs out. Coalescing handlers, which read the
   * state at delivery, come last: they then read it after the lease's facts are applied (a VIP level is read
   * after the reversal of a deposit in the same lease, never before it, so no reward is paid and taken back).
   */
  async function lease(): Promise<{ eventId: number; handler: string }[]> {
    const names = [...handlers.values()].filter((h) => !h.inline).map((h) => h.name);
    if (!names.length) return [];
    const { rows } = await database.executeSql(
      'select event_id, handler, due_at from outbox_lease($1::text[], $2, $3)',
      [names, DELIVERIES_PER_PASS, LEASE_SECONDS],
    );
    return rows
      .map((r) => ({
        eventId: Number(r.event_id),
        handler: String(r.handler),
        dueAt: new Date(r.due_at as string),
        last: handlers.get(String(r.handler))!.coalesce ? 1 : 0,
      }))
      .sort((a, b) => a.last - b.last || a.dueAt.getTime() - b.dueAt.getTime() || a.eventId - b.eventId);
  }

  /**
   * The deliveries of `handler` among `eventIds` not done yet, locked, oldest first, with their events. `skip`
   * passes over a row another transaction holds (SKIP LOCKED); `wait` waits for it (under the transaction's
   * lock timeout), then finds it done if that was a delivery.
   */
  const claim = (tx: Tx, handler: string, eventIds: number[], locked: 'skip' | 'wait') =>
    tx
      .select({
        eventId: outboxDeliveries.eventId,
        handler: outboxDeliveries.handler,
        attempts: outboxDeliveries.attempts,
        topic: outboxEvents.topic,
        payload: outboxEvents.payload,
        createdAt: outboxEvents.createdAt,
      })
      .from(outboxDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
      .where(
        and(
          eq(outboxDeliveries.handler, handler),
          inArray(outboxDeliveries.eventId, eventIds),
          isNull(outboxDeliveries.doneAt),
        ),
      )
      .orderBy(asc(outboxDeliveries.eventId))
      .for(
        'update',
        locked === 'skip' ? { of: outboxDeliveries, skipLocked: true } : { of: outboxDeliveries },
      );

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /** Runs a claimed delivery's handler in `tx`. */
  const run = (h: Registered, row: Claimed, tx: Tx) =>
    h.handler(row.payload, tx, {
      eventId: row.eventId,
      topic: row.topic,
      attempt: row.attempts + 1,
      createdAt: row.createdAt,
    });

  /** Marks claimed deliveries of `handler` done (in the transaction that ran them). */
  const markDone = (tx: Tx, handler: string, rows: Claimed[]) =>
    tx
      .update(outboxDeliveries)
      .set({ doneAt: sql`now()`, attempts: sql`${outboxDeliveries.attempts} + 1`, lastError: null })
      .where(
        and(
          eq(outboxDeliveries.handler, handler),
          inArray(
            outboxDeliveries.eventId,
            rows.map((r) => r.eventId),
          ),
        ),
      );

  /** A set-based handler's path on `rows` in `tx`: its `many`, then the handler itself for those it left. */
  async function applyMany(h: Registered, rows: Claimed[], tx: Tx) {
    for (const i of await h.many!(
      rows.map((r) => r.payload),
      tx,
      rows.map((r) => r.createdAt),
    ))
      await run(h, rows[i]!, tx);
  }

  /** A grouped delivery that failed, whose deliveries go one by one instead. */
  function logGroupFailure(err: unknown, h: Registered) {
    // Giving way on a lock (55P03, the lock timeout) is expected under load; anything else is worth a look.
    const level = pgCode(err) === '55P03' ? 'debug' : 'warn';
    log[level]({ err, handler: h.name }, 'outbox: a grouped delivery failed; delivering one by one');
  }

  /** After the commit: the crash test counts these lines (one per delivery, across restarts). */
  const logDelivered = (row: Claimed) =>
    log.debug(
      { eventId: row.eventId, topic: row.topic, handler: row.handler, pid: process.pid },
      'outbox delivered',
    );

  /**
   * Delivers one leased delivery: its row is locked and still not done (another node may have finished it, or
   * a coalescing run covered it), the handler runs in the same transaction, and the row is marked done in it.
   * A failure rolls the handler's work back and schedules the next attempt with backoff. Answers whether it ran
   * the handler (false: nothing left to do, or the row stayed held by another node: it waits for this lease to
   * run out).
   */
  async function deliver(leased: { eventId: number; handler: string }): Promise<boolean> {
    let claimed: { eventId: number; handler: string; attempts: number } | undefined;
    try {
      return await database
        .transaction(async (tx) => {
          let [row] = await claim(tx, leased.handler, [leased.eventId], 'skip');
          if (!row) {
            // Held by another transaction: a node whose lease ran out may be delivering it, or, for a moment,
            // another node's lease statement (a locking scan keeps a row it then finds not due locked until the
            // statement ends). Skipped, it waited for this lease to run out (seen: a delivery 15 s late); so
            // wait a little for the lock instead. A row not held or done costs nothing more than the first read.
            await tx.execute(sql`set local lock_timeout = '1s'`);
            [row] = await claim(tx, leased.handler, [leased.eventId], 'wait');
            if (!row) return null;
            await tx.execute(sql`set local lock_timeout to default`);
          }
          claimed = row;
          const h = handlers.get(row.handler)!;
          // Before the handler runs, never after: an event seen here has committed, so the handler's reads
          // that follow see its change; one committing later stays pending for the next run.
          if (h.coalesce) await coalesce(tx, h.name, [row.eventId]);
          await run(h, row, tx);
          await markDone(tx, h.name, [row]);
          return row;
        })
        .then((row) => {
          if (!row) return false;
          logDelivered(row);
          return true;
        });
    } catch (err) {
      if (!claimed) {
        // Still held after the wait: the node on it delivers it, or this lease runs out and it is due again.
        if (pgCode(err) === '55P03') return false;
        throw err;
      }
      const attempts = claimed.attempts + 1;
      log.warn(
        { err, eventId: claimed.eventId, handler: claimed.handler, attempts },
        'outbox delivery failed; retrying with backoff',
      );
      await database.db
        .update(outboxDeliveries)
        .set({
          attempts,
          lastError: String((err as Error)?.message ?? err).slice(0, 2_000),
          nextAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
        })
        .where(
          and(
            eq(outboxDeliveries.eventId, claimed.eventId),
            eq(outboxDeliveries.handler, claimed.handler),
            isNull(outboxDeliveries.doneAt),
          ),
        );
      return true;
    }
  }

  /**
   * Delivers a pass's leased deliveries of one handler in one transaction: their rows locked (still not done),
   * then
   * - a set-based path (`many`): applied to their payloads, the handler itself run for those it left, all
   *   marked done;
   * - a coalescing handler: one run per distinct payload (its first delivery), which covers every pending
   *   delivery of the handler with that payload (one statement for all of them, where delivering one by one
   *   scanned the handler's backlog once per delivery).
   * If anything fails, the deliveries are delivered one by one (`deliver`), so only the one that fails waits
   * for its retry. Answers how many it delivered (a coalescing handler's twins, covered by a run, do not count).
   */
  async function deliverGroup(h: Registered, group: { eventId: number }[]): Promise<number> {
    try {
      const delivered = await database.transaction(async (tx) => {
        // This transaction holds the rows of many players (their day's figures, their totals) at once, unlike
        // a delivery alone: a bet's batch taking those players' rows in another order would deadlock with it,
        // and wait a second to be told. The relay gives way at once instead and delivers these one by one.
        await tx.execute(sql`set local lock_timeout = '50ms'`);
        // Waiting for a held row (under the lock timeout) as `deliver` does: skipped, it waited for the lease
        // to run out; still held at the timeout, the group goes one by one.
        const rows = await claim(
          tx,
          h.name,
          group.map((d) => d.eventId),
          'wait',
        );
        if (!rows.length) return rows;
        if (h.coalesce) {
          const seen = new Set<string>();
          const firsts = rows.filter((r) => {
            const key = JSON.stringify(r.payload);
            return !seen.has(key) && seen.add(key);
          });
          // Before the runs, as in `deliver`: an event seen here has committed, so the runs' reads see it.
          await coalesce(
            tx,
            h.name,
            firsts.map((r) => r.eventId),
          );
          const runs = h.runsNeeded
            ? (
                await h.runsNeeded(
                  firsts.map((r) => r.payload),
                  tx,
                )
              ).map((i) => firsts[i]!)
            : firsts;
          for (const row of runs) await run(h, row, tx);
          await markDone(tx, h.name, firsts);
          return firsts;
        }
        await applyMany(h, rows, tx);
        await markDone(tx, h.name, rows);
        return rows;
      });
      delivered.forEach(logDelivered);
      return delivered.length;
    } catch (err) {
      logGroupFailure(err, h);
      let done = 0;
      for (const d of group) if (await deliver({ eventId: d.eventId, handler: h.name })) done++;
      return done;
    }
  }

  /**
   * Marks done, with the deliveries `eventIds` of `handler`, every pending delivery of the handler whose payload
   * equals one of theirs: probed by payload (the fan-out's way), so a pass costs its own payloads, not the
   * handler's whole backlog each (seen: 0.6–1.5 s a statement with 4,700 pending, a burst of 5,000 players).
   * A delivery made without its payload (by a node that did not know the handler) is delivered on its own.
   */
  async function coalesce(tx: Tx, handler: string, eventIds: number[]) {
    const ids = `{${eventIds.join(',')}}`;
    await tx.execute(sql`
      update outbox_deliveries d set done_at = now(), attempts = d.attempts + 1, last_error = null
        from (select twin.event_id
                from (select distinct payload from outbox_events where id = any(${ids}::bigint[])) w
               cross join lateral (
                 select p.event_id from outbox_deliveries p
                  where p.handler = ${handler} and p.payload = w.payload and p.done_at is null
                    and p.event_id <> all(${ids}::bigint[])
                  for update skip locked) twin) same
       where d.event_id = same.event_id and d.handler = ${handler}`);
  }

  /** Records this node's handlers (once), so every node's fan-out includes them. */
  let subscribed: Promise<void> | null = null;
  function subscribe() {
    subscribed ??= (async () => {
      const rows = [...handlers.values()]
        .filter((h) => !h.inline)
        .map((h) => ({ handler: h.name, topic: h.topic }));
      if (!rows.length) return;
      await database.db
        .insert(outboxHandlers)
        .values(rows)
        .onConflictDoUpdate({
          target: outboxHandlers.handler,
          set: { topic: sql`excluded.topic`, registeredAt: sql`now()` },
        });
    })().catch((err: unknown) => {
      subscribed = null;
      throw err;
    });
    return subscribed;
  }

  /**
   * Fans out (delivering the set-based handlers' events on the way), then delivers one lease; answers how many it
   * leased and how many it delivered.
   */
  async function pass(): Promise<{ leased: number; done: number }> {
    await subscribe();
    let done = 0;
    for (;;) {
      const fanned = await fanOut();
      done += fanned.done;
      if (fanned.events < FAN_OUT_BATCH) break;
    }
    const leased = await lease();
    // Of a lease (retries, and what fan-out left), handlers with a set-based path take their deliveries in one
    // transaction each, first; then the plain ones one by one in the lease's order; coalescing ones last, one
    // transaction each (they read the state after the others' facts are applied). Each handler's own deliveries
    // keep their order either way.
    const groups = new Map<Registered, { eventId: number }[]>();
    for (const delivery of leased) {
      const h = handlers.get(delivery.handler)!;
      if (!h.many && !h.coalesce) continue;
      const group = groups.get(h);
      if (group) group.push(delivery);
      else groups.set(h, [delivery]);
    }
    for (const [h, group] of groups) if (h.many) done += await deliverGroup(h, group);
    for (const delivery of leased) {
      const h = handlers.get(delivery.handler)!;
      if (!h.many && !h.coalesce && (await deliver(delivery))) done++;
    }
    for (const [h, group] of groups) if (h.coalesce) done += await deliverGroup(h, group);
    return { leased: leased.length, done };
  }

  /** One pass at a time per node; a nudge during a pass runs another right after it. */
  function kick() {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          if ((await pass()).leased >= DELIVERIES_PER_PASS) again = true;
        } catch (err) {
          log.error({ err }, 'outbox relay pass failed');
        }
      } while (again && started);
    })().finally(() => {
      running = null;
    });
  }

  function poll() {
    timer = setTimeout(() => {
      kick();
      poll();
    }, pollMs);
    timer.unref();
  }

  return {
    async emit(tx, topic, payload) {
      const [event] = await tx
        .insert(outboxEvents)
        .values({ topic, payload })
        .returning({ id: outboxEvents.id, createdAt: outboxEvents.createdAt });
      for (const h of registered(topic, true)) {
        await h.handler(payload, tx, { eventId: event!.id, topic, attempt: 1, createdAt: event!.createdAt });
      }
      // Low latency for realtime pushes: this node relays as soon as the change commits.
      afterCommit(kick);
    },

    on(topic, handlerName, handler, options = {}) {
      if (handlers.has(handlerName)) throw new Error(`outbox handler ${handlerName} registered twice`);
      if (subscribed) throw new Error('outbox: register handlers before the app is ready');
      if (options.many && (options.inline || options.coalesce))
        throw new Error(`outbox handler ${handlerName}: a set-based path is for plain handlers`);
      if (options.runsNeeded && !options.coalesce)
        throw new Error(`outbox handler ${handlerName}: a set-based check is for coalescing handlers`);
      const h: Registered = {
        topic,
        name: handlerName,
        handler: handler as Registered['handler'],
        inline: options.inline ?? false,
        coalesce: options.coalesce ?? false,
        many: (options.many as Registered['many']) ?? null,
        runsNeeded: (options.runsNeeded as Registered['runsNeeded']) ?? null,
      };
      handlers.set(handlerName, h);
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), h]);
    },

    async start() {
      // Even a paused node subscribes its handlers: events emitted from now on are fanned out to them.
      await subscribe();
      if (started || relay === 'paused') return;
      started = true;
      relays.add(kick);
      kick();
      poll();
    },

    async stop() {
      started = false;
      relays.delete(kick);
      clearTimeout(timer);
      await running;
    },

    relayOnce: async () => (await pass()).done,

    async failing(limit = 100) {
      return database.db
        .select({
          eventId: outboxDeliveries.eventId,
          topic: outboxEvents.topic,
          handler: outboxDeliveries.handler,
          attempts: outboxDeliveries.attempts,
          lastError: outboxDeliveries.lastError,
          nextAt: outboxDeliveries.nextAt,
          createdAt: outboxEvents.createdAt,
        })
        .from(outboxDeliveries)
        .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
        .where(and(isNull(outboxDeliveries.doneAt), gt(outboxDeliveries.attempts, 0)))
        .orderBy(asc(outboxDeliveries.eventId))
        .limit(limit);
    },

    async backlog() {
      const { rows } = await database.executeSql(
        `select (select count(*)::int from outbox_events where dispatched_at is null) as undispatched,
                (select count(*)::int from outbox_deliveries where done_at is null) as undelivered`,
      );
      return { undispatched: Number(rows[0]!.undispatched), undelivered: Number(rows[0]!.undelivered) };
    },

    async prune(days) {
      const { rows } = await database.executeSql(
        `with gone as (
           delete from outbox_events e
            where e.dispatched_at is not null and e.created_at < now() - make_interval(days => $1::int)
              and not exists (select 1 from outbox_deliveries d where d.event_id = e.id and d.done_at is null)
           returning 1)
         select count(*)::int as n from gone`,
        [days],
      );
      return Number(rows[0]!.n);
    },
  };
}
