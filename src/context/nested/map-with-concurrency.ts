/**
 * Maps `items` through `work` with at most `limit` calls in flight, keeping
 * the input order in the result. Bounded so a tree with hundreds of context
 * files does not open hundreds of files at once.
 */
export async function mapWithConcurrency<Item, Result>(items: readonly Item[], limit: number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = new Array<Result>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
