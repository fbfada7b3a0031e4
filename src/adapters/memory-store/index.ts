/**
 * The memory store on disk, under the user's state directory (never inside
 * a repository): what `remember` writes and `recall` and `brass-agent
 * memory` read.
 */
export { memoryDirectory, userMemoryDirectory, workspaceMemoryDirectory } from './memory-directory.js';
export { MAX_MEMORY_FILE_BYTES, createFileMemoryStore } from './file-memory-store.js';
export type { FileMemoryStoreOptions } from './file-memory-store.js';
