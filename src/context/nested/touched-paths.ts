import path from 'node:path';
import { extractArgvPaths } from '../../core/path-scope/extract-command-paths.js';
import type { ShellParser } from '../../core/path-scope/shell-syntax.js';
import type { ToolResultEvent } from './tool-result-event.js';

/** Where touched paths are resolved and how shell commands are read. */
export interface TouchedPathsContext {
  /** Absolute real path of the workspace root. */
  workspaceRoot: string;
  /** The user's home directory, for `~` in shell arguments; absent, such arguments match nothing. */
  homeDir?: string | undefined;
  /** Reads `sh -c` scripts inside commands; absent or null, such scripts add no paths. */
  shellParser?: ShellParser | null | undefined;
}

/** Most paths taken from one validation output (a failing build can name thousands). */
export const MAX_VALIDATION_PATHS = 200;

// A path-like token: at least one `/` or a file extension, optionally followed
// by `:line[:col]` or `(line,col)` as compilers and test runners print them.
const VALIDATION_PATH = /(?:^|[\s'"`(<[{=,])((?:\/|\.{1,2}\/)?[\w@.+~-]+(?:\/[\w@.+~-]+)*(?:\.[A-Za-z0-9]{1,10}|\/))(?=$|[\s'"`)>\]},:;(])/gm;

/**
 * The workspace-relative paths a tool call touched, in order, without
 * duplicates: `paths`, the shell command's working directory and every path
 * the permission layer's command path extractor finds in its arguments (so
 * a grep pattern or a commit message is not a path, `--opt=value` is split,
 * wrappers and `cd` are followed), and paths named in validation output.
 * Absolute paths are made relative to the workspace root; anything that
 * leads outside it is dropped. No filesystem access: a path that does not
 * exist simply matches no context file.
 *
 * @example
 * touchedPaths({ tool: 'shell', ok: true, command: { argv: ['npx', 'vitest', 'packages/api/x.test.ts'] } }, { workspaceRoot: '/repo' });
 * // ['.', 'vitest', 'packages/api/x.test.ts']
 */
export function touchedPaths(event: ToolResultEvent, context: TouchedPathsContext): string[] {
  const { workspaceRoot } = context;
  const found: string[] = [];
  const add = (candidate: string, base = '.'): void => {
    const relative = toWorkspaceRelative(candidate, base, workspaceRoot);
    if (relative !== null && !found.includes(relative)) found.push(relative);
  };
  for (const touched of event.paths ?? []) add(touched);
  for (const touched of event.contentPaths ?? []) add(touched);
  if (event.command !== undefined) {
    const cwd = event.command.cwd ?? '.';
    add(cwd);
    // A NUL byte cannot be in a real path: `~` then names nothing, and toWorkspaceRelative drops it.
    const homeDir = context.homeDir ?? `${path.parse(workspaceRoot).root}\0`;
    const extraction = extractArgvPaths(event.command.argv, { cwd: path.resolve(workspaceRoot, cwd), homeDir, parser: context.shellParser ?? null });
    for (const mention of extraction.mentions) add(mention.path);
  }
  if (event.validationOutput !== undefined) {
    let count = 0;
    for (const match of event.validationOutput.matchAll(VALIDATION_PATH)) {
      if (count === MAX_VALIDATION_PATHS) break;
      add(match[1] ?? '');
      count += 1;
    }
  }
  return found;
}

/** `candidate` relative to the workspace, forward slashes, `.` for the root; null when it leads outside. */
export function toWorkspaceRelative(candidate: string, base: string, workspaceRoot: string): string | null {
  if (candidate.length === 0 || candidate.includes('\0')) return null;
  const absolute = path.isAbsolute(candidate) ? candidate : path.resolve(workspaceRoot, path.isAbsolute(base) ? path.relative(workspaceRoot, base) : base, candidate);
  const relative = path.relative(workspaceRoot, absolute);
  if (relative === '') return '.';
  if (path.isAbsolute(relative) || relative === '..' || relative.startsWith(`..${path.sep}`)) return null;
  return relative.split(path.sep).join('/');
}
