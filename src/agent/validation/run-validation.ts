import type { Runtime } from '../../core/index.js';
import { describeActionError } from '../tools/agent-tool.js';
import { tailText } from '../tools/tool-text.js';

/** Output kept of one command: its tail, where failures are reported. 4 KiB. */
export const MAX_VALIDATION_OUTPUT_BYTES = 4 * 1024;

/** A command to validate the workspace with. */
export interface ValidationCommandSpec {
  name: string;
  argv: readonly string[];
}

/** How one validation command ended. */
export interface ValidationCommandResult {
  name: string;
  /** The argv as one line, for people and the model. */
  command: string;
  /** null: killed, timed out, or it could not run (denied, not found). */
  exitCode: number | null;
  timedOut: boolean;
  /** The tail of stdout then stderr (at most MAX_VALIDATION_OUTPUT_BYTES), or why it could not run. */
  output: string;
}

/** The outcome of a validation pass. */
export interface ValidationReport {
  /** Every command exited 0 (vacuously true with no commands). */
  passed: boolean;
  commands: ValidationCommandResult[];
}

/**
 * Runs the validation commands one after another through the runtime
 * (`shell.run` with tool `run_validation` unless told otherwise, so the
 * permission rules and the default allowance of the project's own
 * validation argv apply). A command that is denied or cannot start counts as
 * failed with the reason as its output; an abort stops before the next one
 * (and the pass is not `passed`). Outputs are raw: redact them before they
 * reach a model, an event or a terminal.
 *
 * @example
 * const result = await runValidation(runtime, [{ name: 'test', argv: ['npm', 'test'] }], signal);
 * if (!result.passed) console.log(result.commands.find((command) => command.exitCode !== 0)?.output);
 */
export async function runValidation(
  runtime: Runtime,
  commands: readonly ValidationCommandSpec[],
  signal?: AbortSignal,
  options: { tool?: string } = {},
): Promise<ValidationReport> {
  const results: ValidationCommandResult[] = [];
  for (const command of commands) {
    if (signal?.aborted) break;
    const line = command.argv.join(' ');
    const observation = await runtime.execute({ kind: 'shell.run', argv: command.argv, tool: options.tool ?? 'run_validation' }, signal ? { signal } : {});
    if (!observation.ok) {
      results.push({ name: command.name, command: line, exitCode: null, timedOut: observation.error.code === 'timeout', output: describeActionError(observation.error) });
      continue;
    }
    const { exitCode, timedOut, stdout, stderr } = observation.value;
    const combined = [stdout.trimEnd(), stderr.trimEnd()].filter((part) => part.length > 0).join('\n');
    results.push({ name: command.name, command: line, exitCode, timedOut, output: tailText(combined, MAX_VALIDATION_OUTPUT_BYTES) });
  }
  const isComplete = results.length === commands.length;
  return { passed: isComplete && results.every((result) => result.exitCode === 0), commands: results };
}
