import type { Dirent } from 'node:fs';
import { fileKindOf } from '../file-system/assert-regular-file.js';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SKIP_DIRS, InvalidInputError } from '../../core/index.js';
import type { FileKind } from '../../core/index.js';
import { loadIgnoreLevel, matchIgnoreLevels } from './ignore-levels.js';
import type { IgnoreLevel } from './ignore-levels.js';
import { createOverrideGlobs } from './override-globs.js';
import type { OverrideGlobs } from './override-globs.js';
import { createTimeSlicer } from './create-time-slicer.js';
import { comparePaths } from './path-order.js';
import { isErrnoError } from './is-errno-error.js';

/**
 * Directory levels below the walk's start that are entered: entries at most
 * this deep are yielded, deeper directories are not descended into. No real
 * project nests this deep; a hostile chain of thousands of levels would
 * otherwise cost time and memory in every path (each is as long as its depth).
 * The ripgrep engine gets the same bound (`--max-depth`).
 */
export const MAX_WALK_DEPTH = 256;

/** One entry the walk selected. */
export interface WalkEntry {
  /** Relative to the walk root, forward slashes. */
  path: string;
  absolutePath: string;
  /** The entry itself, never what a symlink points to. */
  kind: FileKind;
}

/** What walkFiles walks and which entries it keeps. */
export interface WalkFilesOptions {
  /** Absolute directory: entry paths are relative to it and ignore files are read from it down. */
  root: string;
  /** Absolute directory inside `root` where the walk starts (default `root`). It is never filtered itself. */
  start?: string;
  /** Descend into subdirectories (default true). */
  recursive?: boolean;
  /** Honour `.gitignore`, `.ignore`, `.rgignore` and `.git/info/exclude` (default true). */
  respectIgnoreFiles?: boolean;
  /** Yield entries whose name starts with `.` too, as `rg --hidden` does (default false). */
  includeHidden?: boolean;
  /** Include/exclude globs and skipped directories (default: skip DEFAULT_SKIP_DIRS). */
  overrides?: OverrideGlobs;
  /** Yield only directories (files are not matched at all): a cheap pass over the directories a search enters. */
  isDirectoriesOnly?: boolean;
  /** Called with each directory's entries as it is opened (the start and its ancestors' ignore files aside). */
  onDirectory?: (absoluteDirectory: string, names: ReadonlyMap<string, 'file' | 'directory' | 'other'>) => void;
  signal?: AbortSignal;
}

interface Frame {
  absolute: string;
  relative: string;
  /** Levels below the start: 0 for the start itself. */
  depth: number;
  entries: Dirent[];
  next: number;
  levels: readonly IgnoreLevel[];
}

/**
 * Walks a directory tree the way ripgrep selects files, yielding entries in
 * `rg --sort path` order (depth first, siblings by code point, a directory
 * right before its contents). Per entry, as in ripgrep: overrides decide
 * first; then ignore files (see matchIgnoreLevels); then entries whose name
 * starts with `.` are skipped. Symlinks are yielded as `symlink` and never
 * followed. Directories MAX_WALK_DEPTH levels below the start are yielded
 * but not entered. Unreadable subdirectories are skipped, like ripgrep does after
 * printing an error; an unreadable `start` throws the fs error.
 *
 * The filesystem calls are synchronous and the walk yields to the event
 * loop every SYNC_SLICE_MS (see createTimeSlicer for why). Stop early by
 * leaving the loop; an aborted `signal` throws its reason.
 */
export async function* walkFiles(options: WalkFilesOptions): AsyncGenerator<WalkEntry> {
  const slicer = createTimeSlicer();
  for (const entry of walkFilesSync(options)) {
    yield entry;
    await slicer.maybeYield();
  }
}

/**
 * The synchronous walk behind walkFiles, for callers that slice their own
 * work (the Node search reads each file in the same slice). It never yields
 * to the event loop by itself.
 *
 * Hand-written over `readdirSync` rather than a walker library: the order,
 * the per-level ignore files and the override precedence must match
 * ripgrep exactly, and callers stop early by leaving the loop.
 */
export function* walkFilesSync(options: WalkFilesOptions): Generator<WalkEntry> {
  const recursive = options.recursive ?? true;
  const respectIgnoreFiles = options.respectIgnoreFiles ?? true;
  const includeHidden = options.includeHidden ?? false;
  const overrides = options.overrides ?? createOverrideGlobs({ globs: [], excludeGlobs: [], skipDirs: DEFAULT_SKIP_DIRS });
  const start = options.start ?? options.root;
  const startRelative = toRelative(options.root, start);
  const ancestorLevels = respectIgnoreFiles ? loadAncestorLevels(options.root, startRelative) : [];

  const openFrame = (absolute: string, relative: string, depth: number, levels: readonly IgnoreLevel[]): Frame => {
    const entries = fs.readdirSync(absolute, { withFileTypes: true });
    entries.sort((left, right) => comparePaths(left.name, right.name));
    const names = namesOf(entries);
    options.onDirectory?.(absolute, names);
    const level = respectIgnoreFiles ? loadIgnoreLevel(absolute, relative, names) : null;
    return { absolute, relative, depth, entries, next: 0, levels: level ? [...levels, level] : levels };
  };

  const stack: Frame[] = [openFrame(start, startRelative, 0, ancestorLevels)];
  while (stack.length > 0) {
    options.signal?.throwIfAborted();
    const frame = stack[stack.length - 1] as Frame;
    const dirent = frame.entries[frame.next];
    if (dirent === undefined) {
      stack.pop();
      continue;
    }
    frame.next += 1;
    const kind = kindOf(dirent);
    const isDirectory = kind === 'directory';
    if (options.isDirectoriesOnly === true && !isDirectory) continue;
    const relative = frame.relative === '' ? dirent.name : `${frame.relative}/${dirent.name}`;
    const override = overrides.match(relative, dirent.name, isDirectory);
    if (override === 'ignore') continue;
    if (override === null) {
      const verdict = respectIgnoreFiles ? matchIgnoreLevels(frame.levels, relative, isDirectory) : null;
      if (verdict === 'ignore') continue;
      if (verdict === null && !includeHidden && dirent.name.startsWith('.')) continue;
    }
    const absolutePath = path.join(frame.absolute, dirent.name);
    yield { path: relative, absolutePath, kind };
    if (isDirectory && recursive && frame.depth + 1 < MAX_WALK_DEPTH) {
      let child: Frame;
      try {
        child = openFrame(absolutePath, relative, frame.depth + 1, frame.levels);
      } catch (error) {
        // Vanished or unreadable: ripgrep reports it and walks on; so do we.
        if (isErrnoError(error)) continue;
        throw error;
      }
      stack.push(child);
    }
  }
}

/** The kind of a directory entry, without following symlinks. */
export function kindOf(dirent: Dirent): FileKind {
  return fileKindOf(dirent);
}

/** Ignore files of the directories from `root` down to (not including) the start directory. */
function loadAncestorLevels(root: string, startRelative: string): IgnoreLevel[] {
  if (startRelative === '') return [];
  const levels: IgnoreLevel[] = [];
  const segments = startRelative.split('/');
  for (let depth = 0; depth < segments.length; depth += 1) {
    const relative = segments.slice(0, depth).join('/');
    const absolute = path.join(root, ...segments.slice(0, depth));
    const entries = fs.readdirSync(absolute, { withFileTypes: true });
    const level = loadIgnoreLevel(absolute, relative, namesOf(entries));
    if (level) levels.push(level);
  }
  return levels;
}

function namesOf(entries: readonly Dirent[]): Map<string, 'file' | 'directory' | 'other'> {
  const names = new Map<string, 'file' | 'directory' | 'other'>();
  for (const entry of entries) {
    if (entry.name.startsWith('.')) names.set(entry.name, entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other');
  }
  return names;
}

function toRelative(root: string, target: string): string {
  const relative = path.relative(root, target);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    throw new InvalidInputError('start', `${target} is not inside the walk root ${root}`);
  }
  return relative.split(path.sep).join('/');
}
