/**
 * Node file adapters: the PathProbe of the workspace scope, and the
 * FileSystem service's safe reads, stat, atomic writes and removal.
 */
export { createNodeFileSystem } from './node-file-system.js';
export type { NodeFileSystemOptions } from './node-file-system.js';
export { createNodePathProbe } from './node-path-probe.js';
export { statPath } from './node-stat.js';
export { removeFile } from './remove-file.js';
export type { RemoveFileRequest } from './remove-file.js';
export { BINARY_SNIFF_BYTES, safeReadFile } from './safe-read-file.js';
export { readHeadAndTail } from './read-head-and-tail.js';
export type { SafeReadFileRequest } from './safe-read-file.js';
export { safeReadFiles } from './safe-read-files.js';
export { syncDirectory } from './sync-directory.js';
export { writeFileAtomic } from './write-file-atomic.js';
export { MAX_WATCHED_DIRECTORIES, createDirectoryWatch } from './watch-directories.js';
export { MAX_STAT_MEMO_DIRECTORIES, STAT_MEMO_TTL_MS, createWatchedStatMemo } from './watched-stat-memo.js';
export type { ListedStamp, WatchedStatMemo } from './watched-stat-memo.js';
