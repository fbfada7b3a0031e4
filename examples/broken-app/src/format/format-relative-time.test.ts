import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time.js';

describe('formatRelativeTime', () => {
  const now = 1_700_000_000_000;

  it.each([
    [now - 3 * 60_000, '3 minutes ago'],
    [now + 2 * 3_600_000, 'in 2 hours'],
    [now - 86_400_000, 'yesterday'],
    [now, 'now'],
  ])('formats %i', (timestamp, expected) => {
    expect(formatRelativeTime(timestamp, now)).toBe(expected);
  });
});
