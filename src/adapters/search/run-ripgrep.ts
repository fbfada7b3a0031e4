import { childProcess } from '../shell/child-process.js';
import { BrassError, CommandStartError } from '../../core/index.js';
import type { SearchMatch } from '../../core/index.js';
import { createRipgrepJsonReader } from './ripgrep-json-reader.js';

/** Bytes of ripgrep's stderr kept for an error message. */
export const MAX_RIPGREP_STDERR_BYTES = 8 * 1024;

/** What one ripgrep process reported. */
export interface RipgrepRun {
  /** Matches of the files ripgrep finished, in the order it reported them. */
  matches: SearchMatch[];
  /** True when the run was stopped because `stopAfter` matches arrived. */
  stoppedEarly: boolean;
}

/**
 * Runs ripgrep once (argv, no shell) in `cwd` and collects its `--json`
 * matches. Once at least `stopAfter` matches are in, it stops reading and
 * kills ripgrep. Exit 1 (no match) is a normal end, and so is exit 2 after
 * ripgrep searched (some files were unreadable); exit 2 before any search
 * (bad arguments) throws BrassError `search-failed` with ripgrep's first
 * stderr line. A spawn failure throws CommandStartError. When `signal`
 * aborts, ripgrep is killed and the promise rejects with the signal's reason.
 */
export function runRipgrep(options: {
  rgPath: string;
  args: readonly string[];
  cwd: string;
  stopAfter: number;
  signal?: AbortSignal | undefined;
}): Promise<RipgrepRun> {
  return new Promise<RipgrepRun>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const matches: SearchMatch[] = [];
    let stoppedEarly = false;
    let settled = false;
    let stderr = '';
    const env = { ...process.env };
    // --no-config already ignores it; removing it too leaves nothing to chance.
    delete env.RIPGREP_CONFIG_PATH;
    const child = childProcess().spawn(options.rgPath, options.args, { cwd: options.cwd, env, shell: false, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });

    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const stop = (): void => {
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      child.kill();
    };
    const onAbort = (): void => {
      stop();
      settle(() => reject(signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const reader = createRipgrepJsonReader((fileMatches) => {
      for (const match of fileMatches) matches.push(match);
      if (matches.length >= options.stopAfter && !stoppedEarly) {
        stoppedEarly = true;
        stop();
      }
    });
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk);
      } catch (error) {
        stop();
        settle(() => reject(new BrassError('search-failed', `ripgrep printed output that is not its JSON format: ${String(error)}`, { cause: error })));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_RIPGREP_STDERR_BYTES) stderr += chunk.slice(0, MAX_RIPGREP_STDERR_BYTES - stderr.length);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(() =>
        reject(new CommandStartError({ command: options.rgPath, message: `cannot start ripgrep at ${options.rgPath}: ${error.code ?? error.message}`, cause: error })),
      );
    });
    child.on('close', (code, killSignal) => {
      if (stoppedEarly || code === 0 || code === 1 || (code === 2 && reader.sawSummary)) {
        settle(() => resolve({ matches, stoppedEarly }));
        return;
      }
      const detail = stderr.trim().split('\n')[0] || (killSignal ? `killed by ${killSignal}` : `exit code ${code}`);
      settle(() => reject(new BrassError('search-failed', `ripgrep failed: ${detail}`)));
    });
  });
}
