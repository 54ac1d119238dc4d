import {
  ErrorCode,
  packageProblem,
  type OperatorPackage,
  type OperatorPackageCreate,
  type OperatorPackagesAnswer,
  type OperatorPackageUpdate,
  type PackageField,
  type PackageGroup,
  type PricePackage,
  settingsSchema,
} from '@aposta/contracts';
import { scale, toMajor, type Minor } from '@aposta/money';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus';
import { pgCode, pgConstraint, type Database, type Executor } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import { paymentPackages } from './payments.tables';
import type { Config } from '../../config';
import type { SettingsService } from '../settings';

type Seed = { pkgId: number; price: number; gift: number; curreny: PackageGroup; selected?: boolean };

/** An active package as stored (price and gift in minor units), before the wagering is worked out. */
type PackageOffer = Omit<PricePackage, 'price' | 'gift' | 'wager' | 'giftWager'> & {
  price: Minor;
  gift: Minor;
};

const brl = (reais: number) => reais * 100;
const group = (curreny: PackageGroup, first: number, rows: Array<[number, number]>): Seed[] =>
  rows.map(([price, gift], i) => ({ pkgId: first + i, price: brl(price), gift: brl(gift), curreny }));

/**
 * The seeded packages (R$ price, R$ gift). BRL and EXTPAY are the deposit page's grid (100 selected), INSBRL
 * the low-balance game deposit (the app shows the first 4), EXPPAY the increase-bonus popup; BTBRL and FCBRL
 * are gift data the deposit page shows beside the grid (bonus tiers, first-deposit gift), not payable.
 */
export const SEED_PACKAGES: Seed[] = [
  ...group('BRL', 1, [
    [20, 0],
    [30, 0],
    [50, 2],
    [100, 5],
    [200, 12],
    [500, 35],
    [1000, 80],
    [2000, 180],
    [5000, 500],
  ]).map((p) => (p.price === brl(100) ? { ...p, selected: true } : p)),
  ...group('EXTPAY', 20, [
    [10000, 1200],
    [20000, 2600],
  ]),
  ...group('INSBRL', 30, [
    [20, 0],
    [50, 2],
    [100, 5],
    [200, 12],
    [500, 35],
  ]),
  ...group('EXPPAY', 40, [
    [100, 20],
    [300, 75],
    [500, 150],
  ]),
  ...group('BTBRL', 50, [
    [100, 5],
    [500, 35],
    [1000, 80],
  ]),
  ...group('FCBRL', 60, [
    [20, 2],
    [100, 15],
    [500, 100],
  ]),
];

/** Groups a player can pay; BTBRL and FCBRL are display data only. */
const PAYABLE: ReadonlySet<string> = new Set(['BRL', 'EXTPAY', 'INSBRL', 'EXPPAY', '']);

export type PackageRow = typeof paymentPackages.$inferSelect;

/** Operators' new packages get ids from here up, clear of the seeded ones (which keep their fixed ids). */
const FIRST_OPERATOR_PKG_ID = 1000;

/** A refusal of one field of the form: the translated message, and `data.field` to show it beside. */
const refused = (field: PackageField, key: MessageKey, params?: Record<string, number>) =>
  new AppError(ErrorCode.BAD_REQUEST, key, params, { data: { field } });
const stale = () => conflict('staleVersion');
const selectedTaken = (pkgId: number) =>
  new AppError(ErrorCode.CONFLICT, 'packageSelectedTaken', { pkgId }, { data: { field: 'selected' } });

const operatorRow = (r: PackageRow): OperatorPackage => ({
  pkgId: r.pkgId,
  group: r.curreny as PackageGroup,
  price: r.price,
  gift: r.gift,
  sort: r.sort,
  selected: r.selected,
  active: r.active,
  version: r.version,
});

/**
 * How long a node serves the package list from memory. Writes through this service drop it at once; an edit
 * made elsewhere (another node, SQL by hand) shows within this time.
 */
const LIST_CACHE_MS = 5_000;
const ALL = '\0all';
/** The groups are few; a flood of made-up group names is answered from the database, never kept. */
const LIST_CACHE_KEYS = 64;

export function createPackagesService({
  database,
  config,
  settings,
  bus,
}: {
  database: Database;
  config?: Pick<Config, 'jurisdiction'>;
  /** The gift's cap (`deposit.maxGiftPercent`) for operators' writes. */
  settings?: Pick<SettingsService, 'get' | 'all'>;
  /** Operators' writes tell every node to drop its cached lists (`payments.packagesChanged`). */
  bus?: Pick<EventBus, 'publish'>;
}) {
  // The Brazilian profile offers no deposit-linked gift: the list shows none (prePay never grants one either).
  const giftsOffered = config?.jurisdiction !== 'br';
  // Per group: the list (or the query in flight, so a burst of misses makes one query) and when it expires.
  const listCache = new Map<string, { list: Promise<PackageOffer[]>; until: number }>();

  async function query(curreny?: string): Promise<PackageOffer[]> {
    const rows = await database.db
      .select()
      .from(paymentPackages)
      .where(
        curreny === undefined
          ? eq(paymentPackages.active, true)
          : and(eq(paymentPackages.active, true), eq(paymentPackages.curreny, curreny)),
      )
      .orderBy(asc(paymentPackages.sort), asc(paymentPackages.pkgId));
    return rows.map((r) => ({
      pkgId: r.pkgId,
      price: r.price,
      gift: giftsOffered ? r.gift : 0,
      sort: r.sort,
      curreny: r.curreny,
      selected: r.selected,
    }));
  }

  /** A package as players see it: reais, and what it must be wagered under the multiples set now. */
  async function offered(list: Promise<PackageOffer[]>): Promise<PricePackage[]> {
    const [rows, s] = await Promise.all([list, settings ? settings.all() : settingsSchema.parse({})]);
    const deposit = s['wagering.depositMultiplier'];
    const bonus = s['wagering.bonusMultiplier'];
    return rows.map((p) => ({
      ...p,
      price: toMajor(p.price),
      gift: toMajor(p.gift),
      wager: toMajor(scale(p.price, deposit, 'up')),
      giftWager: toMajor(scale(p.gift, bonus, 'up')),
    }));
  }

  async function maxGiftPercent() {
    return settings ? await settings.get('deposit.maxGiftPercent') : 100;
  }

  /** The values' first broken rule, refused with its field. */
  async function check(p: Parameters<typeof packageProblem>[0]) {
    const problem = packageProblem(p, await maxGiftPercent());
    if (problem) throw refused(problem.field, problem.key, problem.params);
  }

  /** Another active, pre-selected package of `group` (only one may be), checked inside the write. */
  async function assertSelectable(tx: Executor, group: string, pkgId: number | null) {
    const [other] = await tx
      .select({ pkgId: paymentPackages.pkgId })
      .from(paymentPackages)
      .where(
        and(
          eq(paymentPackages.curreny, group),
          eq(paymentPackages.selected, true),
          ...(pkgId === null ? [] : [ne(paymentPackages.pkgId, pkgId)]),
        ),
      );
    if (other) throw selectedTaken(other.pkgId);
  }

  /** Two saves that both pre-select a package of one group: the index refuses the second (named as above). */
  async function raced(err: unknown, group: string): Promise<never> {
    if (pgCode(err) !== '23505' || pgConstraint(err) !== 'payment_packages_one_selected') throw err;
    const [other] = await database.db
      .select({ pkgId: paymentPackages.pkgId })
      .from(paymentPackages)
      .where(and(eq(paymentPackages.curreny, group), eq(paymentPackages.selected, true)));
    throw selectedTaken(other?.pkgId ?? 0);
  }

  /** After a committed write: this node's lists at once, the other nodes' through the bus. */
  async function changed() {
    listCache.clear();
    await bus?.publish('payments.packagesChanged', {});
  }

  return {
    /** Inserts the seeded packages that are missing; never changes one an operator edited. */
    async seed() {
      await database.db
        .insert(paymentPackages)
        .values(SEED_PACKAGES.map((p, i) => ({ ...p, sort: i + 1, selected: p.selected ?? false })))
        .onConflictDoNothing();
      listCache.clear();
    },

    /** Active packages, of one group when `curreny` is given, in display order (the getPrices hot read). */
    list(curreny?: string): Promise<PricePackage[]> {
      const key = curreny ?? ALL;
      const hit = listCache.get(key);
      if (hit && hit.until > Date.now()) return offered(hit.list);
      if (!hit && listCache.size >= LIST_CACHE_KEYS) return offered(query(curreny));
      const list = query(curreny);
      listCache.set(key, { list, until: Date.now() + LIST_CACHE_MS });
      // A failed query is not kept.
      list.catch(() => listCache.get(key)?.list === list && listCache.delete(key));
      return offered(list);
    },

    /** Drops the cached lists (after an edit of the packages). */
    invalidate() {
      listCache.clear();
    },

    /** Every package (disabled ones too) for the back office, with what players are offered of the gifts. */
    async operatorList(): Promise<OperatorPackagesAnswer> {
      const rows = await database.db
        .select()
        .from(paymentPackages)
        .orderBy(asc(paymentPackages.curreny), asc(paymentPackages.sort), asc(paymentPackages.pkgId));
      return { list: rows.map(operatorRow), giftsOffered, maxGiftPercent: await maxGiftPercent() };
    },

    /** A new package (ids from 1000 up); at most one pre-selected per group. */
    async create(input: OperatorPackageCreate): Promise<OperatorPackage> {
      await check(input);
      try {
        const row = await database.transaction(async (tx) => {
          // One creation at a time picks the next id (creations are rare; the lock ends with the transaction).
          await tx.execute(sql`select pg_advisory_xact_lock(${0x706b67})`);
          if (input.selected) await assertSelectable(tx, input.group, null);
          const [{ next }] = (await tx
            .select({
              next: sql<number>`greatest(coalesce(max(${paymentPackages.pkgId}), 0) + 1, ${FIRST_OPERATOR_PKG_ID})::int`,
            })
            .from(paymentPackages)) as [{ next: number }];
          const [created] = await tx
            .insert(paymentPackages)
            .values({
              pkgId: Number(next),
              curreny: input.group,
              price: input.price,
              gift: input.gift,
              sort: input.sort,
              selected: input.selected,
              active: input.active,
            })
            .returning();
          return created!;
        });
        await changed();
        return operatorRow(row);
      } catch (err) {
        return raced(err, input.group);
      }
    },

    /**
     * Saves a package if nobody saved it since `version` (409 `staleVersion` otherwise, nothing changed); the
     * row is locked for the check and the write. `active: false` disables it (orders keep naming it).
     */
    async update(
      pkgId: number,
      input: OperatorPackageUpdate,
    ): Promise<{ before: OperatorPackage; after: OperatorPackage }> {
      await check(input);
      let group = '';
      try {
        const result = await database.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(paymentPackages)
            .where(eq(paymentPackages.pkgId, pkgId))
            .for('update');
          if (!before) throw notFound('packageNotFound');
          group = before.curreny;
          if (before.version !== input.version) throw stale();
          if (input.selected) await assertSelectable(tx, before.curreny, pkgId);
          const [after] = await tx
            .update(paymentPackages)
            .set({
              price: input.price,
              gift: input.gift,
              sort: input.sort,
              selected: input.selected,
              active: input.active,
              version: before.version + 1,
            })
            .where(and(eq(paymentPackages.pkgId, pkgId), eq(paymentPackages.version, input.version)))
            .returning();
          if (!after) throw stale();
          return { before: operatorRow(before), after: operatorRow(after) };
        });
        await changed();
        return result;
      } catch (err) {
        return raced(err, group);
      }
    },

    /** A package a player may pay, or null. */
    async payable(pkgId: number): Promise<PackageRow | null> {
      const [row] = await database.db.select().from(paymentPackages).where(eq(paymentPackages.pkgId, pkgId));
      return row && row.active && row.price > 0 && PAYABLE.has(row.curreny) ? row : null;
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;
