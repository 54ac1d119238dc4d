import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../../platform/db';
import { createPackagesService } from './packages.service';
import { paymentPackages } from './payments.tables';

/** getPrices reads the package list from memory; edits show at once through the service, else within 5 s. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(() => vi.useRealTimers());

const priceOf = async (service: ReturnType<typeof createPackagesService>, pkgId: number) =>
  (await service.list('BRL')).find((p) => p.pkgId === pkgId)?.price;
const setPrice = (pkgId: number, price: number) =>
  database.db.update(paymentPackages).set({ price }).where(eq(paymentPackages.pkgId, pkgId));

describe('package list cache', () => {
  it('serves repeated reads from memory, shows an edit after invalidate() or after 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const service = createPackagesService({ database });
    await service.seed();
    expect(await priceOf(service, 1)).toBe(20);

    await setPrice(1, 2_500);
    expect(await priceOf(service, 1)).toBe(20); // cached
    service.invalidate();
    expect(await priceOf(service, 1)).toBe(25);

    await setPrice(1, 3_000);
    vi.advanceTimersByTime(4_000);
    expect(await priceOf(service, 1)).toBe(25);
    vi.advanceTimersByTime(1_500);
    expect(await priceOf(service, 1)).toBe(30);
    await setPrice(1, 2_000);
  });

  it('drops the cache when it seeds, and keeps each group apart', async () => {
    const service = createPackagesService({ database });
    expect((await service.list('INSBRL')).every((p) => p.curreny === 'INSBRL')).toBe(true);
    const before = await service.list();
    await database.db.delete(paymentPackages).where(eq(paymentPackages.pkgId, 60));
    expect(await service.list()).toEqual(before);
    await service.seed(); // puts pkgId 60 back and clears the cache
    expect((await service.list()).map((p) => p.pkgId)).toEqual(before.map((p) => p.pkgId));
    await database.db.delete(paymentPackages).where(eq(paymentPackages.pkgId, 61));
    await service.seed();
    expect(await service.list()).toHaveLength(before.length);
  });
});
