import type { Colors } from '../output.js';
import { oneLine } from './describe-tool-call.js';
import type { BatchOutcome } from './execute-runs.js';
import { lastState } from './run-outcome.js';

/** Widest goal column of the batch summary. */
const MAX_GOAL_COLUMN_CHARS = 60;

/**
 * The summary table of `--batch-file`: one row per goal with its state
 * (the last run's; `error` when it could not start) and the files it
 * changed or proposed, then the counts.
 */
export function renderBatchSummary(outcomes: readonly BatchOutcome[], total: number, colors: Colors): string {
  const rows = outcomes.map((outcome) => {
    const state = outcome.error === undefined ? lastState(outcome.runs) : 'error';
    const files = [...new Set(outcome.runs.flatMap((run) => run.result.files.map((file) => file.path)))];
    const detail = outcome.error === undefined ? (files.length > 0 ? files.join(', ') : '-') : oneLine(outcome.error.message, 120);
    return { goal: oneLine(outcome.goal.goal, MAX_GOAL_COLUMN_CHARS), state, detail };
  });
  const goalWidth = Math.max(4, ...rows.map((row) => row.goal.length));
  const stateWidth = Math.max(5, ...rows.map((row) => row.state.length));
  const lines = [colors.bold(`${'goal'.padEnd(goalWidth)}  ${'state'.padEnd(stateWidth)}  files`)];
  for (const row of rows) lines.push(`${row.goal.padEnd(goalWidth)}  ${row.state.padEnd(stateWidth)}  ${row.detail}`);
  const failed = outcomes.filter((outcome) => outcome.exitCode !== 0).length;
  const skipped = total - outcomes.length;
  lines.push(`${outcomes.length} of ${total} goal(s) run, ${failed} not ok${skipped > 0 ? `, ${skipped} skipped (interrupted)` : ''}`);
  return `${lines.join('\n')}\n`;
}
