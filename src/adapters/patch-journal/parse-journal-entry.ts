import type { JournalEntry, JournalState, JournaledFile } from '../../core/index.js';

const STATES: ReadonlySet<string> = new Set<JournalState>(['applying', 'applied', 'rolled-back', 'kept']);

/**
 * A journal entry read back from disk, checked field by field; null when the
 * text is not one (a torn or hand-edited file is skipped, never trusted).
 */
export function parseJournalEntry(text: string): JournalEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { id, runId, workspaceRoot, createdAt, state, files } = value;
  if (typeof id !== 'string' || typeof runId !== 'string' || typeof workspaceRoot !== 'string' || typeof createdAt !== 'string') return null;
  if (typeof state !== 'string' || !STATES.has(state) || !Array.isArray(files)) return null;
  const parsedFiles: JournaledFile[] = [];
  for (const file of files) {
    if (!isRecord(file) || typeof file.path !== 'string' || !isContent(file.before) || !isContent(file.after)) return null;
    parsedFiles.push({ path: file.path, before: file.before, after: file.after });
  }
  return { id, runId, workspaceRoot, createdAt, state: state as JournalState, files: parsedFiles };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isContent(value: unknown): value is string | null {
  return typeof value === 'string' || value === null;
}
