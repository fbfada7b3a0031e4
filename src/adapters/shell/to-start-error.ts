import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CommandStartError } from '../../core/index.js';
import { findExecutable, isExecutableFile } from './find-executable.js';

/**
 * Turns a spawn failure into a one-line CommandStartError naming the command
 * and the reason: `command not found: foo`, `working directory not found: /x`,
 * `permission denied (not an executable file?): ./data.txt`.
 */
export function toStartError(command: string, cwd: string, error: unknown): CommandStartError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  let message: string;
  // spawn reports a missing cwd as ENOENT too, indistinguishable from a missing executable without a look.
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    message = isDirectory(cwd) ? `command not found: ${command}` : `working directory not found: ${cwd}`;
  } else if (code === 'EACCES') {
    message = `permission denied (not an executable file?): ${command}`;
  } else {
    message = `cannot start ${command}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return new CommandStartError({ command, message, cause: error });
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    // Any stat failure (missing, not a directory on the way, no permission) means the cwd is unusable.
    return false;
  }
}

/**
 * Throws the CommandStartError spawning `command` in `cwd` would give,
 * without spawning it: for a command started inside the sandbox, where a
 * missing program is only an exit code of bubblewrap. Returns the program's
 * absolute path.
 */
export async function assertStartable(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (!isDirectory(cwd)) throw new CommandStartError({ command, message: `working directory not found: ${cwd}` });
  if (command.includes('/')) {
    const resolved = path.resolve(cwd, command);
    if (!existsSync(resolved)) throw new CommandStartError({ command, message: `command not found: ${command}` });
    if (!(await isExecutableFile(resolved))) throw new CommandStartError({ command, message: `permission denied (not an executable file?): ${command}` });
    return resolved;
  }
  const found = await findExecutable(command, env);
  if (found === null) throw new CommandStartError({ command, message: `command not found: ${command}` });
  return found;
}
