import type { RunAgentResult } from '../../agent/run/index.js';
import type { ContextSelection } from '../../context/scoped/index.js';
import { BrassError } from '../../core/index.js';
import { EXIT_OK, exitCodeFor } from '../exit-code.js';
import type { BatchGoal } from './parse-batch-file.js';
import { runExitCode } from './run-outcome.js';

/** Most characters of a step's final text carried into the next step's goal. */
export const MAX_CARRIED_TEXT_CHARS = 4000;

/** Runs one goal as one agent run. */
export type RunOne = (request: { goal: string; selection: ContextSelection }) => Promise<RunAgentResult>;

/** One run of a flow or a batch, with its exit code. */
export interface RunRecord {
  /** The flow step it ran as, when it is part of a flow. */
  step?: string;
  result: RunAgentResult;
  exitCode: number;
}

/** One goal of a batch, run alone or as a flow; `error` when it could not start (an unknown agent). */
export interface BatchOutcome {
  goal: BatchGoal;
  runs: RunRecord[];
  exitCode: number;
  error?: { code: string; message: string };
}

/** Worst exit code of several: 2 over 1 over 0. */
export function worstExitCode(codes: Iterable<number>): number {
  let worst = EXIT_OK;
  for (const code of codes) worst = Math.max(worst, code);
  return worst;
}

/**
 * The goal of a flow step: the person's goal, plus (after the first step)
 * the end of the previous step's final text, so each step builds on the
 * last (`plan` then `implement`, say).
 */
export function flowStepGoal(goal: string, previous: { step: string; finalText: string } | null): string {
  if (previous === null || previous.finalText.trim() === '') return goal;
  const text = previous.finalText.trim();
  const carried = text.length <= MAX_CARRIED_TEXT_CHARS ? text : `[…]\n${text.slice(text.length - MAX_CARRIED_TEXT_CHARS)}`;
  return `${goal}\n\nThe previous step of this flow (${previous.step}) ended with:\n${carried}`;
}

/**
 * Runs the steps of a flow in order, each with selection `{ flow, step }`
 * (and the agent, if given) and the goal of flowStepGoal; stops after the
 * first step that fails or is rolled back, or when `isAborted` says so.
 */
export async function runFlowSteps(options: {
  flow: string;
  steps: readonly { name: string }[];
  goal: string;
  agent?: string;
  runOne: RunOne;
  isCi: boolean;
  isAborted: () => boolean;
  onStep?: (step: string, index: number, total: number) => void;
}): Promise<RunRecord[]> {
  const records: RunRecord[] = [];
  let previous: { step: string; finalText: string } | null = null;
  for (const [index, step] of options.steps.entries()) {
    if (options.isAborted()) break;
    options.onStep?.(step.name, index, options.steps.length);
    const selection: ContextSelection = { flow: options.flow, step: step.name, ...(options.agent === undefined ? {} : { agent: options.agent }) };
    const result = await options.runOne({ goal: flowStepGoal(options.goal, previous), selection });
    records.push({ step: step.name, result, exitCode: runExitCode(result, { isCi: options.isCi }) });
    if (result.state === 'failed' || result.state === 'rolled-back') break;
    previous = { step: step.name, finalText: result.finalText };
  }
  return records;
}

/**
 * Runs the goals of a batch one after the other (each alone, or as its
 * flow's steps) and never stops early except on an interrupt: a goal that
 * cannot start (BrassError, e.g. an unknown agent) is recorded with its
 * exit code and the next goal runs.
 */
export async function runBatchGoals(options: {
  goals: readonly BatchGoal[];
  runGoal: (goal: BatchGoal) => Promise<RunRecord[]>;
  isAborted: () => boolean;
}): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for (const goal of options.goals) {
    if (options.isAborted()) break;
    try {
      const runs = await options.runGoal(goal);
      outcomes.push({ goal, runs, exitCode: worstExitCode(runs.map((run) => run.exitCode)) });
    } catch (error) {
      if (!BrassError.isInstance(error)) throw error;
      outcomes.push({ goal, runs: [], exitCode: exitCodeFor(error), error: { code: error.code, message: error.message } });
    }
  }
  return outcomes;
}
