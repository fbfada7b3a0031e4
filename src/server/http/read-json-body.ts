import type { Context } from 'hono';
import type * as z from 'zod';
import { ApiError } from './api-error.js';

/**
 * The request body parsed as JSON and checked against `schema`. An empty
 * body counts as `{}` (so `POST /api/sessions` needs none). The size limit
 * is the bodyLimit middleware's (413 before this runs).
 *
 * @throws ApiError 400 `invalid-json` for a body that is not JSON, 400
 *   `invalid-input` naming the first offending field for a schema violation.
 */
export async function readJsonBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim().length > 0) {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ApiError(400, 'invalid-json', `the request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, 'invalid-input', describeIssue(parsed.error.issues[0]));
  return parsed.data;
}

/** `text: Invalid input: expected string, received number`; an unknown field is named as such. */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return 'the request body is invalid';
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${field === '' ? key : `${field}.${key}`}: unknown field`).join('; ');
  }
  return `${field === '' ? 'the body' : field}: ${issue.message}`;
}
