import { TxType, type VipAnswer } from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor, type Currency } from '@aposta/money';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor, type Tx } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';
import { playerAccounts, post, reverse } from '../ledger';
import type { Settings } from '../settings';
import { totalsFactsDue, type TotalsChangedFact, type WageringTotals } from '../wagering';
import { vipLevel } from '../wallet';

export interface VipDeps {
  database: Database;
  outbox: Pick<Outbox, 'emit'>;
  settings: { all(): Promise<Settings>; allIn(exec: Executor): Promise<Settings> };
  totals(exec: Executor, userId: number, currency?: Currency): Promise<WageringTotals>;
  totalsOfPlayers(
    exec: Executor,
    userIds: number[],
    currency?: Currency,
  ): Promise<Map<number, WageringTotals>>;
  /** Whether the player may get promotions now (responsible gambling); read inside the handler's transaction. */
  promotionsAllowed(userId: number, exec: Executor): Promise<boolean>;
}

/**
 * VIP (Promotions issue, item 2): the level follows deposits and turnover at once (the wallet's `vipLevel` on
 * the wagering totals, decisions.md "VIP table", every value the `vip.table` setting); reaching a level pays its
 * upgrade reward once, ever (award 14, cash from the promotions account).
 *
 * Paid by the outbox handler of `wagering.totalsChanged`, not in the settlement or deposit path: the reward is
 * its own transaction after the totals commit (a bet or a deposit never waits for it, a failure is retried by
 * the outbox), it reads the totals as they are at delivery (a deposit reversed before then never counts), and
 * two deposits landing at once are two deliveries that meet on the `vip_awards` row (primary key) and the
 * ledger key `vip-upgrade:<user>:<level>`, so the second pays nothing. That row is where a level is reached, once:
 * `vip.levelReached` is written beside it (the level itself is derived from the totals, never stored).
 */
export function createVipService({
  database,
  outbox,
  settings,
  totals,
  totalsOfPlayers,
  promotionsAllowed,
}: VipDeps) {
  /** Pays the rewards of every level reached and not yet paid; claws back those no longer reached. */
  async function onTotalsChanged(fact: TotalsChangedFact, tx: Tx): Promise<void> {
    if (fact.currency !== DEFAULT_CURRENCY) return;
    const userId = Number(fact.userId);
    // One player's deliveries in turn: the advisory lock holds until the transaction ends.
    await tx.execute(sql`select pg_advisory_xact_lock(${0x76697030}::int, ${userId}::int)`);
    const s = await settings.allIn(tx);
    const table = s['vip.table'];
    const t = await totals(tx, userId, DEFAULT_CURRENCY);
    const level = vipLevel(table, t.deposited, t.wagered);
    await clawBack(tx, userId, level);
    if (level === 0 || !(await promotionsAllowed(userId, tx))) return;
    for (let l = 1; l <= level; l++) {
      const amount = table[l]!.reward;
      const [fresh] = await queryRows<{ level: number }>(
        tx,
        sql`insert into vip_awards (user_id, level, amount) values (${userId}, ${l}, ${amount})
            on conflict (user_id, level) do nothing returning level`,
      );
      if (!fresh) continue;
      if (amount <= 0) {
        await outbox.emit(tx, 'vip.levelReached', { userId, level: l, reward: 0, txId: null });
        continue;
      }
      const { txId } = await post(tx, {
        type: TxType.VIP_UPGRADE,
        idempotencyKey: `vip-upgrade:${userId}:${l}`,
        ref: `vip:${l}`,
        memo: { vip: l },
        userId,
        players: [{ userId, kind: 'cash', amount }],
        system: [{ kind: 'promotions', amount: -amount }],
      });
      await tx.execute(sql`update vip_awards set tx_id = ${txId} where user_id = ${userId} and level = ${l}`);
      await outbox.emit(tx, 'vip.levelReached', { userId, level: l, reward: amount, txId });
    }
  }

  /**
   * The set-based check of `onTotalsChanged` (the outbox's `runsNeeded`): of a relay pass's players, those with a
   * level reached and not yet recorded, or a paid level no longer reached; for everyone else a run changes
   * nothing. Two statements for the pass, where a run each was a lock and four reads.
   */
  async function upgradesDue(facts: TotalsChangedFact[], tx: Executor): Promise<number[]> {
    return totalsFactsDue(facts, async (ids) => {
      const table = (await settings.allIn(tx))['vip.table'];
      const figures = await totalsOfPlayers(tx, ids, DEFAULT_CURRENCY);
      const awards = await queryRows<{ user_id: string; recorded: number[]; paid_top: number }>(
        tx,
        sql`select user_id, array_agg(level) as recorded,
                   coalesce(max(level) filter (where tx_id is not null and clawed_tx_id is null), 0) as paid_top
              from vip_awards where user_id = any(${`{${ids.join(',')}}`}::bigint[]) group by user_id`,
      );
      const byUser = new Map(awards.map((a) => [Number(a.user_id), a]));
      return new Set(
        ids.filter((id) => {
          const t = figures.get(id)!;
          const level = vipLevel(table, t.deposited, t.wagered);
          const a = byUser.get(id);
          const recorded = (a?.recorded ?? []).filter((l) => l <= level).length;
          return recorded < level || (a?.paid_top ?? 0) > level;
        }),
      );
    });
  }

  /**
   * A level no longer reached (its deposits reversed): its reward is taken back while the player still has it
   * in cash; otherwise it stays (never paid again) for the operator to settle.
   */
  async function clawBack(tx: Executor, userId: number, level: number) {
    const paid = await queryRows<{ level: number; amount: string; tx_id: string }>(
      tx,
      sql`select level, amount, tx_id from vip_awards where user_id = ${userId} and level > ${level}
          and tx_id is not null and clawed_tx_id is null order by level desc`,
    );
    for (const award of paid) {
      const cash = (await playerAccounts(tx, userId)).find(
        (a) => a.kind === 'cash' && a.currency === DEFAULT_CURRENCY,
      );
      if ((cash?.available ?? 0) < Number(award.amount)) continue;
      const { txId } = await reverse(tx, {
        txId: Number(award.tx_id),
        idempotencyKey: `vip-clawback:${userId}:${award.level}`,
      });
      await tx.execute(
        sql`update vip_awards set clawed_tx_id = ${txId} where user_id = ${userId} and level = ${award.level}`,
      );
    }
  }

  /** The VIP screen: every level, what it gives, the player's level and progress to the next. */
  async function overview(userId: number): Promise<VipAnswer> {
    const s = await settings.all();
    const table = s['vip.table'];
    const t = await totals(database.db, userId, DEFAULT_CURRENCY);
    const level = vipLevel(table, t.deposited, t.wagered);
    const rewarded = new Set(
      (
        await queryRows<{ level: number }>(
          database.db,
          sql`select level from vip_awards where user_id = ${userId} and tx_id is not null and clawed_tx_id is null`,
        )
      ).map((r) => Number(r.level)),
    );
    const next = level + 1 < table.length ? level + 1 : null;
    const needPay = next === null ? 0 : table[next]!.paySum;
    const needGame = next === null ? 0 : (table[level]!.gameSum ?? 0);
    const share = (have: number, need: number) => (need <= 0 ? 1 : Math.min(1, have / need));
    return {
      level,
      levels: table.map((row, l) => ({
        level: l,
        reward: toMajor(row.reward),
        paySum: toMajor(row.paySum),
        gameSum: row.gameSum === null ? null : toMajor(row.gameSum),
        withdrawalsPerDay: row.withdrawalsPerDay,
        withdrawFee: row.withdrawFeeBp / 10_000,
        rewarded: rewarded.has(l),
      })),
      progress: {
        paySum: toMajor(t.deposited),
        gameSum: toMajor(t.wagered),
        next,
        needPaySum: toMajor(needPay),
        needGameSum: toMajor(needGame),
        pay: share(t.deposited, needPay),
        game: share(t.wagered, needGame),
      },
    };
  }

  return { onTotalsChanged, upgradesDue, overview };
}

export type VipService = ReturnType<typeof createVipService>;
