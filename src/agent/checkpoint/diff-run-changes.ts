import { type CheckpointStore, MAX_PATCH_FILE_BYTES } from '../../core/index.js';
import { type FileDiff, type RedactText, diffFile } from '../patch/file-diff.js';
import type { RunChange } from './run-checkpoint.js';

/**
 * The diffs of files a run changed outside its patches (its commands), from
 * the stored content at the checkpoint to the stored content at the run's
 * end. A side that is not UTF-8 text, or larger than MAX_PATCH_FILE_BYTES,
 * makes the file's diff git's one line `Binary files … differ`, with no
 * line counts. With `redact`, each diff also has its `redactedText` (see
 * diffFile). Throws the store's `checkpoint-corrupt` for a damaged blob.
 */
export async function diffRunChanges(store: CheckpointStore, changes: readonly RunChange[], redact?: RedactText): Promise<FileDiff[]> {
  const diffs: FileDiff[] = [];
  for (const change of changes) {
    const before = change.before === null ? null : textOf(await store.readBlob(change.before.sha256));
    const after = change.after === null ? null : textOf(await store.readBlob(change.after.sha256));
    if (before !== undefined && after !== undefined) {
      diffs.push(diffFile(change.path, before, after, redact));
      continue;
    }
    const oldName = change.before === null ? '/dev/null' : `a/${change.path}`;
    const newName = change.after === null ? '/dev/null' : `b/${change.path}`;
    const header = change.before === null ? 'new file mode 100644\n' : change.after === null ? 'deleted file mode 100644\n' : '';
    const text = `diff --git a/${change.path} b/${change.path}\n${header}Binary files ${oldName} and ${newName} differ\n`;
    diffs.push({ summary: { path: change.path, status: change.status, additions: 0, deletions: 0 }, text, ...(redact === undefined ? {} : { redactedText: redact(text) }) });
  }
  return diffs;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, or undefined when they are not diffable text (not UTF-8, a NUL byte, too large). */
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength > MAX_PATCH_FILE_BYTES || bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
