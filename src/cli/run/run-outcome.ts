import type { AgentEvent } from '../../agent/events/agent-event.js';
import type { RunAgentResult } from '../../agent/run/index.js';
import { EXIT_BAD_INPUT, EXIT_JOB_FAILED, EXIT_OK } from '../exit-code.js';

/** The `--json` document of `brass-agent run`. */
export interface RunJsonDocument {
  version: 1;
  runId: string;
  state: RunAgentResult['state'];
  summary: string;
  finalText: string;
  files: RunAgentResult['files'];
  diff: string;
  steps: number;
  usage: RunAgentResult['usage'];
  /**
   * The last validation after the change was applied (absent when none ran): as its `validation.completed`
   * event, each failed command with `outputTail` and `hint`, so a rolled-back run says which errors remain.
   */
  validation?: Omit<Extract<AgentEvent, { type: 'validation.completed' }>, 'type'>;
}

/** The one `--json` document of a finished run (paths are workspace-relative already). */
export function toRunJson(result: RunAgentResult): RunJsonDocument {
  const validation = lastValidation(result.events);
  return {
    version: 1,
    runId: result.runId,
    state: result.state,
    summary: result.summary,
    finalText: result.finalText,
    files: result.files,
    diff: result.diff,
    steps: result.steps,
    usage: result.usage,
    ...(validation === null ? {} : { validation }),
  };
}

function lastValidation(events: readonly AgentEvent[]): RunJsonDocument['validation'] | null {
  const event = events.findLast((candidate): candidate is Extract<AgentEvent, { type: 'validation.completed' }> => candidate.type === 'validation.completed');
  if (event === undefined) return null;
  const { type: _type, ...validation } = event;
  return validation;
}

/**
 * The exit code of a run (CLI contract): 0 completed, proposed or applied;
 * 1 failed or rolled back; with `--ci`, a patch that was proposed but not
 * applied is 2 (a pipeline must not pass on an unapplied change).
 */
export function runExitCode(result: Pick<RunAgentResult, 'state' | 'diff'>, options: { isCi: boolean }): number {
  if (result.state === 'failed' || result.state === 'rolled-back') return EXIT_JOB_FAILED;
  if (result.state === 'proposed' && options.isCi && result.diff.length > 0) return EXIT_BAD_INPUT;
  return EXIT_OK;
}

/** The state a group of runs (a flow, a batch goal) ended in: its last run's, or failed when none ran. */
export function lastState(runs: readonly { result: RunAgentResult }[]): RunAgentResult['state'] {
  return runs.at(-1)?.result.state ?? 'failed';
}

/** The `--json` document of one run; a dry run adds the prompt it built. */
export function singleRunJson(result: RunAgentResult, isDryRun: boolean): RunJsonDocument & { prompt?: { system: string; firstMessage: string } } {
  return { ...toRunJson(result), ...(isDryRun ? { prompt: result.prompt } : {}) };
}

type RunEntryJson = Omit<RunJsonDocument, 'version'> & { step?: string; exitCode: number };

function runEntryJson(record: { step?: string; result: RunAgentResult; exitCode: number }): RunEntryJson {
  const { version: _version, ...document } = toRunJson(record.result);
  return { ...(record.step === undefined ? {} : { step: record.step }), exitCode: record.exitCode, ...document };
}

/** The `--json` document of `--flow ID`: each step's run, in order, and the state of the last one. */
export function flowJson(flow: string, records: readonly { step?: string; result: RunAgentResult; exitCode: number }[]) {
  return { version: 1 as const, flow, state: lastState(records), steps: records.map(runEntryJson) };
}

/** The `--json` document of `--batch-file F`: per goal its runs (one, or a flow's steps), its exit code, or why it could not start. */
export function batchJson(
  outcomes: readonly { goal: { goal: string; agent?: string; flow?: string }; runs: readonly { step?: string; result: RunAgentResult; exitCode: number }[]; exitCode: number; error?: { code: string; message: string } }[],
) {
  return {
    version: 1 as const,
    results: outcomes.map((outcome) => ({
      ...outcome.goal,
      state: outcome.error === undefined ? lastState(outcome.runs) : 'failed',
      exitCode: outcome.exitCode,
      runs: outcome.runs.map(runEntryJson),
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
    })),
  };
}
