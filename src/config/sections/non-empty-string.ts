import * as z from 'zod';

/** Message for a missing, non-string or empty value where text is required. */
export const NON_EMPTY_STRING_MESSAGE = 'expected a non-empty string';

/** A string that must contain at least one character. */
export function nonEmptyString() {
  return z.string({ error: NON_EMPTY_STRING_MESSAGE }).min(1, { error: NON_EMPTY_STRING_MESSAGE });
}
