import * as z from 'zod';
import { ConfigSchema } from './schema.js';
import { type UntrustedBehaviour, untrustedBehaviourOf } from './sections/untrusted-behaviour.js';

/** One leaf key of the config schema and what an untrusted workspace may do with it. */
export interface TrustBehaviourEntry {
  /** Dotted key path, e.g. `llm.timeoutMs`. */
  keyPath: string;
  /** The declared behaviour, or undefined when the key's schema declares none (a bug: the trust rule then ignores the key). */
  behaviour: UntrustedBehaviour | undefined;
  /** The key's schema with its optional/default wrappers removed. */
  schema: z.ZodType;
}

/** Wrappers that carry a key's default or optionality around the schema that says what the key is. */
const WRAPPER_TYPES: ReadonlySet<string> = new Set(['default', 'prefault', 'optional', 'nullable', 'readonly', 'catch', 'nonoptional']);

/**
 * Every leaf key of `schema` (default: ConfigSchema) with the untrusted
 * behaviour declared in its metadata (see untrusted-behaviour.ts). A leaf is
 * a key whose schema declares a behaviour, or that is not an object; maps
 * (`agents`, `flows`) and arrays are leaves. Order: at each level the leaf
 * keys first, then the sections, each in schema order.
 */
export function listTrustBehaviours(schema: z.ZodType = ConfigSchema): TrustBehaviourEntry[] {
  const entries: TrustBehaviourEntry[] = [];
  const visit = (node: z.ZodType, keyPath: string): void => {
    let current = node;
    let behaviour = untrustedBehaviourOf(current);
    while (behaviour === undefined && WRAPPER_TYPES.has(current._zod.def.type)) {
      current = (current._zod.def as unknown as { innerType: z.ZodType }).innerType;
      behaviour = untrustedBehaviourOf(current);
    }
    if (behaviour === undefined && current instanceof z.ZodObject && keyPath !== '') {
      sections.push([current, keyPath]);
      return;
    }
    if (current instanceof z.ZodObject && keyPath === '') {
      visitObject(current, '');
      return;
    }
    entries.push({ keyPath, behaviour, schema: unwrap(current) });
  };
  const sections: [z.ZodObject, string][] = [];
  const visitObject = (object: z.ZodObject, prefix: string): void => {
    const start = sections.length;
    for (const [key, child] of Object.entries(object.shape)) visit(child as z.ZodType, prefix === '' ? key : `${prefix}.${key}`);
    // Sections after the leaves of this level, in schema order.
    for (const [section, keyPath] of sections.splice(start)) visitObject(section, keyPath);
  };
  visit(schema, '');
  return entries;
}

function unwrap(node: z.ZodType): z.ZodType {
  let current = node;
  while (WRAPPER_TYPES.has(current._zod.def.type)) current = (current._zod.def as unknown as { innerType: z.ZodType }).innerType;
  return current;
}
