import fs from 'node:fs';
import path from 'node:path';
import { RACY_WINDOW_MS } from '../../core/index.js';
import { isErrnoError } from '../file-system/is-errno-error.js';

// A stamp within RACY_WINDOW_MS of now may hide a change made in the same tick of the file system's clock: no stamp then.
/** Config files larger than this are not read for `include`: no stamp. */
const MAX_CONFIG_BYTES = 256 * 1024;
/** Variables that move git's directories or add configuration: with any set, git is asked every time. */
const MOVING_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_CONFIG', 'GIT_CONFIG_COUNT', 'GIT_CONFIG_PARAMETERS', 'GIT_NAMESPACE', 'GIT_CEILING_DIRECTORIES'];

/**
 * What git's read-only answers about a workspace depend on, as one string:
 * `.git/HEAD` (its text), the ref it names (loose and packed), `.git/shallow`,
 * the repository's config and the global and system config files, each by
 * inode, size, mtime and ctime. Equal stamps mean `git config` and
 * `git rev-parse HEAD` would answer the same, so a connection may keep their
 * last answers (see createGitAnswerMemo). Take the stamp before running git:
 * a change between the two then only makes the next stamp differ.
 *
 * Null, so git is asked every time, whenever anything is unusual: `.git`
 * is not a directory (a worktree, a submodule), HEAD is neither a branch
 * ref nor a commit id, the repository has a `commondir` or reftable, a
 * config file includes another (or is too large to tell), a variable
 * moves git's directories, or a stamp is younger than RACY_WINDOW_MS.
 */
export function createGitStateStamp(options: { root: string; env: NodeJS.ProcessEnv; homeDir: string }): () => string | null {
  const { root, env, homeDir } = options;
  const gitDirectory = path.join(root, '.git');
  const configFiles = [
    path.join(gitDirectory, 'config'),
    env.GIT_CONFIG_GLOBAL,
    path.join(env.HOME ?? homeDir, '.gitconfig'),
    path.join(homeDir, '.gitconfig'),
    path.join(env.XDG_CONFIG_HOME ?? path.join(env.HOME ?? homeDir, '.config'), 'git', 'config'),
    path.join(homeDir, '.config', 'git', 'config'),
    env.GIT_CONFIG_SYSTEM,
    '/etc/gitconfig',
  ].filter((file): file is string => file !== undefined && file !== '');
  return () => {
    if (MOVING_VARIABLES.some((name) => env[name] !== undefined)) return null;
    try {
      if (!fs.lstatSync(gitDirectory).isDirectory()) return null;
      const head = fs.readFileSync(path.join(gitDirectory, 'HEAD'), 'utf8');
      const ref = /^ref: (refs\/heads\/[^\s\\]+)\n?$/.exec(head)?.[1];
      if (ref === undefined && !/^[0-9a-f]{40,64}\n?$/.test(head)) return null;
      if (ref !== undefined && ref.split('/').includes('..')) return null;
      if (stampOf(path.join(gitDirectory, 'commondir')) !== null || stampOf(path.join(gitDirectory, 'reftable')) !== null) return null;
      const files = [path.join(gitDirectory, 'HEAD'), ...(ref === undefined ? [] : [path.join(gitDirectory, ref)]), path.join(gitDirectory, 'packed-refs'), path.join(gitDirectory, 'shallow'), ...configFiles];
      const stamps = files.map(stampOf);
      const now = Date.now();
      if (stamps.some((stamp) => stamp !== null && stamp[2] >= now - RACY_WINDOW_MS)) return null;
      for (const [index, file] of files.entries()) if (stamps[index] !== null && index >= files.length - configFiles.length && !isPlainConfig(file, stamps[index]!)) return null;
      return JSON.stringify([head, files, stamps]);
    } catch (error) {
      if (isErrnoError(error)) return null;
      throw error;
    }
  };
}

/** [inode, size, mtime, ctime] of an entry (not followed), or null when it is missing. */
function stampOf(file: string): [number, number, number, number] | null {
  try {
    const stats = fs.lstatSync(file);
    return [stats.ino, stats.size, stats.mtimeMs, stats.ctimeMs];
  } catch (error) {
    if (isErrnoError(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return null;
    throw error;
  }
}

/** A regular config file that includes no other (an included file would need its own stamp). */
function isPlainConfig(file: string, stamp: [number, number, number, number]): boolean {
  if (stamp[1] > MAX_CONFIG_BYTES) return false;
  const stats = fs.lstatSync(file);
  if (!stats.isFile()) return false;
  return !/\binclude/i.test(fs.readFileSync(file, 'utf8'));
}
