import type { Runtime } from '../../core/index.js';
import type { PathFilter } from './create-path-filter.js';

/** Existence checks one discovery pass may make (each is an `fs.stat` action). */
export const MAX_FILE_PROBES = 800;

/** Answers "is this a regular file discovery may read?", through the runtime, cached. */
export interface FileProbe {
  /**
   * The workspace-relative real path of `path` when it is a regular file
   * inside the workspace that the filter allows (before and after symlinks
   * are resolved); null otherwise, and once the probe budget is spent.
   */
  file(path: string): Promise<string | null>;
  /** Whether `path` is a directory inside the workspace (same budget and cache). */
  isDirectory(path: string): Promise<boolean>;
  /** How many `fs.stat` actions were made. */
  readonly probes: number;
}

/**
 * Creates the probe. Every check is an `fs.stat` action through the
 * runtime, so the workspace scope decides containment: a symlink that
 * leads out of the workspace is not a file here, and neither is a FIFO,
 * socket or device.
 */
export function createFileProbe(runtime: Runtime, filter: PathFilter, maxProbes: number = MAX_FILE_PROBES): FileProbe {
  const cache = new Map<string, Promise<{ kind: string; path: string } | null>>();
  let probes = 0;
  const stat = (path: string) => {
    let pending = cache.get(path);
    if (pending === undefined) {
      if (probes >= maxProbes) return Promise.resolve(null);
      probes += 1;
      pending = runtime.execute({ kind: 'fs.stat', path }).then((observation) => (observation.ok ? { kind: observation.value.kind, path: observation.value.path } : null));
      cache.set(path, pending);
    }
    return pending;
  };
  return {
    async file(path) {
      if (!filter.isAllowed(path)) return null;
      const found = await stat(path);
      if (found === null || found.kind !== 'file' || !filter.isAllowed(found.path)) return null;
      return found.path;
    },
    async isDirectory(path) {
      if (!filter.isAllowed(`${path}/x`)) return false;
      const found = await stat(path);
      return found !== null && found.kind === 'directory';
    },
    get probes() {
      return probes;
    },
  };
}
