import fs from 'node:fs';
import path from 'node:path';
import { FileAccessError } from '../../core/index.js';
import { readRegularFileSync } from '../file-system/read-regular-file-sync.js';
import { compileGitignoreRules, splitIgnoreFile } from './gitignore-rules.js';
import type { GitignoreRules, RuleMatch } from './gitignore-rules.js';
import { toGlobSubject } from './glob-to-regexp.js';
import { isErrnoError } from '../file-system/is-errno-error.js';

/** Ignore files larger than this are read only up to it (a hostile repository cannot exhaust memory). */
export const MAX_IGNORE_FILE_BYTES = 4 * 1024 * 1024;

/** The ignore rules one directory contributes, relative to that directory. */
export interface IgnoreLevel {
  /** The directory's path relative to the walk root, `''` for the root itself. */
  directory: string;
  /** `.rgignore`, `.ignore`, `.gitignore`, `.git/info/exclude`: highest precedence first. */
  rules: ReadonlyArray<GitignoreRules | null>;
}

const IGNORE_FILE_NAMES = ['.rgignore', '.ignore', '.gitignore'] as const;

/**
 * The first ignore file of a directory that is not a regular file (a FIFO,
 * socket, device, or a symlink, which ripgrep would follow), or null.
 * `names` are the directory's entries as loadIgnoreLevel takes them.
 * ripgrep opens ignore files with a blocking open, so one such file hangs
 * it: the ripgrep engine looks for them first (see hasSpecialIgnoreFile).
 */
export function findSpecialIgnoreFile(absoluteDirectory: string, names: ReadonlyMap<string, 'file' | 'directory' | 'other'>): string | null {
  for (const name of IGNORE_FILE_NAMES) if (names.get(name) === 'other') return path.join(absoluteDirectory, name);
  if (names.get('.git') !== 'directory') return null;
  const exclude = path.join(absoluteDirectory, '.git', 'info', 'exclude');
  try {
    return fs.lstatSync(exclude).isFile() ? null : exclude;
  } catch (error) {
    if (isErrnoError(error)) return null;
    throw error;
  }
}

/**
 * Reads the ignore files ripgrep honours in one directory: `.rgignore`,
 * `.ignore`, `.gitignore` and, when the directory holds a `.git` directory,
 * `.git/info/exclude`. `names` are the directory's entries (already listed
 * by the walker, so no file is opened blindly). Returns null when the
 * directory has none. Unreadable ignore files count as absent, as in ripgrep,
 * and so do ignore files that are not regular files: a FIFO, socket, device
 * or symlink named `.gitignore` is never opened in a way that could block or
 * read elsewhere (git, too, does not follow a symlinked `.gitignore`), and
 * `.git/info/exclude` must really lie in that `.git` directory.
 *
 * Not covered: a `.git` *file* (worktree, submodule) pointing elsewhere for
 * its `info/exclude`, and git's global excludes file (the ripgrep engine runs
 * with `--no-ignore-global` to match).
 */
export function loadIgnoreLevel(
  absoluteDirectory: string,
  directory: string,
  names: ReadonlyMap<string, 'file' | 'directory' | 'other'>,
): IgnoreLevel | null {
  const files = IGNORE_FILE_NAMES.map((name) => (names.get(name) === 'file' || names.get(name) === 'other' ? path.join(absoluteDirectory, name) : null));
  const exclude = names.get('.git') === 'directory' ? path.join(absoluteDirectory, '.git', 'info', 'exclude') : null;
  const rules = [...files.map((file) => (file === null ? null : readRules(file))), exclude === null ? null : readRules(exclude, gitDirectoryCheck(absoluteDirectory))];
  if (rules.every((rule) => rule === null)) return null;
  return { directory, rules };
}

/**
 * What the ignore files say about the entries of one directory, by name:
 * for each kind of file in precedence order, the deepest directory with a
 * matching rule decides; the first kind with a verdict wins. So a
 * `!keep.log` in a `.ignore` re-includes what a `.gitignore` ignores.
 * Precompiled once per directory: the rule sets in the order they are
 * consulted, each with the directory's path relative to the rules' own
 * directory (as a glob subject), so matching an entry slices nothing.
 * `relativeDirectory` is the directory's path relative to the walk root
 * (`''` for the root); `levels` are those of the directory and its
 * ancestors, ordered from the root down. Null when there are no rules.
 */
export function createDirectoryIgnoreMatcher(levels: readonly IgnoreLevel[], relativeDirectory: string): ((name: string, isDirectory: boolean) => RuleMatch) | null {
  const ruleSets: GitignoreRules[] = [];
  const subjectPrefixes: string[] = [];
  for (let kind = 0; kind < 4; kind += 1) {
    for (let depth = levels.length - 1; depth >= 0; depth -= 1) {
      const level = levels[depth] as IgnoreLevel;
      const rules = level.rules[kind];
      if (!rules) continue;
      const local = level.directory === '' ? relativeDirectory : relativeDirectory.slice(level.directory.length + 1);
      ruleSets.push(rules);
      // UTF-8 bytes of a concatenation are the concatenation of the bytes: the prefix is converted once.
      subjectPrefixes.push(toGlobSubject(local === '' ? '' : `${local}/`));
    }
  }
  const count = ruleSets.length;
  if (count === 0) return null;
  return (name, isDirectory) => {
    const nameSubject = toGlobSubject(name);
    for (let index = 0; index < count; index += 1) {
      const verdict = (ruleSets[index] as GitignoreRules).matchGlobSubject((subjectPrefixes[index] as string) + nameSubject, isDirectory);
      if (verdict !== null) return verdict;
    }
    return null;
  };
}

function readRules(file: string, isContained?: (realPath: string) => boolean): GitignoreRules | null {
  let text: string;
  try {
    text = readRegularFileSync(file, { maxBytes: MAX_IGNORE_FILE_BYTES, ...(isContained === undefined ? {} : { isContained }) }).data.toString('utf8');
  } catch (error) {
    // Missing, unreadable, special or a directory: ripgrep reports it and walks on without the file.
    if (FileAccessError.isInstance(error) || isErrnoError(error)) return null;
    throw error;
  }
  const rules = compileGitignoreRules(splitIgnoreFile(text), { onInvalid: 'skip' });
  return rules.size === 0 ? null : rules;
}

/** `.git/info/exclude` must resolve inside the directory's own `.git` (its `info` could be a symlink). */
function gitDirectoryCheck(absoluteDirectory: string): (realPath: string) => boolean {
  let realGit: string | null;
  try {
    realGit = fs.realpathSync(path.join(absoluteDirectory, '.git'));
  } catch (error) {
    if (!isErrnoError(error)) throw error;
    realGit = null;
  }
  return (realPath) => realGit !== null && realPath.startsWith(`${realGit}${path.sep}`);
}
