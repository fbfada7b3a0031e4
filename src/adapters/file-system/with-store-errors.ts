import { BrassError } from '../../core/index.js';
import { errnoCode } from './to-file-access-error.js';

/**
 * Runs one operation of a store under the user's state directory (the patch
 * journal, the checkpoint store): an I/O failure becomes one BrassError
 * line with `code`, naming the store (`the patch journal in DIR cannot be
 * used (EACCES)`); a BrassError of the store itself passes unchanged.
 */
export async function withStoreErrors<T>(store: { code: string; name: string; directory: string }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (BrassError.isInstance(error)) throw error;
    const reason = errnoCode(error) ?? (error instanceof Error ? error.message : String(error));
    throw new BrassError(store.code, `${store.name} in ${store.directory} cannot be used (${reason})`, { cause: error });
  }
}
