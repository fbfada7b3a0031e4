import type * as z from 'zod';

/**
 * What an untrusted workspace file (a repository's own `.brass-agent.json`)
 * may do with one config key, declared on the key's schema with
 * `untrusted(schema, behaviour)` so a new key cannot forget it (a test walks
 * every leaf of ConfigSchema). untrustedWorkspaceRules() is derived from it.
 *
 * - `applies`: used as written; it cannot widen what brass-agent does.
 * - `lower-only`: a number that may only be lowered (every limit, budget and timeout).
 * - `no-new-entries`: a list that may not add an entry the lower layers lack.
 * - `unchanged`: ignored when it differs from the lower layers' value.
 * - `stricter-only`: one of `order` (strictest first) that may only move towards the start.
 * - `not-to`: may not be set to `value` unless the lower layers already chose it.
 *
 * `reason` says why the value widens (it goes into the warning line); for
 * `stricter-only` it reads between the two values: `"auto" approves more than "ask"`.
 */
export type UntrustedBehaviour =
  | { rule: 'applies' }
  | { rule: 'lower-only' }
  | { rule: 'no-new-entries'; reason: string }
  | { rule: 'unchanged'; reason: string }
  | { rule: 'stricter-only'; order: readonly string[]; reason: string }
  | { rule: 'not-to'; value: boolean; reason: string };

/** The metadata key the behaviour is stored under (it also appears in the generated JSON Schema). */
export const UNTRUSTED_META_KEY = 'untrusted';

/** `schema` with its untrusted-workspace behaviour declared in its metadata. */
export function untrusted<T extends z.ZodType>(schema: T, behaviour: UntrustedBehaviour): T {
  return schema.meta({ [UNTRUSTED_META_KEY]: behaviour }) as T;
}

/** Shorthand: used as written in an untrusted workspace. */
export function appliesUntrusted<T extends z.ZodType>(schema: T): T {
  return untrusted(schema, { rule: 'applies' });
}

/** The behaviour declared on `schema`, or undefined when none is. */
export function untrustedBehaviourOf(schema: z.ZodType): UntrustedBehaviour | undefined {
  const meta = schema.meta() as Record<string, unknown> | undefined;
  return meta?.[UNTRUSTED_META_KEY] as UntrustedBehaviour | undefined;
}
