import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import type { Runtime } from '../../core/index.js';

/** Manifests and config files larger than this are not project metadata: they are skipped. */
export const MAX_MANIFEST_BYTES = 512 * 1024;

/**
 * Reads a text file through the runtime (`fs.readFile`), or returns null
 * when it does not exist, cannot be read, or is larger than `maxBytes`.
 */
export async function readTextFile(runtime: Runtime, path: string, maxBytes: number = MAX_MANIFEST_BYTES): Promise<string | null> {
  const observation = await runtime.execute({ kind: 'fs.readFile', path, maxBytes });
  if (!observation.ok || observation.value.truncated) return null;
  return observation.value.content;
}

/**
 * Reads and parses a JSON file, comments and trailing commas allowed
 * (tsconfig.json has both). Returns null when the file is missing or not an
 * object; `error` names the problem when it exists but does not parse.
 */
export async function readJsonObject(runtime: Runtime, path: string): Promise<{ value: Record<string, unknown> | null; error?: string }> {
  const text = await readTextFile(runtime, path);
  if (text === null) return { value: null };
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { value: null, error: `${path} is not a valid JSON object` };
  }
  return { value: value as Record<string, unknown> };
}
