import * as z from 'zod';
import { closestKey } from './closest-key.js';
import type { ConfigIssue } from './config-error.js';
import { LITERAL_API_KEY_MESSAGE } from './sections/llm-schema.js';
import { TRUSTED_WORKSPACES_ELSEWHERE_MESSAGE } from './sections/trusted-workspaces-schema.js';

/** Received values are quoted in messages up to this many characters. */
const MAX_VALUE_PREVIEW_CHARS = 80;

/** Keys refused with their own explanation instead of a bare "unknown key". */
const REJECTED_KEY_MESSAGES: Readonly<Record<string, string>> = {
  'llm.apiKey': LITERAL_API_KEY_MESSAGE,
  trustedWorkspaces: TRUSTED_WORKSPACES_ELSEWHERE_MESSAGE,
};

/**
 * Turns zod issues (from a parse with `reportInput: true` and the
 * describeExpected error map) into config issues of one source:
 * `context.maxFiles: expected a positive integer, got "four"`. Each unknown
 * key becomes its own issue, with a suggestion among the keys `schema`
 * allows at that place (`unknown key (did you mean "maxFiles"?)`).
 */
export function formatZodIssues(issues: readonly z.core.$ZodIssue[], schema: z.ZodType, file: string): ConfigIssue[] {
  return issues.flatMap((issue): ConfigIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      const allowedKeys = allowedKeysAt(schema, issue.path);
      return issue.keys.map((key) => {
        const keyPath = formatKeyPath([...issue.path, key]);
        return { file, keyPath, message: REJECTED_KEY_MESSAGES[keyPath] ?? describeUnknownKey(key, allowedKeys) };
      });
    }
    return [{ file, keyPath: formatKeyPath(issue.path), message: withReceived(issue.message, issue) }];
  });
}

/** `["permissions", "allow", 0]` -> `permissions.allow[0]`; odd keys are quoted: `context["max files"]`. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$-]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

function describeUnknownKey(key: string, allowedKeys: readonly string[]): string {
  const suggestion = closestKey(key, allowedKeys);
  return suggestion === undefined ? 'unknown key' : `unknown key (did you mean ${JSON.stringify(suggestion)}?)`;
}

function withReceived(message: string, issue: z.core.$ZodIssue): string {
  if (!('input' in issue)) return message;
  if (issue.input === undefined) return `missing, ${message}`;
  return `${message}, got ${previewValue(issue.input)}`;
}

function previewValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= MAX_VALUE_PREVIEW_CHARS ? text : `${text.slice(0, MAX_VALUE_PREVIEW_CHARS - 1)}…`;
}

/** Keys of the object schema found by walking `path` from `schema` (through defaults, optionals and arrays). */
function allowedKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const segment of path) {
    if (current instanceof z.ZodObject && typeof segment === 'string') current = current.shape[segment] as z.ZodType | undefined;
    else if (current instanceof z.ZodArray && typeof segment === 'number') current = current.element as z.ZodType;
    else return [];
    if (current === undefined) return [];
    current = unwrap(current);
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodDefault || current instanceof z.ZodPrefault || current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}
