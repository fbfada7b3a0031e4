/**
 * Maps items through an async function with at most `limit` calls in
 * flight; results keep the items' order. A rejection rejects the whole map
 * (callers pass functions that return failures as values). Bounded so a
 * tree with hundreds of files, or a handful of searches, never starts them
 * all at once.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await map(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
