import path from 'node:path';
import { type Runtime, isPathInside } from '../../core/index.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { shareBudget } from '../../core/context-text/share-budget.js';
import { truncateUtf8, utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import { type LoadedGuidance, followImports } from './follow-imports.js';
import { guidanceDirectories } from './guidance-directories.js';
import type { GuidanceFile, GuidanceResult, UserGuidanceFile } from './guidance-file.js';
import { renderGuidanceSection } from './render-guidance-section.js';

/**
 * GitHub Copilot's repository instructions: read at the project root only,
 * when none of `guidance.fileNames` exists there (Copilot reads it at the
 * repository root, never in subdirectories).
 */
export const COPILOT_INSTRUCTIONS_PATH = '.github/copilot-instructions.md';

export interface ResolveGuidanceOptions {
  /**
   * Runtime whose scope contains the project root: every file is read
   * through it (scope, permission rules, safe reads). When the project root
   * lies above the workspace, this is a read-only runtime on the project root.
   */
  runtime: Runtime;
  /** Absolute real path of the working directory (the workspace root). */
  workingDirectory: string;
  /** Absolute real path of the project root (default: the working directory). */
  projectRoot?: string;
  /** Names tried in each directory, first existing wins (`guidance.fileNames`). */
  fileNames: readonly string[];
  /** Bytes of guidance in total (`guidance.maxBytes`), shared fairly. */
  maxBytes: number;
  /** The user-level file, already read by the caller; goes first. */
  userGuidance?: UserGuidanceFile | null;
  signal?: AbortSignal;
}

/**
 * Loads the project guidance: in every directory from the project root down
 * to the working directory, the first of `fileNames` that exists (at the
 * project root, COPILOT_INSTRUCTIONS_PATH when none does), plus the
 * user-level file, merged most general first so the nearest file comes last.
 * The `@path` imports of each project file follow it (see followImports),
 * under the same budget.
 * Every read goes through the runtime (scope, permissions, safe read: a file
 * that is a symlink out of the project, a FIFO or a device is refused with a
 * warning). A symlink must also lead into the working directory or to
 * another guidance file (`CLAUDE.md -> AGENTS.md`): above the workspace the
 * runtime's scope is the whole project, and a root `AGENTS.md` pointing at
 * `secrets/key` elsewhere in the repository must not reach the prompt. The
 * same real file loads once. The budget is shared fairly
 * (see shareBudget) so a large root file cannot starve the nearest one; every
 * cut is on a character boundary and announced in the prompt and in
 * `warnings`. Reminder tags inside the files are neutralised.
 *
 * @example
 * const guidance = await resolveGuidance({ runtime, workingDirectory: root, fileNames: ['AGENTS.md', 'CLAUDE.md'], maxBytes: 32_768 });
 * guidance.promptSection; // '# Project guidance\n\n...'
 */
export async function resolveGuidance(options: ResolveGuidanceOptions): Promise<GuidanceResult> {
  const warnings: string[] = [];
  const loaded: LoadedGuidance[] = [];
  if (options.userGuidance) {
    const { displayPath, content, totalBytes } = options.userGuidance;
    loaded.push({ path: displayPath, source: 'user', content, totalBytes, isCutAtRead: utf8ByteLength(content) < totalBytes });
  }
  const seen = new Set<string>();
  const counter = { imported: 0, considered: 0 };
  const projectRoot = options.projectRoot ?? options.workingDirectory;
  const directories = guidanceDirectories(projectRoot, options.workingDirectory);
  const namesIn = (index: number): readonly string[] => (index === 0 ? [...options.fileNames, COPILOT_INSTRUCTIONS_PATH] : options.fileNames);
  const guidancePaths = new Set(directories.flatMap((directory, index) => namesIn(index).map((name) => path.join(directory, name))));
  for (const [index, directory] of directories.entries()) {
    for (const name of namesIn(index)) {
      const absolute = path.join(directory, name);
      const display = toDisplayPath(absolute, options.workingDirectory);
      const observation = await options.runtime.execute({ kind: 'fs.readFile', path: absolute, maxBytes: options.maxBytes }, optionalSignal(options.signal));
      if (!observation.ok) {
        if (observation.error.code === 'not-found') continue;
        warnings.push(`${display}: not loaded: ${describeReadFailure(observation.error, 'project')}`);
        break;
      }
      const file = observation.value;
      const realPath = path.isAbsolute(file.path) ? file.path : path.join(options.runtime.scope.root, file.path);
      if (!guidancePaths.has(realPath) && !isPathInside(realPath, options.workingDirectory, false)) {
        warnings.push(`${display}: not loaded: it is a symlink to ${toDisplayPath(realPath, options.workingDirectory)}, which is neither in the workspace nor a guidance file`);
        break;
      }
      if (seen.has(realPath)) break;
      seen.add(realPath);
      if (file.encoding === 'utf8-lossy') warnings.push(`${display}: invalid UTF-8 sequences were replaced by U+FFFD`);
      const guidance = { path: display, source: 'project' as const, realPath, content: file.content, totalBytes: file.totalBytes, isCutAtRead: file.truncated };
      const imports = await followImports(guidance, { runtime: options.runtime, projectRoot, workingDirectory: options.workingDirectory, maxBytes: options.maxBytes, seen, counter, warnings, ...optionalSignal(options.signal) });
      loaded.push(guidance, ...imports);
      break;
    }
  }
  const texts = loaded.map((file) => neutralizeReminderTags(file.content));
  const allowances = shareBudget(texts.map(utf8ByteLength), options.maxBytes);
  const files: GuidanceFile[] = [];
  for (const [index, file] of loaded.entries()) {
    const cut = truncateUtf8(texts[index] ?? '', allowances[index] ?? 0);
    if (cut.text.trim().length === 0 && !cut.truncated && !file.isCutAtRead) continue;
    const guidance: GuidanceFile = {
      path: file.path,
      source: file.source,
      bytes: cut.bytes,
      totalBytes: file.totalBytes,
      truncated: cut.truncated || file.isCutAtRead,
      text: cut.text,
    };
    if (file.realPath !== undefined) guidance.realPath = file.realPath;
    if (file.importedBy !== undefined) guidance.importedBy = file.importedBy;
    if (guidance.truncated) warnings.push(`${file.path}: cut to ${cut.bytes} of ${file.totalBytes} bytes (guidance.maxBytes ${options.maxBytes} is shared by ${loaded.length} file(s))`);
    files.push(guidance);
  }
  return { files, promptSection: renderGuidanceSection(files, options.maxBytes), warnings };
}

function toDisplayPath(absolute: string, workingDirectory: string): string {
  return path.relative(workingDirectory, absolute).split(path.sep).join('/');
}

function optionalSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal === undefined ? {} : { signal };
}
