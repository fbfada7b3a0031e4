import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from './retry-delay.js';

describe('retryDelayMs', () => {
  it('backs off 500 ms * 2^n without server advice, capped at 20 s', () => {
    expect([0, 1, 2, 3].map((retry) => retryDelayMs(retry, undefined))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(10, {})).toBe(MAX_RETRY_DELAY_MS);
  });

  it('honours Retry-After in seconds and as an HTTP date, capped at 20 s', () => {
    expect(retryDelayMs(0, { 'retry-after': '3' })).toBe(3000);
    expect(retryDelayMs(0, { 'Retry-After': '1.5' })).toBe(1500);
    expect(retryDelayMs(0, { 'retry-after': '3600' })).toBe(MAX_RETRY_DELAY_MS);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryDelayMs(0, { 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }, now)).toBe(7000);
    expect(retryDelayMs(2, { 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }, now)).toBe(0);
  });

  it('prefers retry-after-ms and ignores values it cannot read', () => {
    expect(retryDelayMs(0, { 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
    expect(retryDelayMs(1, { 'retry-after': 'soon' })).toBe(1000);
  });
});
