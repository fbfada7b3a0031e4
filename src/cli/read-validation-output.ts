import path from 'node:path';
import { createNodePathProbe, readHeadAndTail, safeReadFile } from '../adapters/file-system/index.js';
import { FileAccessError, InvalidInputError } from '../core/index.js';

/** Validation output read from a file or stdin; beyond it the head and the tail are kept. 4 MiB. */
export const MAX_VALIDATION_OUTPUT_BYTES = 4 * 1024 * 1024;

/** The flag both `discover` and `run` read it for. */
const FLAG = '--validation-output';

/** Where `-` reads from: the process's stdin (a terminal says so with `isTTY`). */
export type ValidationOutputStdin = AsyncIterable<unknown> & { isTTY?: boolean };

/**
 * Reads `--validation-output` for `discover` and `run`: `-` is stdin (head
 * and tail kept past MAX_VALIDATION_OUTPUT_BYTES, binary bytes decoded
 * leniently), anything else a file the user named, relative to `processCwd`
 * (it may lie outside the workspace; read through the safe path; past the
 * cap its head and tail are kept, where a CI log's errors are).
 *
 * @throws InvalidInputError naming the flag for a missing, special
 *   (directory, FIFO, device) or binary file, and for `-` when stdin is a
 *   terminal: nothing would ever arrive, so it is refused instead of waiting.
 */
export async function readValidationOutput(source: string, options: { processCwd: string; stdin: ValidationOutputStdin }): Promise<string> {
  if (source === '-') {
    if (options.stdin.isTTY === true) throw new InvalidInputError(FLAG, '- reads the log from stdin, but stdin is a terminal: pipe it in (… | brass-agent … --validation-output -) or name a file');
    return readStdinCapped(options.stdin, MAX_VALIDATION_OUTPUT_BYTES);
  }
  const absolute = path.resolve(options.processCwd, source);
  const realPath = await createNodePathProbe().realpath(absolute);
  if (realPath === null) throw new InvalidInputError(FLAG, `${source} does not exist`);
  try {
    const file = await safeReadFile({ path: realPath, maxBytes: MAX_VALIDATION_OUTPUT_BYTES, isContained: () => true });
    // A CI log's errors are at its end: past the cap its head and tail are kept, as from stdin.
    return file.truncated ? await readHeadAndTail(realPath, MAX_VALIDATION_OUTPUT_BYTES, 'validation output') : file.content;
  } catch (error) {
    if (FileAccessError.isInstance(error)) throw new InvalidInputError(FLAG, error.message, { cause: error });
    throw error;
  }
}

async function readStdinCapped(stdin: AsyncIterable<unknown>, maxBytes: number): Promise<string> {
  const half = Math.floor(maxBytes / 2);
  const head: Buffer[] = [];
  let headBytes = 0;
  let tail = Buffer.alloc(0);
  let dropped = 0;
  for await (const chunk of stdin) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (headBytes < half) {
      const taken = data.subarray(0, half - headBytes);
      head.push(taken);
      headBytes += taken.length;
      data = data.subarray(taken.length);
    }
    if (data.length === 0) continue;
    // Keep only the last `half` bytes as the tail: memory stays bounded whatever the input size.
    const joined = Buffer.concat([tail, data]);
    dropped += Math.max(0, joined.length - half);
    tail = joined.subarray(Math.max(0, joined.length - half));
  }
  const marker = dropped > 0 ? `\n[... ${dropped} bytes of validation output dropped ...]\n` : '';
  return `${Buffer.concat(head).toString('utf8')}${marker}${tail.toString('utf8')}`;
}
