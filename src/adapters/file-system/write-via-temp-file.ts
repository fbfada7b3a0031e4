import fs from 'node:fs';
import path from 'node:path';
import { nodeCrypto } from '../../core/index.js';

/**
 * Replaces `target` whole or not at all: writes a new temp file beside it
 * (`O_CREAT|O_EXCL`, so it never opens an existing file or follows a
 * link), sets `mode` exactly (not through the umask), flushes it when
 * `isDurable`, then renames it over `target`. A failure removes the temp
 * file and rethrows. The caller syncs the directory when the rename itself
 * must be durable (see syncDirectory).
 */
export async function writeViaTempFile(target: string, content: string | Uint8Array, options: { mode: number; isDurable: boolean }): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target).slice(0, 100)}.brass-${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await fs.promises.open(temp, 'wx', options.mode);
    try {
      await handle.chmod(options.mode);
      await handle.writeFile(content);
      if (options.isDurable) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, target);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}
