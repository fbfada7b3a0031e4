import { BrassError, InvalidInputError, MAX_PATCH_FILE_BYTES, OutsideWorkspaceError, type PatchEdit, type Runtime } from '../../core/index.js';
import type { PatchFileSummary } from '../events/agent-event.js';
import type { PendingEdits } from '../tools/pending-edits.js';
import { type FileDiff, type RedactText, comparePaths, diffFile, shownDiffText } from './file-diff.js';

/**
 * The tool a changeset reads the files it edits as: reading is a read (Read
 * rules apply, no approval inside the workspace); the write is gated when the
 * patch is applied (as `edit_file`).
 */
const READ_TOOL = 'read_file';

/**
 * All the edits of a run, not written yet: one changeset that is previewed
 * as a unified diff, applied as one patch (`applyChangeset`) and rolled back
 * as one. Files are keyed by their workspace-relative real path (forward
 * slashes), so `./a.ts`, `a.ts` and the absolute path are one file.
 *
 * The first time a file is read or written, its content on disk is read
 * through the runtime (scope, permission rules, safe reads) and remembered
 * as its original; applying checks that the file still holds it, so a file
 * changed behind the run's back is a conflict, never overwritten.
 *
 * With `redact`, `diff()` and `wholeChange().diff` are redacted with the
 * whole files known (what may be printed, sent in events and saved);
 * `patchText()` and `wholeChange().patch` keep the real bytes `git apply`
 * needs. Without it, both are the real diff.
 *
 * @example
 * const changeset = new Changeset(runtime, { redact: (text) => redactor.redact(text).text });
 * const { content } = await changeset.read('src/a.ts');
 * await changeset.write('src/a.ts', content!.replace('a = 1', 'a = 2'));
 * console.log(changeset.diff());
 */
export class Changeset implements PendingEdits {
  private readonly runtime: Runtime;
  private readonly redact: RedactText | undefined;
  /** What each file held before the run changed it (null: absent); only files read or written. */
  private originals = new Map<string, string | null>();
  private readonly pending = new Map<string, string | null>();
  private readonly diffs = new Map<string, { before: string | null; after: string | null; diff: FileDiff }>();
  /** What each file that an applied round changed held before the first round (kept across `rebase`). */
  private readonly baseline = new Map<string, string | null>();

  constructor(runtime: Runtime, options: { redact?: RedactText } = {}) {
    this.runtime = runtime;
    this.redact = options.redact;
  }

  /**
   * The file as the run sees it: its pending content, else what it held
   * when the run first read it. Throws BrassError when it cannot be edited
   * (outside the workspace, binary, not UTF-8, larger than
   * MAX_PATCH_FILE_BYTES, denied).
   */
  async read(path: string): Promise<{ path: string; content: string | null }> {
    const key = await this.keyOf(path);
    if (this.pending.has(key)) return { path: key, content: this.pending.get(key) ?? null };
    return { path: key, content: await this.originalOf(key) };
  }

  /**
   * Records a whole-file change (null deletes the file). Reads the original
   * first, so a file that cannot be edited is refused now, not at apply.
   * Throws BrassError `not-found` when deleting a file that does not exist.
   */
  async write(path: string, content: string | null): Promise<{ path: string }> {
    if (typeof content !== 'string' && content !== null) throw new InvalidInputError('content', 'must be a string, or null to delete the file');
    if (content !== null && Buffer.byteLength(content, 'utf8') > MAX_PATCH_FILE_BYTES) {
      throw new BrassError('too-large', `the new content of ${path} is larger than ${MAX_PATCH_FILE_BYTES} bytes; files that large are not edited`);
    }
    const key = await this.keyOf(path);
    const original = await this.originalOf(key);
    const current = this.pending.has(key) ? (this.pending.get(key) ?? null) : original;
    if (content === null && current === null) throw new BrassError('not-found', `${key} does not exist, so it cannot be deleted`);
    this.pending.set(key, content);
    return { path: key };
  }

  /** The pending content of a workspace-relative path; undefined when the run has not written it. */
  pendingContent(relativePath: string): string | null | undefined {
    return this.pending.get(relativePath);
  }

  /** Whether no file would change (a file written back to its original counts as unchanged). */
  isEmpty(): boolean {
    return this.changedPaths().length === 0;
  }

  /** The files that would change, in path order, with their line counts. */
  files(): PatchFileSummary[] {
    return this.changedPaths().map((key) => this.diffOf(key).summary);
  }

  /** The whole change as a git-style unified diff (files in path order), redacted when the changeset has a redactor; empty when nothing changes. */
  diff(): string {
    return this.changedPaths()
      .map((key) => shownDiffText(this.diffOf(key)))
      .join('');
  }

  /** The same diff with the real bytes, never redacted: only for a patch file a person asked for (`--patch-file`). */
  patchText(): string {
    return this.changedPaths()
      .map((key) => this.diffOf(key).text)
      .join('');
  }

  /** The change as patch edits for `patch.apply`: each expects the file to still hold its original. */
  toEdits(): PatchEdit[] {
    return this.changedPaths().map((key) => ({ path: key, content: this.pending.get(key) ?? null, expectedContent: this.originals.get(key) ?? null }));
  }

  /**
   * Call after the changeset was applied: the pending contents become the
   * originals, so the next diff (a repair turn's) shows only new changes and
   * the next apply expects what the last one wrote. Files that were only
   * read are forgotten, so they are read again as they are now.
   */
  rebase(): void {
    for (const key of this.changedPaths()) if (!this.baseline.has(key)) this.baseline.set(key, this.originals.get(key) ?? null);
    const applied = new Map<string, string | null>();
    for (const [key, content] of this.pending) applied.set(key, content);
    this.originals = applied;
    this.pending.clear();
    this.diffs.clear();
  }

  /**
   * The change of every round together, pending edits included: each file
   * from what it held before the first round to what the run has it hold
   * now. Equals `diff()`/`patchText()`/`files()` until the first `rebase`;
   * `diff` is redacted as `diff()` is, `patch` has the real bytes.
   */
  wholeChange(): { diff: string; patch: string; files: PatchFileSummary[] } {
    const currentOf = (key: string): string | null => (this.pending.has(key) ? (this.pending.get(key) ?? null) : (this.originals.get(key) ?? null));
    const beforeOf = (key: string): string | null => (this.baseline.has(key) ? (this.baseline.get(key) ?? null) : (this.originals.get(key) ?? null));
    const diffs = [...new Set([...this.baseline.keys(), ...this.changedPaths()])]
      .filter((key) => currentOf(key) !== beforeOf(key))
      .sort(comparePaths)
      .map((key) => diffFile(key, beforeOf(key), currentOf(key), this.redact));
    return { diff: diffs.map(shownDiffText).join(''), patch: diffs.map((diff) => diff.text).join(''), files: diffs.map((diff) => diff.summary) };
  }

  private changedPaths(): string[] {
    return [...this.pending.entries()]
      .filter(([key, content]) => content !== this.originals.get(key))
      .map(([key]) => key)
      .sort(comparePaths);
  }

  private diffOf(key: string): FileDiff {
    const before = this.originals.get(key) ?? null;
    const after = this.pending.get(key) ?? null;
    const cached = this.diffs.get(key);
    if (cached !== undefined && cached.before === before && cached.after === after) return cached.diff;
    const diff = diffFile(key, before, after, this.redact);
    this.diffs.set(key, { before, after, diff });
    return diff;
  }

  /** The workspace-relative real path of a file, as the scope resolves it (symlinks followed). */
  private async keyOf(path: string): Promise<string> {
    const resolved = await this.runtime.scope.resolve(path);
    if (resolved.relativePath === null) throw new OutsideWorkspaceError({ requestedPath: path, resolvedPath: resolved.absolutePath });
    if (resolved.relativePath === '.') throw new InvalidInputError('path', `${path} is the workspace root, not a file`);
    return resolved.relativePath;
  }

  private async originalOf(key: string): Promise<string | null> {
    if (this.originals.has(key)) return this.originals.get(key) ?? null;
    const content = await this.readFromDisk(key);
    // Two concurrent first reads: the first answer stays the original.
    if (!this.originals.has(key)) this.originals.set(key, content);
    return this.originals.get(key) ?? null;
  }

  private async readFromDisk(key: string): Promise<string | null> {
    const observation = await this.runtime.execute({ kind: 'fs.readFile', path: key, tool: READ_TOOL, maxBytes: MAX_PATCH_FILE_BYTES });
    if (!observation.ok) {
      if (observation.error.code === 'not-found') return null;
      throw new BrassError(observation.error.code, observation.error.message);
    }
    if (observation.value.truncated) throw new BrassError('too-large', `${key} is larger than ${MAX_PATCH_FILE_BYTES} bytes; files that large are not edited`);
    if (observation.value.encoding !== 'utf8') throw new BrassError('binary', `${key} is not valid UTF-8; it is not edited so it cannot be damaged`);
    return observation.value.content;
  }
}
