import type { DiscoveryProgress } from '../../context/discovery/index.js';
import { type Progress, type ProgressStep, SLOW_STEP_MS, formatSeconds } from './create-progress.js';

/**
 * Shows a discovery pass as it goes (discover and run share it): each
 * validation command with its elapsed time and outcome, and the goal index
 * with files done/total when the build takes long. `warn` gets what must be
 * said whatever the output format: a command that could not be sandboxed.
 */
export function reportDiscoveryProgress(progress: Progress, warn: (text: string) => void): (event: DiscoveryProgress) => void {
  let command: ProgressStep | null = null;
  const indexProgress = reportCountProgress(progress, 'indexing the workspace for the goal', 'files');
  return (event) => {
    if (event.kind === 'command-start') {
      command = progress.begin(`running ${event.command.command}${event.command.cwd === '.' ? '' : ` in ${event.command.cwd}`}`, { announce: 'now' });
    } else if (event.kind === 'command-end') {
      const { record } = event;
      command?.end(() => (record.ran ? `${record.exitCode === 0 ? '✓' : '✗'} ${record.command}: ${outcomeOf(record)}${record.durationMs === null ? '' : ` (${formatSeconds(record.durationMs)})`}` : undefined));
      command = null;
      if (record.reason !== undefined) warn(`${record.command}: ${record.reason}`);
      if (record.unsandboxedNote !== undefined) warn(`${record.command} ${record.unsandboxedNote}`);
    } else indexProgress(event.done, event.total);
  };
}

/**
 * A count of work done as a progress step (`indexing the docs 120/1,000
 * pages`): begun at 0, ended at the total with one lasting line when it
 * took long (`indexed 1,000 pages (3.1 s)`).
 */
export function reportCountProgress(progress: Progress, label: string, unit: string): (done: number, total: number) => void {
  // Called once per file: with progress off there is nothing to format.
  if (progress.mode === 'off') return () => undefined;
  let step: ProgressStep | null = null;
  return (done, total) => {
    if (done === 0) {
      step?.end();
      step = total > 0 ? progress.begin(label) : null;
    } else if (done < total) {
      step?.update(`${done.toLocaleString('en')}/${total.toLocaleString('en')} ${unit}`);
    } else {
      step?.end((elapsedMs) => (elapsedMs >= SLOW_STEP_MS ? `${label.replace(/^indexing/, 'indexed')}: ${total.toLocaleString('en')} ${unit} (${formatSeconds(elapsedMs)})` : undefined));
      step = null;
    }
  };
}

function outcomeOf(record: Extract<DiscoveryProgress, { kind: 'command-end' }>['record']): string {
  if (record.timedOut) return 'timed out';
  if (record.exitCode === null) return record.problem ?? 'stopped';
  return record.exitCode === 0 ? 'passed' : `exit ${record.exitCode}`;
}
