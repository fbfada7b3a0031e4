import type { Dirent } from 'node:fs';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SKIP_DIRS, InvalidInputError } from '../../core/index.js';
import type { FileKind } from '../../core/index.js';
import { fileKindOf } from '../file-system/assert-regular-file.js';
import { createDirectoryIgnoreMatcher, loadIgnoreLevel } from './ignore-levels.js';
import type { IgnoreLevel } from './ignore-levels.js';
import { isErrnoError } from '../file-system/is-errno-error.js';
import { createOverrideGlobs } from './override-globs.js';
import type { OverrideGlobs } from './override-globs.js';
import { comparePaths } from './path-order.js';

/**
 * Directory levels below the walk's start that are entered: entries at most
 * this deep are yielded, deeper directories are not descended into. No real
 * project nests this deep; a hostile chain of thousands of levels would
 * otherwise cost time and memory in every path (each is as long as its depth).
 * The ripgrep engine gets the same bound (`--max-depth`).
 */
export const MAX_WALK_DEPTH = 256;

/** What a walk walks and which entries it keeps (see walkFiles). */
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
  /**
   * Yield only entries with one of these names, of any kind (a directory of
   * another name is still entered unless ignored, so its contents are
   * found). An entry of another name that is not a directory costs one set
   * lookup: no ignore matching, no path, no entry. The entries yielded are
   * exactly those the walk without `names` yields with one of these names.
   */
  names?: ReadonlySet<string>;
  /** Levels below the start whose entries are yielded (1: the start's own entries, as `rg --max-depth 1`); capped at MAX_WALK_DEPTH, the default. */
  maxDepth?: number;
  /** No further directory is opened once this many entries were read (ignored, filtered and hidden ones included); see TreeWalk.isCut. */
  maxReadEntries?: number;
  /** Called with each directory's entries as it is opened (the start and its ancestors' ignore files aside). */
  onDirectory?: (absoluteDirectory: string, names: ReadonlyMap<string, 'file' | 'directory' | 'other'>) => void;
  signal?: AbortSignal;
}

/**
 * Receives one selected entry: its root-relative path, its kind, and its
 * absolute path as `absolutePrefix + name` (split so that callers that never
 * need it do not build it). Returning false stops the walk.
 */
export type WalkVisitor = (relativePath: string, kind: FileKind, absolutePrefix: string, name: string) => boolean | void;

/**
 * Runs the walk on until it is finished (true: every entry visited, or the
 * visitor stopped it) or `shouldPause` said so (false: call again to go
 * on). `shouldPause` is asked after each directory is opened and every
 * PAUSE_CHECK_ENTRIES entries within a directory.
 */
export type TreeWalkStep = (visit: WalkVisitor, shouldPause: () => boolean) => boolean;

/** A walk in progress: its step, and what it has read so far. */
export interface TreeWalk {
  step: TreeWalkStep;
  /** Directory entries read so far: every entry of every directory opened (the start's ancestors, read for their ignore files, aside). */
  readonly readEntries: number;
  /** Whether `maxReadEntries` kept a directory from being opened: entries further on were not looked at. */
  readonly isCut: boolean;
}

interface Frame {
  /** Absolute path of the directory with a trailing separator. */
  absolutePrefix: string;
  /** Levels below the start: 0 for the start itself. */
  depth: number;
  /** The entries the walk keeps, sorted by name: names, kinds and root-relative paths side by side (no object per entry). */
  names: string[];
  kinds: FileKind[];
  paths: string[];
  /** Whether each entry goes to the visitor; false only for a directory a `names` filter walks through without yielding it. */
  isYielded: boolean[];
  next: number;
  levels: readonly IgnoreLevel[];
}

/**
 * The walk behind walkFiles, walkFilesSync and visitFiles, one directory per
 * step: each directory is read whole (readdirSync with file types), its
 * entries filtered once (overrides, then ignore rules matched with one
 * matcher per directory, then the hidden rule) and sorted by name, so that
 * the loop over entries does no more than hand each to the visitor. The
 * start directory is read at once: an unreadable start throws its fs error.
 * The signal is checked as each directory is opened; callers check it
 * between steps too. Throws InvalidInputError for a bad `maxDepth` or
 * `maxReadEntries`.
 */
export function createTreeWalk(options: WalkFilesOptions): TreeWalk {
  const recursive = options.recursive ?? true;
  const respectIgnoreFiles = options.respectIgnoreFiles ?? true;
  const includeHidden = options.includeHidden ?? false;
  const isDirectoriesOnly = options.isDirectoriesOnly ?? false;
  const overrides = options.overrides ?? createOverrideGlobs({ globs: [], excludeGlobs: [], skipDirs: DEFAULT_SKIP_DIRS });
  const wanted = options.names ?? null;
  const maxDepth = Math.min(positiveInteger('maxDepth', options.maxDepth ?? MAX_WALK_DEPTH), MAX_WALK_DEPTH);
  const maxReadEntries = positiveInteger('maxReadEntries', options.maxReadEntries ?? Number.MAX_SAFE_INTEGER);
  const start = options.start ?? options.root;
  const startRelative = toRelative(options.root, start);
  const ancestorLevels = respectIgnoreFiles ? loadAncestorLevels(options.root, startRelative) : [];
  let readEntries = 0;
  let isCut = false;

  const openFrame = (absolute: string, relative: string, depth: number, inherited: readonly IgnoreLevel[]): Frame => {
    options.signal?.throwIfAborted();
    const dirents = fs.readdirSync(absolute, { withFileTypes: true });
    readEntries += dirents.length;
    const names = namesOf(dirents);
    options.onDirectory?.(absolute, names);
    const level = respectIgnoreFiles ? loadIgnoreLevel(absolute, relative, names) : null;
    const levels = level ? [...inherited, level] : inherited;
    const isIgnored = createDirectoryIgnoreMatcher(levels, relative);
    const prefix = relative === '' ? '' : `${relative}/`;
    const isEntering = recursive && depth + 1 < maxDepth;
    // A name filter drops first what can be neither yielded nor entered, one set lookup each: few entries are left.
    const candidates = wanted === null ? dirents : dirents.filter((dirent) => wanted.has(dirent.name) || (isEntering && dirent.isDirectory()));
    // Sorted before the rules run (cheap: readdir output mostly comes sorted already), so the kept entries stay in order.
    candidates.sort(candidates.some(hasSurrogate) ? compareByCodePoint : compareByCodeUnit);
    const frame: Frame = { absolutePrefix: absolute.endsWith(path.sep) ? absolute : `${absolute}${path.sep}`, depth, names: [], kinds: [], paths: [], isYielded: [], next: 0, levels };
    for (const dirent of candidates) {
      const kind = fileKindOf(dirent);
      const isDirectory = kind === 'directory';
      if (isDirectoriesOnly && !isDirectory) continue;
      const name = dirent.name;
      const entryPath = prefix + name;
      const override = overrides.match(entryPath, name, isDirectory);
      if (override === 'ignore') continue;
      if (override === null) {
        const verdict = isIgnored === null ? null : isIgnored(name, isDirectory);
        if (verdict === 'ignore') continue;
        if (verdict === null && !includeHidden && name.charCodeAt(0) === DOT) continue;
      }
      frame.names.push(name);
      frame.kinds.push(kind);
      frame.paths.push(entryPath);
      frame.isYielded.push(wanted === null || wanted.has(name));
    }
    return frame;
  };

  const stack: Frame[] = [openFrame(start, startRelative, 0, ancestorLevels)];
  let visited = 0;
  const step: TreeWalkStep = (visit, shouldPause) => {
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      const index = frame.next;
      if (index === frame.names.length) {
        stack.pop();
        continue;
      }
      frame.next += 1;
      const name = frame.names[index] as string;
      const kind = frame.kinds[index] as FileKind;
      const entryPath = frame.paths[index] as string;
      if (frame.isYielded[index] === true && visit(entryPath, kind, frame.absolutePrefix, name) === false) {
        stack.length = 0;
        return true;
      }
      visited += 1;
      if (kind !== 'directory' || !recursive || frame.depth + 1 >= maxDepth) {
        // A directory of a million files must not hold the event loop either: the slice is checked every so often.
        if (visited % PAUSE_CHECK_ENTRIES === 0 && shouldPause()) return false;
        continue;
      }
      if (readEntries >= maxReadEntries) {
        isCut = true;
        continue;
      }
      let child: Frame;
      try {
        child = openFrame(frame.absolutePrefix + name, entryPath, frame.depth + 1, frame.levels);
      } catch (error) {
        // Vanished or unreadable: ripgrep reports it and walks on; so do we.
        if (isErrnoError(error)) continue;
        throw error;
      }
      stack.push(child);
      if (shouldPause()) return false;
    }
    return true;
  };
  return {
    step,
    get readEntries() {
      return readEntries;
    },
    get isCut() {
      return isCut;
    },
  };
}

function positiveInteger(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new InvalidInputError(field, `must be a positive integer (got ${value})`);
  return value;
}

const DOT = 0x2e;
/** Entries visited between two slice checks inside one directory (a check costs a clock read). */
const PAUSE_CHECK_ENTRIES = 1_024;
const SURROGATE = /[\ud800-\udfff]/;

function hasSurrogate(dirent: Dirent): boolean {
  return SURROGATE.test(dirent.name);
}

function compareByCodeUnit(left: Dirent, right: Dirent): number {
  return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}

function compareByCodePoint(left: Dirent, right: Dirent): number {
  return comparePaths(left.name, right.name);
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

/** The dot-entries of a directory, which is all loadIgnoreLevel and onDirectory look at. */
function namesOf(entries: readonly Dirent[]): Map<string, 'file' | 'directory' | 'other'> {
  const names = new Map<string, 'file' | 'directory' | 'other'>();
  for (const entry of entries) {
    if (entry.name.charCodeAt(0) === DOT) names.set(entry.name, entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other');
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
