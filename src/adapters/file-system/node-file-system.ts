import type { FileSystem, ListRequest, ListResult, SearchTextRequest, SearchTextResult } from '../../core/index.js';
import { removeFile } from './remove-file.js';
import { safeReadFile } from './safe-read-file.js';
import { safeReadFiles } from './safe-read-files.js';
import { statPath } from './node-stat.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** The listing and search the Node FileSystem delegates to (the search adapter supplies them). */
export interface NodeFileSystemOptions {
  list: (request: ListRequest) => Promise<ListResult>;
  searchText: (request: SearchTextRequest) => Promise<SearchTextResult>;
}

/**
 * The FileSystem service on Node: safe capped reads, stat, atomic writes and
 * removal from this folder, listing and text search from the caller.
 *
 * @example
 * const searcher = createTextSearcher({ ... });
 * const fileSystem = createNodeFileSystem({ list: listFiles, searchText: (request) => searcher.searchText(request) });
 */
export function createNodeFileSystem(options: NodeFileSystemOptions): FileSystem {
  return {
    readFile: (request) => safeReadFile(request),
    readFiles: (request) => safeReadFiles(request),
    stat: (path) => statPath(path),
    list: (request) => options.list(request),
    searchText: (request) => options.searchText(request),
    writeFile: (request) => writeFileAtomic(request),
    removeFile: (request) => removeFile(request),
  };
}
