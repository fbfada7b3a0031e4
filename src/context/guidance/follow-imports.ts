import path from 'node:path';
import { type Runtime, isPathInside } from '../../core/index.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import { findImports } from './find-imports.js';

/** Imports followed from a guidance file, counting each step (`AGENTS.md -> a.md` is one). */
export const MAX_IMPORT_HOPS = 5;

/** Imported files loaded in one guidance resolution; a file listing hundreds of imports cannot make hundreds of reads. */
export const MAX_IMPORTED_FILES = 32;

/** `@path` imports looked at in one guidance resolution, followed or not: past it one warning, not one per import. */
export const MAX_IMPORTS_CONSIDERED = 64;

/** A guidance file as read, before the budget is shared. */
export interface LoadedGuidance {
  /** Path relative to the working directory (or the user file's display path). */
  path: string;
  source: 'user' | 'project';
  /** Absolute real path; absent for the user file. */
  realPath?: string;
  content: string;
  totalBytes: number;
  isCutAtRead: boolean;
  /** `path` of the file whose `@path` import pulled this one in. */
  importedBy?: string;
}

export interface FollowImportsOptions {
  runtime: Runtime;
  /** Absolute real path of the project root: no import leaves it. */
  projectRoot: string;
  /** Absolute real path of the working directory, for display paths. */
  workingDirectory: string;
  /** Read cap of each import (`guidance.maxBytes`: the budget is shared afterwards). */
  maxBytes: number;
  /** Real paths already in the prompt; imports of them are not repeated. Updated. */
  seen: Set<string>;
  /** Imported files loaded and imports looked at so far in this resolution. Updated. */
  counter: { imported: number; considered: number };
  warnings: string[];
  signal?: AbortSignal;
}

/**
 * The files a guidance file imports with `@path` (see findImports), depth
 * first, each right after the file that imports it. A path must be relative
 * to the importing file and stay inside the project root, before and after
 * symlinks are resolved; it is read through the runtime like the guidance
 * itself (scope, permission rules, safe read: no FIFOs or devices, at most
 * `maxBytes` read). A cycle, a chain longer than MAX_IMPORT_HOPS, more than
 * MAX_IMPORTED_FILES imports or an unreadable file is skipped with a
 * warning naming the importing file and the import; past
 * MAX_IMPORTS_CONSIDERED imports the rest are dropped with one warning. A
 * file already loaded is not loaded again.
 */
export async function followImports(importer: LoadedGuidance & { realPath: string }, options: FollowImportsOptions): Promise<LoadedGuidance[]> {
  return follow(importer, [importer], options);
}

async function follow(importer: LoadedGuidance & { realPath: string }, chain: readonly LoadedGuidance[], options: FollowImportsOptions): Promise<LoadedGuidance[]> {
  const loaded: LoadedGuidance[] = [];
  const { warnings } = options;
  // The warning for a path already on the chain (by its real path), or null.
  const cycleThrough = (realPath: string): string | null => {
    const at = chain.findIndex((file) => file.realPath === realPath);
    return at === -1 ? null : `import cycle (${describeCycle(chain.slice(at), chain[at]!)})`;
  };
  for (const token of await findImports(importer.content)) {
    options.counter.considered += 1;
    if (options.counter.considered > MAX_IMPORTS_CONSIDERED) {
      if (options.counter.considered === MAX_IMPORTS_CONSIDERED + 1) warnings.push(`${importer.path}: @${token} and every later import: not followed: more than ${MAX_IMPORTS_CONSIDERED} imports in the guidance`);
      return loaded;
    }
    const skip = (reason: string): void => void warnings.push(`${importer.path}: @${token}: not imported: ${reason}`);
    if (path.isAbsolute(token) || token.startsWith('~')) {
      skip('only paths relative to the importing file are followed');
      continue;
    }
    const absolute = path.resolve(path.dirname(importer.realPath), token);
    if (!isPathInside(absolute, options.projectRoot, false)) {
      skip('it lies outside the project root');
      continue;
    }
    const cycle = cycleThrough(absolute);
    if (cycle !== null) {
      skip(cycle);
      continue;
    }
    if (chain.length > MAX_IMPORT_HOPS) {
      skip(`more than ${MAX_IMPORT_HOPS} imports deep (${chain.map((file) => file.path).join(' -> ')})`);
      continue;
    }
    if (options.counter.imported >= MAX_IMPORTED_FILES) {
      skip(`more than ${MAX_IMPORTED_FILES} files are imported`);
      continue;
    }
    // Resolved first: a link out of the project is refused before the runtime would ask anyone to approve the read.
    const resolved = await options.runtime.scope.resolve(absolute);
    if (resolved.exists && !isPathInside(resolved.absolutePath, options.projectRoot, false)) {
      skip('it resolves outside the project (a symlink pointing elsewhere)');
      continue;
    }
    const observation = await options.runtime.execute({ kind: 'fs.readFile', path: absolute, maxBytes: options.maxBytes }, options.signal === undefined ? {} : { signal: options.signal });
    if (!observation.ok) {
      skip(observation.error.code === 'not-found' ? 'there is no such file' : describeReadFailure(observation.error, 'project'));
      continue;
    }
    const file = observation.value;
    const realPath = path.isAbsolute(file.path) ? file.path : path.join(options.runtime.scope.root, file.path);
    if (!isPathInside(realPath, options.projectRoot, false)) {
      skip('it resolves outside the project (a symlink pointing elsewhere)');
      continue;
    }
    // Seen again through a link: the same cycle by its real path.
    const linkedCycle = cycleThrough(realPath);
    if (linkedCycle !== null) {
      skip(linkedCycle);
      continue;
    }
    if (options.seen.has(realPath)) continue;
    options.seen.add(realPath);
    options.counter.imported += 1;
    const display = path.relative(options.workingDirectory, absolute).split(path.sep).join('/');
    if (file.encoding === 'utf8-lossy') warnings.push(`${display}: invalid UTF-8 sequences were replaced by U+FFFD`);
    const imported = { path: display, source: 'project' as const, realPath, content: file.content, totalBytes: file.totalBytes, isCutAtRead: file.truncated, importedBy: importer.path };
    loaded.push(imported, ...(await follow(imported, [...chain, imported], options)));
  }
  return loaded;
}

function describeCycle(cycle: readonly LoadedGuidance[], back: LoadedGuidance): string {
  return [...cycle, back].map((file) => file.path).join(' -> ');
}
