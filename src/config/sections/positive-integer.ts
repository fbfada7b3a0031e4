import * as z from 'zod';
import { untrusted } from './untrusted-behaviour.js';

/** Message for every positive-integer field, so a bad value reads the same everywhere. */
export const POSITIVE_INTEGER_MESSAGE = 'expected a positive integer';

/**
 * A positive integer field with its default and its editor description.
 * Wrong types, fractions and values below 1 all report
 * `expected a positive integer`. Every such field is a limit, so an
 * untrusted workspace file may only lower it.
 */
export function positiveInteger(defaultValue: number, description: string) {
  return untrusted(
    z.int({ error: POSITIVE_INTEGER_MESSAGE }).positive({ error: POSITIVE_INTEGER_MESSAGE }).default(defaultValue).describe(description),
    { rule: 'lower-only' },
  );
}
