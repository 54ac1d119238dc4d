import type { PackageGroup, PricePackage } from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { paymentPackages } from './payments.tables';

type Seed = { pkgId: number; price: number; gift: number; curreny: PackageGroup; selected?: boolean };

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

/**
 * How long a node serves the package list from memory. Writes through this service drop it at once; an edit
 * made elsewhere (another node, SQL by hand) shows within this time.
 */
const LIST_CACHE_MS = 5_000;
const ALL = '\0all';
/** The groups are few; a flood of made-up group names is answered from the database, never kept. */
const LIST_CACHE_KEYS = 64;

export function createPackagesService({ database }: { database: Database }) {
  // Per group: the list (or the query in flight, so a burst of misses makes one query) and when it expires.
  const listCache = new Map<string, { list: Promise<PricePackage[]>; until: number }>();

  async function query(curreny?: string): Promise<PricePackage[]> {
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
      price: toMajor(r.price),
      gift: toMajor(r.gift),
      sort: r.sort,
      curreny: r.curreny,
      selected: r.selected,
    }));
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
      if (hit && hit.until > Date.now()) return hit.list;
      if (!hit && listCache.size >= LIST_CACHE_KEYS) return query(curreny);
      const list = query(curreny);
      listCache.set(key, { list, until: Date.now() + LIST_CACHE_MS });
      // A failed query is not kept.
      list.catch(() => listCache.get(key)?.list === list && listCache.delete(key));
      return list;
    },

    /** Drops the cached lists (after an edit of the packages). */
    invalidate() {
      listCache.clear();
    },

    /** A package a player may pay, or null. */
    async payable(pkgId: number): Promise<PackageRow | null> {
      const [row] = await database.db.select().from(paymentPackages).where(eq(paymentPackages.pkgId, pkgId));
      return row && row.active && row.price > 0 && PAYABLE.has(row.curreny) ? row : null;
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;
