import type { PatchApplyResult, PatchEdit, PatchRollbackResult } from '../actions/agent-action.js';
import { BrassError } from '../errors/brass-error.js';
import { FileAccessError } from '../errors/file-access-error.js';
import type { FileSystem } from '../services/file-system.js';
import { REDACTION_MARKER_PATTERN } from '../redaction/redaction-marker.js';
import { nodeCrypto } from '../node-crypto/node-crypto.js';

/** Files larger than this are not patched: their snapshot must fit in memory. */
export const MAX_PATCH_FILE_BYTES = 8 * 1024 * 1024;

interface Snapshot {
  absolute: string;
  relative: string;
  /** null: the file did not exist before the patch. */
  previous: string | null;
  /** Whether the patch deletes the file. */
  deletes: boolean;
}

export interface ResolvedEdit extends PatchEdit {
  target: { absolute: string; relative: string };
}

/**
 * Applies whole-file edits and deletions and keeps what they replaced, so
 * `rollback` restores every file byte for byte (recreates the files it
 * deleted, removes the files it created). A patch that fails half-way
 * restores what it had already written. Deleting a missing file is a conflict.
 */
export function createPatchStore(options: { fileSystem: FileSystem; isContained: (realPath: string) => boolean }) {
  const { fileSystem, isContained } = options;
  const applied = new Map<string, Snapshot[]>();

  async function snapshot(edit: ResolvedEdit): Promise<Snapshot> {
    let previous: string | null;
    try {
      const current = await fileSystem.readFile({ path: edit.target.absolute, maxBytes: MAX_PATCH_FILE_BYTES, isContained });
      if (current.truncated) throw new BrassError('conflict', `${edit.target.relative} is larger than ${MAX_PATCH_FILE_BYTES} bytes; it is not patched`);
      if (current.encoding !== 'utf8') throw new BrassError('conflict', `${edit.target.relative} is not valid UTF-8; it is not patched so it cannot be damaged`);
      previous = current.content;
    } catch (error) {
      if (!(FileAccessError.isInstance(error) && error.reason === 'not-found')) throw error;
      previous = null;
    }
    if (edit.content === null && previous === null) throw new BrassError('conflict', `${edit.target.relative} does not exist, so it cannot be deleted`);
    // New markers mean the edit was made from a redacted view: writing it would replace a real secret by its marker.
    if (countMarkers(edit.content ?? '') > countMarkers(previous ?? '')) {
      throw new BrassError('conflict', `the new content of ${edit.target.relative} contains [REDACTED:...] markers; it was written from a redacted view: edit around the secret instead of rewriting it`);
    }
    if (edit.expectedContent !== undefined && edit.expectedContent !== previous) {
      throw new BrassError('conflict', `${edit.target.relative} changed since the patch was prepared; read it again and redo the edit`);
    }
    return { absolute: edit.target.absolute, relative: edit.target.relative, previous, deletes: edit.content === null };
  }

  // A file the patch created and someone already deleted is as rolled back as it gets.
  async function removeIfPresent(absolute: string): Promise<void> {
    try {
      await fileSystem.removeFile({ path: absolute, isContained });
    } catch (error) {
      if (!(FileAccessError.isInstance(error) && error.reason === 'not-found')) throw error;
    }
  }

  async function restore(snapshots: readonly Snapshot[]): Promise<{ restored: string[]; removed: string[] }> {
    const restored: string[] = [];
    const removed: string[] = [];
    for (const entry of [...snapshots].reverse()) {
      if (entry.previous === null) {
        await removeIfPresent(entry.absolute);
        removed.push(entry.relative);
      } else {
        await fileSystem.writeFile({ path: entry.absolute, content: entry.previous, isContained });
        restored.push(entry.relative);
      }
    }
    return { restored: restored.reverse(), removed: removed.reverse() };
  }

  return {
    async apply(edits: readonly ResolvedEdit[]): Promise<PatchApplyResult> {
      const seen = new Set<string>();
      for (const edit of edits) {
        if (seen.has(edit.target.absolute)) throw new BrassError('conflict', `${edit.target.relative} appears twice in one patch`);
        seen.add(edit.target.absolute);
      }
      const snapshots: Snapshot[] = [];
      for (const edit of edits) snapshots.push(await snapshot(edit));
      const written: Snapshot[] = [];
      try {
        for (const [index, edit] of edits.entries()) {
          if (edit.content === null) await fileSystem.removeFile({ path: edit.target.absolute, isContained });
          else await fileSystem.writeFile({ path: edit.target.absolute, content: edit.content, isContained });
          written.push(snapshots[index]!);
        }
      } catch (error) {
        await restore(written);
        throw error;
      }
      const patchId = nodeCrypto().randomUUID();
      applied.set(patchId, snapshots);
      return { patchId, files: snapshots.map((entry) => ({ path: entry.relative, created: entry.previous === null, deleted: entry.deletes })) };
    },

    pathsOf(patchId: string): string[] {
      const snapshots = applied.get(patchId);
      if (snapshots === undefined) throw new BrassError('unknown-patch', `no applied patch has id ${patchId}`);
      return snapshots.map((entry) => entry.relative);
    },

    async rollback(patchId: string): Promise<PatchRollbackResult> {
      const snapshots = applied.get(patchId);
      if (snapshots === undefined) throw new BrassError('unknown-patch', `no applied patch has id ${patchId}`);
      const result = await restore(snapshots);
      applied.delete(patchId);
      return { patchId, ...result };
    },
  };
}

function countMarkers(text: string): number {
  return text.includes('[REDACTED:') ? (text.match(REDACTION_MARKER_PATTERN) ?? []).length : 0;
}
