/**
 * Shares `budget` among items of the given sizes so that no item can starve
 * another (max-min fairness, "water filling"): items smaller than an equal
 * share keep their whole size, and what they leave is shared equally by the
 * rest. Returns the allowance of each item, in input order; the allowances
 * never add up to more than `budget`.
 *
 * @example
 * shareBudget([100, 5_000, 300], 1_000); // [100, 600, 300]
 */
export function shareBudget(sizes: readonly number[], budget: number): number[] {
  const allowances = sizes.map(() => 0);
  const order = sizes.map((size, index) => ({ size: Math.max(0, size), index })).sort((left, right) => left.size - right.size || left.index - right.index);
  let remaining = Math.max(0, Math.floor(budget));
  for (const [position, item] of order.entries()) {
    const share = Math.floor(remaining / (order.length - position));
    const allowance = Math.min(item.size, share);
    allowances[item.index] = allowance;
    remaining -= allowance;
  }
  return allowances;
}
