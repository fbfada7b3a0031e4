import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InvalidInputError } from '../../core/index.js';

/** A temp copy read back after an editor is refused past this size: an entry is a few KiB. */
const MAX_READ_BACK_BYTES = 256 * 1024;
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** A file only this user can read, in a fresh private temp directory, removed by `dispose`. */
export interface PrivateTempFile extends AsyncDisposable {
  readonly path: string;
  /** The file's text now (an editor may have replaced it): a regular file of at most 256 KiB, else InvalidInputError. */
  read(): Promise<string>;
  dispose(): Promise<void>;
}

/**
 * Writes `content` to `<tmpdir>/brass-agent-XXXXXX/<name>` (directory 0700,
 * file 0600) for a person to edit (`brass-agent memory edit`), so what the
 * copy holds is never readable by another user, then reads it back safely
 * (no symlink, no FIFO, bounded).
 *
 * @example
 * await using copy = await createPrivateTempFile('entry.md', text);
 */
export async function createPrivateTempFile(name: string, content: string): Promise<PrivateTempFile> {
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'brass-agent-'));
  await fs.promises.chmod(directory, 0o700);
  const file = path.join(directory, path.basename(name));
  await fs.promises.writeFile(file, content, { mode: 0o600, flag: 'wx' });
  const dispose = () => fs.promises.rm(directory, { recursive: true, force: true });
  return {
    path: file,
    async read() {
      const handle = await fs.promises.open(file, READ_FLAGS).catch((error: unknown) => {
        throw new InvalidInputError('edited copy', `${file} cannot be read back (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      });
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw new InvalidInputError('edited copy', `${file} is no longer a regular file`);
        if (stats.size > MAX_READ_BACK_BYTES) throw new InvalidInputError('edited copy', `${file} is larger than ${MAX_READ_BACK_BYTES} bytes`);
        return (await handle.readFile()).toString('utf8');
      } finally {
        await handle.close();
      }
    },
    dispose,
    [Symbol.asyncDispose]: dispose,
  };
}
