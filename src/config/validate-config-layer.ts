import type * as z from 'zod';
import type { ConfigIssue } from './config-error.js';
import { describeExpected } from './describe-expected.js';
import { formatZodIssues } from './format-zod-issues.js';

/**
 * Checks the value of one config source against `schema`. Returns its issues
 * (empty when valid), each naming `file` and the key path, so that an error
 * points at the layer that caused it rather than at the merged result.
 */
/**
 * zod compiles a fast path for each object schema on its first parse, which
 * only pays off over many parses; config is parsed a few times per process.
 */
export const PARSE_ONCE = { jitless: true } as const;

export function validateConfigLayer(schema: z.ZodType, value: unknown, file: string): ConfigIssue[] {
  const result = schema.safeParse(value, { ...PARSE_ONCE, reportInput: true, error: describeExpected });
  return result.success ? [] : formatZodIssues(result.error.issues, schema, file);
}
