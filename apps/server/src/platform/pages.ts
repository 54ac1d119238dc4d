/**
 * Runs `run` on `items` a page of `size` at a time, `atOnce` pages side by side (as many workers, each taking the
 * next page when its last is done), in order of the pages. Rejects with the first failure; the pages already
 * taken by the other workers still run.
 */
export async function inPages<T>(
  items: readonly T[],
  size: number,
  atOnce: number,
  run: (page: T[]) => Promise<void>,
): Promise<void> {
  if (!(size >= 1) || !(atOnce >= 1)) throw new Error(`inPages: size ${size}, atOnce ${atOnce}`);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const page = items.slice(next, next + size);
      next += size;
      await run(page);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}
