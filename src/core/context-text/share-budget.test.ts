import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareBudget } from './share-budget.js';

describe('shareBudget', () => {
  const cases: [sizes: number[], budget: number, expected: number[]][] = [
    [[100, 200], 1_000, [100, 200]],
    [[100, 5_000, 300], 1_000, [100, 600, 300]],
    [[50_000, 2_000], 32_768, [30_768, 2_000]],
    [[50_000, 50_000], 10_000, [5_000, 5_000]],
    [[10, 10, 10], 0, [0, 0, 0]],
    [[], 100, []],
  ];
  it.each(cases)('shares %j within %d as %j', (sizes, budget, expected) => {
    expect(shareBudget(sizes, budget)).toEqual(expected);
  });

  it('never exceeds the budget or a size, and gives every item at least an equal share of what it needs', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100_000), { maxLength: 12 }), fc.nat(200_000), (sizes, budget) => {
        const allowances = shareBudget(sizes, budget);
        expect(allowances.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(budget);
        for (const [index, allowance] of allowances.entries()) {
          expect(allowance).toBeLessThanOrEqual(sizes[index]!);
          expect(allowance).toBeGreaterThanOrEqual(Math.min(sizes[index]!, Math.floor(budget / sizes.length)));
        }
      }),
    );
  });
});
