import fs from 'node:fs';
import path from 'node:path';
import { BrassError, InvalidInputError } from '../../core/index.js';

/** What a run id and a record file name may look like: one plain path segment. */
const PLAIN_NAME = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

/**
 * Writes the record of one run (`--save-run DIR`) into `DIR/<runId>/`: one
 * file per entry of `files`, by plain name. `directory` is created when
 * missing; the run's own folder is created exclusively and each file with
 * `O_EXCL`, so an existing record is never overwritten or mixed into.
 *
 * As for `--patch-file`, the named path is never followed: a `DIR` that is
 * a symlink (one a repository could plant, pointing anywhere) is refused,
 * and the run folder is created in DIR's real path and checked to be a real
 * directory there before anything is written into it.
 *
 * @throws InvalidInputError (`--save-run`) when DIR is a symlink or not a directory, the record exists, or it cannot be written; BrassError for a bad name.
 * @returns the absolute path of the run's folder.
 */
export async function writeRunRecord(options: { directory: string; runId: string; files: Readonly<Record<string, string>> }): Promise<string> {
  for (const name of [options.runId, ...Object.keys(options.files)]) {
    if (!PLAIN_NAME.test(name)) throw new BrassError('internal', `not a plain file name for a run record: ${JSON.stringify(name)}`);
  }
  const runDirectory = path.join(options.directory, options.runId);
  let realRunDirectory: string;
  try {
    await fs.promises.mkdir(options.directory, { recursive: true });
    const realDirectory = await realDirectoryNotLink(options.directory);
    realRunDirectory = path.join(realDirectory, options.runId);
    await fs.promises.mkdir(realRunDirectory);
    // What was just created must be that directory itself, not something swapped in meanwhile.
    if ((await fs.promises.realpath(realRunDirectory)) !== realRunDirectory || !(await fs.promises.lstat(realRunDirectory)).isDirectory()) {
      throw new InvalidInputError('--save-run', `${runDirectory} changed while it was created; nothing was written`);
    }
  } catch (error) {
    if (InvalidInputError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EEXIST' ? `${runDirectory} already exists; a run record is never overwritten` : `cannot create ${runDirectory}: ${(error as Error).message}`;
    throw new InvalidInputError('--save-run', reason, { cause: error });
  }
  for (const [name, content] of Object.entries(options.files)) {
    try {
      // 'wx' is O_CREAT|O_EXCL: never an existing file, never through a symlink.
      await fs.promises.writeFile(path.join(realRunDirectory, name), content, { flag: 'wx' });
    } catch (error) {
      throw new InvalidInputError('--save-run', `cannot write ${path.join(runDirectory, name)}: ${(error as Error).message}`, { cause: error });
    }
  }
  return runDirectory;
}

/** The real path of `directory`, which must be a directory and not a symlink to one. */
async function realDirectoryNotLink(directory: string): Promise<string> {
  const stats = await fs.promises.lstat(directory);
  if (stats.isSymbolicLink()) {
    throw new InvalidInputError('--save-run', `${directory} is a symbolic link; a run record is never written through one: pass the folder it points to, if you mean it`);
  }
  if (!stats.isDirectory()) throw new InvalidInputError('--save-run', `${directory} is not a directory`);
  return fs.promises.realpath(directory);
}
