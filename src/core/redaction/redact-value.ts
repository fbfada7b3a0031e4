import { InvalidInputError } from '../errors/invalid-input-error.js';
import { isLikelySecretValue } from './is-likely-secret-value.js';
import { formatRedactionMarker } from './redaction-marker.js';
import { classifySecretName } from './secret-name.js';

/** One redaction inside a JSON-like value. */
export interface RedactionValueFinding {
  /** Where: `$.messages[2].content`. */
  path: string;
  kind: string;
}

/** A JSON-like value with its strings redacted, and where. */
export interface RedactedValue<T> {
  value: T;
  findings: RedactionValueFinding[];
}

/** Deepest nesting walked: deeper values are refused rather than risking the stack. */
export const MAX_REDACT_VALUE_DEPTH = 256;

type RedactText = (text: string) => { text: string; findings: readonly { kind: string }[] };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/**
 * Redacts every string inside a JSON-like value (plain objects, arrays and
 * primitives: `--protocol-json` events, saved runs, MCP results). Every
 * string goes through `redactText`; one in which it finds nothing but that
 * sits under a secret-named key (`{ "apiKey": "..." }`) is replaced whole
 * when it looks like a secret, since the key is no longer beside it in the text. Keys are kept; other objects
 * (Date, class instances) are returned unchanged. Throws InvalidInputError on
 * a cycle or nesting deeper than MAX_REDACT_VALUE_DEPTH.
 */
export function redactValue<T>(value: T, redactText: RedactText): RedactedValue<T> {
  const findings: RedactionValueFinding[] = [];
  const walking = new Set<object>();

  function walk(current: unknown, path: string, key: string | undefined, depth: number): unknown {
    if (typeof current === 'string') {
      const result = redactText(current);
      for (const finding of result.findings) findings.push({ path, kind: finding.kind });
      if (result.findings.length > 0 || key === undefined) return result.text;
      const nameClass = classifySecretName(key);
      if (nameClass === undefined || !isLikelySecretValue(current, key, nameClass, { isQuoted: true, isEnvLine: false })) return current;
      findings.push({ path, kind: nameClass.kind });
      return formatRedactionMarker(nameClass.kind);
    }
    if (!Array.isArray(current) && !isPlainObject(current)) return current;
    if (depth >= MAX_REDACT_VALUE_DEPTH) throw new InvalidInputError('value', `nested deeper than ${MAX_REDACT_VALUE_DEPTH} levels at ${path}`);
    if (walking.has(current)) throw new InvalidInputError('value', `contains a cycle at ${path}`);
    walking.add(current);
    const copy = Array.isArray(current)
      ? current.map((item, index) => walk(item, `${path}[${index}]`, undefined, depth + 1))
      : Object.fromEntries(Object.entries(current).map(([name, item]) => [name, walk(item, childPath(path, name), name, depth + 1)]));
    walking.delete(current);
    return copy;
  }

  return { value: walk(value, '$', undefined, 0) as T, findings };
}
