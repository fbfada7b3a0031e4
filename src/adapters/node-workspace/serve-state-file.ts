import fs from 'node:fs';
import path from 'node:path';
import { BrassError } from '../../core/index.js';
import { writeViaTempFile } from '../file-system/write-via-temp-file.js';
import { stateDirectory } from '../session-store/index.js';
import { readOptionalTextFile } from './read-optional-file.js';

/** The state directory is private to the user, as the sessions folder in it is. */
const DIRECTORY_MODE = 0o700;
/** The file holds the bearer token: only its owner may read it. */
const FILE_MODE = 0o600;

/** What `serve` tells local clients: where it listens and the token to send. */
export interface ServeState {
  url: string;
  token: string;
  pid: number;
}

/** A written `serve.json`; `remove` deletes it unless a later server has replaced it. */
export interface ServeStateFile {
  path: string;
  remove(): Promise<void>;
}

/**
 * Writes `serve.json` (mode 0600, atomically) into brass-agent's state
 * directory (`$XDG_STATE_HOME/brass-agent`, else
 * `~/.local/state/brass-agent`), so local clients find the running
 * server and its token. The newest server's file wins: `remove` leaves the
 * file alone when it no longer names this process.
 *
 * @throws BrassError `state-file` when the directory or the file cannot be written.
 */
export async function writeServeStateFile(env: NodeJS.ProcessEnv, homeDir: string, state: ServeState): Promise<ServeStateFile> {
  const directory = stateDirectory(env, homeDir);
  const file = path.join(directory, 'serve.json');
  try {
    await fs.promises.mkdir(directory, { recursive: true, mode: DIRECTORY_MODE });
    await writeViaTempFile(file, `${JSON.stringify(state)}\n`, { mode: FILE_MODE, isDurable: false });
  } catch (error) {
    throw new BrassError('state-file', `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error, hint: 'set XDG_STATE_HOME to a directory you can write' });
  }
  return {
    path: file,
    async remove() {
      // Through the safe read path: whatever now sits there (a FIFO, a device) is not opened for reading.
      const text = await readOptionalTextFile(file, () => true).catch(() => null);
      if (text === null || !isWrittenBy(text, state.pid)) return;
      await fs.promises.rm(file, { force: true });
    },
  };
}

function isWrittenBy(text: string, pid: number): boolean {
  try {
    return (JSON.parse(text) as Partial<ServeState>).pid === pid;
  } catch {
    // A damaged file names no live server: removing it is safe.
    return true;
  }
}
