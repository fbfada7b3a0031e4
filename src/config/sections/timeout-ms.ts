import * as z from 'zod';
import { MAX_TIMER_MS } from '../../core/index.js';
import { POSITIVE_INTEGER_MESSAGE } from './positive-integer.js';
import { untrusted } from './untrusted-behaviour.js';

/** Message for a timeout longer than a Node timer holds. */
export const TIMEOUT_MS_TOO_LONG_MESSAGE = `expected at most ${MAX_TIMER_MS} ms (24 days), the longest timer brass-agent sets`;

/**
 * A timeout in milliseconds with its default and description: a positive
 * integer of at most MAX_TIMER_MS, since Node's timers fire at once for a
 * delay past 2^31-1 ms. An untrusted workspace file may only lower it.
 */
export function timeoutMs(defaultValue: number, description: string) {
  return untrusted(
    z
      .int({ error: POSITIVE_INTEGER_MESSAGE })
      .positive({ error: POSITIVE_INTEGER_MESSAGE })
      .max(MAX_TIMER_MS, { error: TIMEOUT_MS_TOO_LONG_MESSAGE })
      .default(defaultValue)
      .describe(description),
    { rule: 'lower-only' },
  );
}
