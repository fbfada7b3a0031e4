import { randomUUID } from 'node:crypto';
import { BrassError, type PatchJournal, type Runtime } from '../../core/index.js';
import { Changeset, applyChangeset, type RedactText } from '../patch/index.js';

/** The file `brass-agent init` creates, at the workspace root. */
export const STARTER_GUIDANCE_FILE = 'AGENTS.md';

/**
 * Read failures that mean something already stands where AGENTS.md would
 * go (a symlink the listing did not show because git ignores it, a
 * directory, a file too large or not text): it exists, nothing is written.
 */
const IN_THE_WAY_CODES: ReadonlySet<string> = new Set(['changed-during-access', 'not-a-regular-file', 'is-a-directory', 'symlink-loop', 'binary', 'too-large']);

/** What `brass-agent init` did (the CLI contract's `{written, path, diff}`). */
export interface StarterGuidanceResult {
  /** False when a guidance file was there already: nothing was written. */
  written: boolean;
  /** Workspace-relative: the file written, or the one that was already there. */
  path: string;
  /** The unified diff that created the file (redacted); `''` when nothing was written. */
  diff: string;
}

/** What writeStarterGuidance needs. */
export interface WriteStarterGuidanceOptions {
  runtime: Runtime;
  journal: PatchJournal;
  /** The starter text, without secrets (see leaveOutSecretLines): it is stored in the workspace and in the journal. */
  content: string;
  /** Redacts the diff that is shown. */
  redact: RedactText;
}

/**
 * Creates AGENTS.md through the patch path, as a run's edit is applied: one
 * changeset (the file must not exist: a file that appeared meanwhile is a
 * conflict, never overwritten), journaled before it is written so
 * `brass-agent rollback --last` removes it again, written atomically by the
 * runtime (a symlink, FIFO or directory in its place is refused). The
 * journal entry stays `applied`, under a run id `init-<uuid>`.
 *
 * When AGENTS.md resolves to something other than itself (a symlink),
 * already holds content or is something else in the way (IN_THE_WAY_CODES),
 * nothing is written and `written` is false.
 * Throws BrassError with the runtime's or the journal's code when the
 * write is denied or fails (nothing is left half-written).
 */
export async function writeStarterGuidance(options: WriteStarterGuidanceOptions): Promise<StarterGuidanceResult> {
  const { runtime, journal, content, redact } = options;
  const changeset = new Changeset(runtime, { redact });
  const notWritten: StarterGuidanceResult = { written: false, path: STARTER_GUIDANCE_FILE, diff: '' };
  let current: { path: string; content: string | null };
  try {
    current = await changeset.read(STARTER_GUIDANCE_FILE);
  } catch (error) {
    if (BrassError.isInstance(error) && IN_THE_WAY_CODES.has(error.code)) return notWritten;
    throw error;
  }
  if (current.path !== STARTER_GUIDANCE_FILE || current.content !== null) return notWritten;
  await changeset.write(STARTER_GUIDANCE_FILE, content);
  const diff = changeset.diff();
  await applyChangeset({ runtime, journal, changeset, runId: `init-${randomUUID()}` });
  return { written: true, path: STARTER_GUIDANCE_FILE, diff };
}
