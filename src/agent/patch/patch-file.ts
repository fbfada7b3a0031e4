import { type StructuredPatch, parsePatch } from 'diff';
import { BrassError, InvalidInputError, type Runtime } from '../../core/index.js';
import { applyHunks } from './apply-hunks.js';
import { Changeset } from './changeset.js';

/** Patch files larger than this are refused before they are parsed. */
export const MAX_PATCH_TEXT_BYTES = 8 * 1024 * 1024;

/** One file's part of a patch, with workspace-relative paths (null: `/dev/null`). */
interface FilePatch {
  oldPath: string | null;
  newPath: string | null;
  patch: StructuredPatch;
}

/**
 * Reads a reviewed unified diff (`--apply-patch-file`: `git diff` output or
 * a plain `diff -u` with `a/`/`b/` prefixes) into a changeset, with
 * `git apply --check` semantics: every hunk must apply exactly (no fuzz),
 * a created file must not exist, a deleted file must match the patch
 * entirely. All or nothing: when any hunk does not apply, nothing is
 * recorded and the error names the file and the hunk. Files are read
 * through the runtime, so the workspace scope and permission rules apply.
 *
 * Throws InvalidInputError for a patch that is too large, malformed, binary,
 * a rename or copy, a mode change, or a path with `..`; BrassError
 * `conflict` for a hunk or file state that does not match; the reading
 * errors of `Changeset` (outside the workspace, binary, denied).
 *
 * @example
 * const changeset = await changesetFromPatchFile(runtime, await readFile('fix.patch', 'utf8'));
 * await applyChangeset({ runtime, journal, changeset, runId });
 */
export async function changesetFromPatchFile(runtime: Runtime, text: string): Promise<Changeset> {
  if (text.length > MAX_PATCH_TEXT_BYTES || Buffer.byteLength(text, 'utf8') > MAX_PATCH_TEXT_BYTES) {
    throw new InvalidInputError('patch', `is larger than ${MAX_PATCH_TEXT_BYTES} bytes; split it into smaller patches`);
  }
  if (/^GIT binary patch$/m.test(text) || text.includes('\0')) throw new InvalidInputError('patch', 'contains a binary patch; binary files cannot be applied, only text diffs');
  const filePatches = parse(text).flatMap(toFilePatch);
  if (filePatches.length === 0) throw new InvalidInputError('patch', 'contains no file changes (expected a unified diff such as `git diff` prints)');

  const changeset = new Changeset(runtime);
  // Results by workspace key: a file may appear in several parts of one patch, applied in order.
  const results = new Map<string, { original: string | null; content: string | null }>();
  for (const filePatch of filePatches) {
    const path = filePatch.newPath ?? filePatch.oldPath!;
    const read = await changeset.read(path);
    const known = results.get(read.path);
    const current = known === undefined ? read.content : known.content;
    results.set(read.path, { original: known === undefined ? read.content : known.original, content: applyFilePatch(filePatch, current, path) });
  }
  for (const [key, result] of results) {
    if (result.content !== result.original) await changeset.write(key, result.content);
  }
  return changeset;
}

function parse(text: string): StructuredPatch[] {
  try {
    return parsePatch(text);
  } catch (error) {
    throw new InvalidInputError('patch', `is not a valid unified diff: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The new content of one file (null: deleted), or a conflict. */
function applyFilePatch(filePatch: FilePatch, current: string | null, path: string): string | null {
  const { patch } = filePatch;
  if (filePatch.oldPath === null) {
    if (current !== null) throw new BrassError('conflict', `the patch creates ${path}, but it already exists; nothing was changed`);
    return applyHunks('', patch.hunks, path);
  }
  if (current === null) throw new BrassError('conflict', `the patch changes ${path}, but it does not exist; nothing was changed`);
  const content = applyHunks(current, patch.hunks, path);
  if (filePatch.newPath !== null) return content;
  if (content.length > 0) throw new BrassError('conflict', `the patch deletes ${path}, but the file holds lines the patch does not remove; nothing was changed`);
  return null;
}

/** Checks what this command can apply and takes the `a/`, `b/` prefixes off the paths (`git apply -p1`). */
function toFilePatch(patch: StructuredPatch): FilePatch | [] {
  const hasNames = patch.oldFileName !== undefined && patch.newFileName !== undefined;
  if (!hasNames) {
    if (patch.hunks.length > 0) throw new InvalidInputError('patch', 'has a hunk with no `---`/`+++` file names');
    // Text around the diffs (a commit message, trailing notes) carries no change.
    return [];
  }
  const oldName = patch.oldFileName!;
  const newName = patch.newFileName!;
  const label = oldName === '/dev/null' ? newName : oldName;
  if (patch.isBinary === true) throw new InvalidInputError('patch', `changes the binary file ${label}; binary files cannot be applied, only text diffs`);
  if (patch.isRename === true || patch.isCopy === true) {
    throw new InvalidInputError('patch', `${patch.isRename === true ? 'renames' : 'copies'} ${oldName} to ${newName}, which is not supported: write it as a deletion and an addition`);
  }
  const isCreate = patch.isCreate === true || oldName === '/dev/null';
  const isDelete = patch.isDelete === true || newName === '/dev/null';
  if (isCreate && isDelete) throw new InvalidInputError('patch', `both sides of the diff of ${label} are /dev/null`);
  if (!isCreate && !isDelete && patch.oldMode !== undefined && patch.newMode !== undefined && patch.oldMode !== patch.newMode) {
    throw new InvalidInputError('patch', `changes the mode of ${label} (${patch.oldMode} to ${patch.newMode}), which is not supported: change it by hand`);
  }
  const oldPath = isCreate ? null : stripPrefix(oldName);
  const newPath = isDelete ? null : stripPrefix(newName);
  if (oldPath !== null && newPath !== null && oldPath !== newPath) {
    throw new InvalidInputError('patch', `renames ${oldPath} to ${newPath}, which is not supported: write it as a deletion and an addition`);
  }
  return { oldPath, newPath, patch };
}

/** `a/src/x.ts` -> `src/x.ts`; refuses names that climb out or cannot be stripped, as `git apply` does. */
function stripPrefix(name: string): string {
  const slash = name.indexOf('/');
  if (slash === -1) throw new InvalidInputError('patch', `the path ${JSON.stringify(name)} has no a/ or b/ prefix to strip (git apply -p1); write the patch with \`git diff\``);
  const path = name.slice(slash + 1);
  const segments = path.split('/');
  if (segments.includes('..')) throw new BrassError('outside-workspace', `the patch path ${path} climbs out with ..; only paths inside the workspace are patched`);
  if (path.length === 0 || segments.some((segment) => segment.length === 0 || segment === '.')) {
    throw new InvalidInputError('patch', `the path ${JSON.stringify(name)} is not a plain relative file path`);
  }
  return path;
}
