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
 * @throws InvalidInputError (`--save-run`) when the record exists or cannot be written; BrassError for a bad name.
 * @returns the absolute path of the run's folder.
 */
export async function writeRunRecord(options: { directory: string; runId: string; files: Readonly<Record<string, string>> }): Promise<string> {
  for (const name of [options.runId, ...Object.keys(options.files)]) {
    if (!PLAIN_NAME.test(name)) throw new BrassError('internal', `not a plain file name for a run record: ${JSON.stringify(name)}`);
  }
  const runDirectory = path.join(options.directory, options.runId);
  try {
    await fs.promises.mkdir(options.directory, { recursive: true });
    await fs.promises.mkdir(runDirectory);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EEXIST' ? `${runDirectory} already exists; a run record is never overwritten` : `cannot create ${runDirectory}: ${(error as Error).message}`;
    throw new InvalidInputError('--save-run', reason, { cause: error });
  }
  for (const [name, content] of Object.entries(options.files)) {
    try {
      await fs.promises.writeFile(path.join(runDirectory, name), content, { flag: 'wx' });
    } catch (error) {
      throw new InvalidInputError('--save-run', `cannot write ${path.join(runDirectory, name)}: ${(error as Error).message}`, { cause: error });
    }
  }
  return runDirectory;
}
