import fs from 'node:fs';

/** Flushes a directory's entries (a rename into it, a new file) to disk: the second half of a durable write. */
export async function syncDirectory(folder: string): Promise<void> {
  const handle = await fs.promises.open(folder, fs.constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
