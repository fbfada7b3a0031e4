import fs from 'node:fs/promises';
import path from 'node:path';
import { isPathInside } from '../../core/index.js';

/** Inside the workspace, what a sandboxed command may read but never write: repository-run programs and brass-agent's own config. */
export const PROTECTED_WORKSPACE_PATHS: readonly string[] = ['.git/config', '.git/hooks', '.brass-agent.json', '.brass-agent'];

/**
 * When the workspace is the home directory (or holds it), hiding the home
 * directory would hide the workspace: these stay hidden inside it instead.
 */
export const HOME_SECRET_PATHS: readonly string[] = [
  '.ssh', '.aws', '.azure', '.gnupg', '.config', '.docker', '.kube', '.npmrc', '.yarnrc', '.netrc', '.pypirc', '.git-credentials',
  '.bash_history', '.zsh_history', '.python_history', '.node_repl_history', '.local/share/keyrings', '.password-store', '.cargo/credentials.toml',
];

/** The real path of `candidate`, or null when it does not exist. */
export async function realPathOrNull(candidate: string): Promise<string | null> {
  try {
    return await fs.realpath(candidate);
  } catch (error) {
    if (error instanceof Error && 'code' in error) return null;
    throw error;
  }
}

/** Whether anything (file, directory, dangling link) is at `candidate`. */
export async function exists(candidate: string): Promise<boolean> {
  try {
    await fs.lstat(candidate);
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error) return false;
    throw error;
  }
}

/** `~/x` → `<home>/x`; absolute paths unchanged (the schema allows nothing else). */
export function expandHome(value: string, homeDir: string): string {
  return value === '~' ? homeDir : value.startsWith('~/') ? path.join(homeDir, value.slice(2)) : value;
}

/**
 * Directories of programs commands need although they lie in a hidden
 * directory (nvm's node under HOME, a checkout under /tmp): every absolute
 * PATH entry, the running node's prefix, and `extra`. An entry that is a
 * hidden directory itself or holds one (PATH containing `~` or `/`) is never
 * shown: it would show the whole home directory.
 */
export function toolchainPaths(options: { env: NodeJS.ProcessEnv; hiddenPaths: readonly string[]; extra: readonly string[] }): string[] {
  const entries = (options.env.PATH ?? '').split(path.delimiter).filter((entry) => path.isAbsolute(entry));
  const nodePrefix = path.dirname(path.dirname(process.execPath));
  const candidates = [...entries, nodePrefix, ...options.extra].map((entry) => path.resolve(entry));
  const isHiddenInside = (entry: string) => options.hiddenPaths.some((hidden) => isPathInside(entry, hidden, false) && entry !== hidden);
  const holdsHidden = (entry: string) => options.hiddenPaths.some((hidden) => isPathInside(hidden, entry, false));
  return [...new Set(candidates.filter((entry) => isHiddenInside(entry) && !holdsHidden(entry)))];
}
