import type { CliStreams, Output } from '../output.js';
import { createProgress, type Progress, type ProgressMode } from './create-progress.js';

/**
 * How progress is shown: off with `--quiet`, and with a machine-readable
 * stdout (`--json`, `--protocol-json`) unless `--progress` asks for it; a
 * spinner when stderr is a terminal (not TERM=dumb); plain lines otherwise.
 */
export function progressModeOf(raw: Record<string, unknown>, isMachineOutput: boolean, streams: Pick<CliStreams, 'stderr' | 'env'>): ProgressMode {
  if (raw.quiet === true) return 'off';
  if (isMachineOutput && raw.progress !== true) return 'off';
  return streams.stderr.isTTY === true && streams.env.TERM !== 'dumb' ? 'live' : 'plain';
}

/** The progress of one command's run, drawn on its stderr. */
export function openProgress(raw: Record<string, unknown>, isMachineOutput: boolean, streams: Pick<CliStreams, 'stderr' | 'env'>): Progress {
  const stderr = streams.stderr as CliStreams['stderr'] & { columns?: number };
  return createProgress({ stream: stderr, mode: progressModeOf(raw, isMachineOutput, streams) });
}

/** `output` whose every write first clears the spinner line (and draws it again after). */
export function outputAround(output: Output, progress: Progress): Output {
  if (progress.mode !== 'live') return output;
  return {
    ...output,
    json: (value) => progress.around(() => output.json(value)),
    result: (text) => progress.around(() => output.result(text)),
    warn: (text) => progress.around(() => output.warn(text)),
    info: (text) => progress.around(() => output.info(text)),
    error: (text, hint) => progress.around(() => output.error(text, hint)),
  };
}
