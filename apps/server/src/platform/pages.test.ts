import { describe, expect, it } from 'vitest';
import { inPages } from './pages';

describe('inPages', () => {
  it('runs every item once, a page at a time, never more pages at once than asked', async () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const pages: number[][] = [];
    let running = 0;
    let most = 0;
    await inPages(items, 3, 2, async (page) => {
      running++;
      most = Math.max(most, running);
      pages.push(page);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    });
    expect(pages).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]);
    expect(most).toBe(2);
  });

  it('rejects with a page’s failure; runs nothing for no items; refuses a size or count below one', async () => {
    await expect(
      inPages([1, 2, 3], 1, 2, async (page) => {
        if (page[0] === 2) throw new Error('page 2');
      }),
    ).rejects.toThrow('page 2');
    let calls = 0;
    await inPages([], 5, 2, async () => {
      calls++;
    });
    expect(calls).toBe(0);
    await expect(inPages([1], 0, 1, async () => undefined)).rejects.toThrow(/size 0/);
  });
});
