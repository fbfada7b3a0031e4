import { childProcess } from '../shell/child-process.js';
import path from 'node:path';
import { InvalidInputError } from '../../core/index.js';
import { isExecutableFile, pathCandidates } from '../shell/find-executable.js';

/** How long `rg --version` may take before the binary counts as unusable. */
export const RIPGREP_PROBE_TIMEOUT_MS = 5_000;

/** A usable ripgrep binary and where it was found. */
export interface RipgrepLocation {
  path: string;
  source: 'configured' | 'bundled' | 'system';
}

/** Where findRipgrep may look besides the bundled binary. */
export interface FindRipgrepOptions {
  /** `search.ripgrepPath` from the config; it must exist and be executable. */
  configuredPath?: string | null;
  /** Environment whose PATH is searched for a system `rg` (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /**
   * @internal Test seam, not part of the API: replaces the bundled binary's
   * path (null: pretend `@vscode/ripgrep` is not installed).
   */
  _internal?: { bundledPath?: string | null };
}

const probes = new Map<string, Promise<boolean>>();

/**
 * Finds the ripgrep to use, in order: the configured path; the binary
 * bundled by `@vscode/ripgrep`, when it exists and `rg --version` exits 0;
 * an `rg` on PATH that passes the same probe. Returns null when there is
 * none: a missing ripgrep is not an error, the Node engine takes over.
 * Probes are cached per path for the life of the process.
 *
 * Throws InvalidInputError naming the configured path when it is not an
 * executable file (a typo in the config should be reported, not silently
 * replaced by another binary).
 *
 * @example
 * const ripgrep = await findRipgrep({ configuredPath: config.search.ripgrepPath ?? null });
 * const searcher = createTextSearcher({ ripgrep });
 */
export async function findRipgrep(options: FindRipgrepOptions = {}): Promise<RipgrepLocation | null> {
  if (options.configuredPath !== undefined && options.configuredPath !== null) {
    const configured = path.resolve(options.configuredPath);
    if (!(await isExecutableFile(configured))) {
      throw new InvalidInputError('search.ripgrepPath', `${options.configuredPath} is not an executable file`);
    }
    return { path: configured, source: 'configured' };
  }
  const internal = options._internal;
  const bundled = internal && internal.bundledPath !== undefined ? internal.bundledPath : await bundledRipgrepPath();
  if (bundled !== null && (await isExecutableFile(bundled)) && (await probeRipgrep(bundled))) return { path: bundled, source: 'bundled' };
  const env = options.env ?? process.env;
  for (const candidate of pathCandidates('rg', env)) {
    if ((await isExecutableFile(candidate)) && (await probeRipgrep(candidate))) return { path: candidate, source: 'system' };
  }
  return null;
}

/** Whether `rg --version` at `rgPath` exits 0 within RIPGREP_PROBE_TIMEOUT_MS (cached per path). */
export function probeRipgrep(rgPath: string): Promise<boolean> {
  let probe = probes.get(rgPath);
  if (probe === undefined) {
    probe = new Promise<boolean>((resolve) => {
      const child = childProcess().spawn(rgPath, ['--version'], { shell: false, stdio: 'ignore', windowsHide: true, timeout: RIPGREP_PROBE_TIMEOUT_MS });
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code === 0));
    });
    probes.set(rgPath, probe);
  }
  return probe;
}

/** The path of the binary `@vscode/ripgrep` ships (not probed), or null when its platform package is not installed. */
export async function bundledRipgrepPath(): Promise<string | null> {
  try {
    const bundled: { rgPath: string } = await import('@vscode/ripgrep');
    return bundled.rgPath;
  } catch (error) {
    // The package throws at import when the platform binary package was not installed.
    if (error instanceof Error) return null;
    throw error;
  }
}
