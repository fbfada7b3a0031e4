import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './edit-distance.js';

describe('boundedEditDistance', () => {
  it.each([
    ['config', 'config', 2, 0],
    ['confg', 'config', 2, 1],
    ['cofnig', 'config', 2, 1],
    ['plugni', 'plugin', 2, 1],
    ['serverr', 'server', 2, 1],
    ['optimze', 'optimize', 2, 1],
    ['kitten', 'sitting', 3, 3],
    ['', 'abc', 3, 3],
    ['vite', 'rollup', 2, 3],
    ['abcdef', 'ab', 2, 3],
  ])('%s → %s within %i is %i', (left, right, max, distance) => {
    expect(boundedEditDistance(left, right, max)).toBe(distance);
    expect(boundedEditDistance(right, left, max)).toBe(distance);
  });
});
