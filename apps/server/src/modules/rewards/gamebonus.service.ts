import { type GameBonusAnswer } from '@aposta/contracts';
import { DEFAULT_CURRENCY, mulDiv, toMajor, type Currency } from '@aposta/money';
import { eq, inArray, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus';
import type { Database, Executor } from '../../platform/db';
import type { Settings } from '../settings';
import { creditBonus, totalsFactsDue, type TotalsChangedFact, type WageringTotals } from '../wagering';
import { promoGameBonusState, promoGameBonusUses } from './rewards.tables';

/** First key of the advisory lock that serializes one player's game-bonus changes (the second is the id). */
const GAME_LOCK = 0x6762_6e73;
/** The package group whose deposits the game bonus multiplies (spec: getPrices curreny=EXPPAY). */
export const GAME_BONUS_GROUP = 'EXPPAY';

export interface GameBonusDeps {
  database: Database;
  settings: { all(): Promise<Settings>; allIn(exec: Executor): Promise<Settings> };
  totals(exec: Executor, userId: number, currency?: Currency): Promise<WageringTotals>;
  totalsOfPlayers(
    exec: Executor,
    userIds: number[],
    currency?: Currency,
  ): Promise<Map<number, WageringTotals>>;
  promotionsAllowed(userId: number, exec?: Executor): Promise<boolean>;
  bus: Pick<EventBus, 'publish'>;
}

/** What `payment.credited` tells the game bonus (payments.events.ts). */
export interface CreditedDeposit {
  userId: number;
  orderId: string;
  group?: string | null;
  gift: number;
}

/**
 * Game bonus (Promotions issue, item 5): settled turnover since the player's last EXPPAY bonus (the wagering
 * totals, where a bet and its own cash-out make none) unlocks a multiple of an EXPPAY package's gift
 * (`promo.gameBonusMissions`). A deposit through an EXPPAY package then gets the gift's extra part
 * (gift × (multiple − 1)) as bonus money through the bonus engine, once per order (`gamebonus:<orderId>`), and
 * the missions start again. Each newly unlocked mission is pushed as `userBetAmount` {bouns, amount}: the
 * multiple and how much more betting unlocks the next (0 once the last is reached).
 */
export function createGameBonusService({
  database,
  settings,
  totals,
  totalsOfPlayers,
  promotionsAllowed,
  bus,
}: GameBonusDeps) {
  /** The missions a player's turnover since `base` (the last EXPPAY bonus) unlocked. */
  function reached(missions: Settings['promo.gameBonusMissions'], wagered: number, base: number) {
    const turnover = Math.max(0, wagered - base);
    return { turnover, level: missions.filter((m) => turnover >= m.turnover).length };
  }

  async function progressOf(exec: Executor, userId: number, s: Settings) {
    const missions = s['promo.gameBonusMissions'];
    const [state] = await exec
      .select()
      .from(promoGameBonusState)
      .where(eq(promoGameBonusState.userId, userId));
    const t = await totals(exec, userId, DEFAULT_CURRENCY);
    const { turnover, level } = reached(missions, t.wagered, state?.baseTurnover ?? 0);
    return {
      missions,
      turnover,
      wagered: t.wagered,
      level,
      notified: state?.notified ?? 0,
      multiple: level > 0 ? missions[level - 1]!.multiple : 100,
      next: missions[level] ?? null,
    };
  }

  async function overview(userId: number): Promise<GameBonusAnswer> {
    const s = await settings.all();
    const [p, available] = await Promise.all([progressOf(database.db, userId, s), promotionsAllowed(userId)]);
    return {
      turnover: toMajor(p.turnover),
      bouns: p.multiple / 100,
      next: p.next ? { bouns: p.next.multiple / 100, amount: toMajor(p.next.turnover - p.turnover) } : null,
      missions: p.missions.map((m) => ({
        turnover: toMajor(m.turnover),
        bouns: m.multiple / 100,
        reached: p.turnover >= m.turnover,
      })),
      available,
    };
  }

  const lock = (tx: Executor, userId: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(${GAME_LOCK}, ${userId})`);

  /**
   * Outbox handler of `wagering.totalsChanged`: when the turnover unlocked a mission the player was not told
   * about, pushes the increase-bonus popup (at least once; the `notified` mark keeps it to once per mission).
   */
  async function onTotalsChanged(fact: TotalsChangedFact, tx: Executor): Promise<void> {
    if (fact.currency !== DEFAULT_CURRENCY) return;
    const userId = Number(fact.userId);
    await lock(tx, userId);
    const p = await progressOf(tx, userId, await settings.allIn(tx));
    if (p.level <= p.notified) return;
    await tx
      .insert(promoGameBonusState)
      .values({ userId, notified: p.level })
      .onConflictDoUpdate({ target: promoGameBonusState.userId, set: { notified: p.level } });
    if (!(await promotionsAllowed(userId, tx))) return;
    await bus.publish(
      'bonus.increaseOffered',
      p.next
        ? { userId, bouns: p.next.multiple / 100, amount: p.next.turnover - p.turnover }
        : { userId, bouns: p.multiple / 100, amount: 0 },
    );
  }

  /**
   * The set-based check of `onTotalsChanged` (the outbox's `runsNeeded`): the players of a relay pass with a
   * mission unlocked they were not told about, in two statements, where a run each was a lock and two reads.
   */
  async function pushesDue(facts: TotalsChangedFact[], tx: Executor): Promise<number[]> {
    return totalsFactsDue(facts, async (ids) => {
      const missions = (await settings.allIn(tx))['promo.gameBonusMissions'];
      const figures = await totalsOfPlayers(tx, ids, DEFAULT_CURRENCY);
      const states = await tx
        .select()
        .from(promoGameBonusState)
        .where(inArray(promoGameBonusState.userId, ids));
      const byUser = new Map(states.map((st) => [Number(st.userId), st]));
      return new Set(
        ids.filter((id) => {
          const st = byUser.get(id);
          const { level } = reached(missions, figures.get(id)!.wagered, st?.baseTurnover ?? 0);
          return level > (st?.notified ?? 0);
        }),
      );
    });
  }

  /**
   * Outbox handler of `payment.credited`: an EXPPAY deposit with its gift gets the unlocked multiple, once per
   * order (the uses table's key and the ledger key), and the missions count again from here.
   */
  async function onDepositCredited(deposit: CreditedDeposit, tx: Executor): Promise<void> {
    if (deposit.group !== GAME_BONUS_GROUP || !(deposit.gift > 0)) return;
    const userId = Number(deposit.userId);
    await lock(tx, userId);
    const s = await settings.allIn(tx);
    const p = await progressOf(tx, userId, s);
    if (p.multiple <= 100 || !(await promotionsAllowed(userId, tx))) return;
    const bonus = mulDiv(deposit.gift, p.multiple - 100, 100, 'down');
    const [fresh] = await tx
      .insert(promoGameBonusUses)
      .values({ orderId: deposit.orderId, userId, multiple: p.multiple, turnover: p.turnover, bonus })
      .onConflictDoNothing()
      .returning({ orderId: promoGameBonusUses.orderId });
    if (!fresh) return;
    if (bonus > 0) {
      const { txId } = await creditBonus(
        tx,
        {
          userId,
          amount: bonus,
          idempotencyKey: `gamebonus:${deposit.orderId}`,
          ref: deposit.orderId,
          memo: { promo: 'gamebonus', multiple: p.multiple, turnover: p.turnover },
        },
        s,
      );
      await tx
        .update(promoGameBonusUses)
        .set({ txId })
        .where(eq(promoGameBonusUses.orderId, deposit.orderId));
    }
    await tx
      .insert(promoGameBonusState)
      .values({ userId, baseTurnover: p.wagered, notified: 0 })
      .onConflictDoUpdate({
        target: promoGameBonusState.userId,
        set: { baseTurnover: p.wagered, notified: 0 },
      });
  }

  return { overview, onTotalsChanged, pushesDue, onDepositCredited };
}

export type GameBonusService = ReturnType<typeof createGameBonusService>;
