import type { Runtime } from '../../core/index.js';

/** Bytes read per source file for analysis: imports, definitions and error lines are found in this much. */
export const MAX_ANALYSIS_READ_BYTES = 256 * 1024;
/** Source files one discovery pass reads for analysis. */
export const MAX_ANALYSIS_READS = 24;

/** A file as discovery read it. */
export interface SourceFile {
  path: string;
  content: string;
  /** Size of the whole file. */
  totalBytes: number;
  truncated: boolean;
}

/** Reads workspace files through the runtime (`fs.readFile`), once each, within a read budget. */
export interface SourceReader {
  /** The file, or null when it cannot be read (missing, binary, denied) or the budget is spent. */
  read(path: string): Promise<SourceFile | null>;
  /** A file already read, without reading. */
  cached(path: string): SourceFile | null;
  readonly reads: number;
}

export function createSourceReader(runtime: Runtime, options: { maxReads?: number; maxBytes?: number } = {}): SourceReader {
  const maxReads = options.maxReads ?? MAX_ANALYSIS_READS;
  const maxBytes = options.maxBytes ?? MAX_ANALYSIS_READ_BYTES;
  const cache = new Map<string, Promise<SourceFile | null>>();
  const done = new Map<string, SourceFile | null>();
  let reads = 0;
  return {
    read(path) {
      let pending = cache.get(path);
      if (pending === undefined) {
        if (reads >= maxReads) return Promise.resolve(null);
        reads += 1;
        pending = runtime.execute({ kind: 'fs.readFile', path, maxBytes }).then((observation) => {
          const file = observation.ok ? { path: observation.value.path, content: observation.value.content, totalBytes: observation.value.totalBytes, truncated: observation.value.truncated } : null;
          done.set(path, file);
          return file;
        });
        cache.set(path, pending);
      }
      return pending;
    },
    cached: (path) => done.get(path) ?? null,
    get reads() {
      return reads;
    },
  };
}
