import { MAX_PATCH_FILE_BYTES, type Runtime } from '../../core/index.js';

/** What a file holds now, as far as patching is concerned. */
export type CurrentContent =
  | { kind: 'text'; content: string }
  | { kind: 'missing' }
  /** Not comparable text: binary, not UTF-8, too large, or not readable (the reason says which). */
  | { kind: 'unreadable'; reason: string };

/**
 * Reads a workspace file through the runtime to compare it with a journaled
 * snapshot. Never throws for a file that cannot be read: that is a value.
 *
 * @param tool the agent tool the read is made for (permission rules see it); none: a plain read.
 */
export async function readCurrentContent(runtime: Runtime, path: string, tool?: string): Promise<CurrentContent> {
  const observation = await runtime.execute({ kind: 'fs.readFile', path, maxBytes: MAX_PATCH_FILE_BYTES, ...(tool === undefined ? {} : { tool }) });
  if (!observation.ok) return observation.error.code === 'not-found' ? { kind: 'missing' } : { kind: 'unreadable', reason: observation.error.message };
  if (observation.value.truncated) return { kind: 'unreadable', reason: `${path} is larger than ${MAX_PATCH_FILE_BYTES} bytes` };
  if (observation.value.encoding !== 'utf8') return { kind: 'unreadable', reason: `${path} is not valid UTF-8` };
  return { kind: 'text', content: observation.value.content };
}

/** Whether what a file holds now is exactly `expected` (null: the file is absent). */
export function holds(current: CurrentContent, expected: string | null): boolean {
  if (expected === null) return current.kind === 'missing';
  return current.kind === 'text' && current.content === expected;
}
