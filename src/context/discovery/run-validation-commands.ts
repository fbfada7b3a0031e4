import type { Runtime } from '../../core/index.js';
import type { ValidationCommand } from './validation-command.js';

/** What happened to one validation command. */
export interface CommandRecord extends ValidationCommand {
  /** Whether the process started (a timed-out command ran). */
  ran: boolean;
  /** null when it did not run, timed out or was killed by a signal. */
  exitCode: number | null;
  /** null when it did not run. */
  durationMs: number | null;
  timedOut: boolean;
  /** One line when it did not run or did not finish: denied, could not start, timed out. */
  problem?: string;
  /** stdout then stderr, as capped by the runtime; empty when it did not run. */
  output: string;
  /** For a command that ran: whether it ran inside the sandbox. */
  sandboxed?: boolean;
  /** For a command that ran without a sandbox although it comes from the workspace: why. */
  unsandboxedNote?: string;
  /** For a command that was not run because it could not be sandboxed: why, and how to change that. */
  reason?: string;
}

/**
 * Step 3: runs each command through `runtime` (so the permission service
 * decides, and the shell's timeout and output caps apply), one after the
 * other. A denied command, one that cannot start and one that times out are
 * recorded and the next command runs: this never throws for them.
 */
export async function runValidationCommands(options: {
  runtime: Runtime;
  commands: readonly ValidationCommand[];
  timeoutMs?: number;
  signal?: AbortSignal;
  onCommandStart?: (command: ValidationCommand) => void;
  /** Called with each command's record as soon as it has finished (or failed to start). */
  onCommandEnd?: (record: CommandRecord) => void;
}): Promise<CommandRecord[]> {
  const records: CommandRecord[] = [];
  const finish = (record: CommandRecord): void => {
    records.push(record);
    options.onCommandEnd?.(record);
  };
  for (const command of options.commands) {
    options.onCommandStart?.(command);
    const observation = await options.runtime.execute(
      { kind: 'shell.run', argv: command.argv, cwd: command.cwd, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) },
      options.signal ? { signal: options.signal } : {},
    );
    if (!observation.ok) {
      const hasStarted = observation.error.code === 'timeout' || observation.error.code === 'aborted';
      const isUnsandboxable = observation.error.code === 'sandbox-unavailable';
      finish({
        ...command,
        ran: hasStarted,
        exitCode: null,
        durationMs: hasStarted ? observation.durationMs : null,
        timedOut: observation.error.code === 'timeout',
        problem: observation.error.message,
        output: '',
        ...(isUnsandboxable ? { reason: observation.error.message } : {}),
      });
      continue;
    }
    const result = observation.value;
    const record: CommandRecord = {
      ...command,
      ran: true,
      exitCode: result.exitCode,
      durationMs: result.durationMs,
      timedOut: result.timedOut,
      output: joinOutput(result.stdout, result.stderr),
      sandboxed: result.sandboxed,
      ...(result.unsandboxedNote === undefined ? {} : { unsandboxedNote: result.unsandboxedNote }),
    };
    if (result.timedOut) record.problem = `timed out after ${Math.round(result.durationMs)} ms and was stopped`;
    else if (result.exitCode === null) record.problem = `killed by ${result.signal ?? 'a signal'}`;
    finish(record);
  }
  return records;
}

function joinOutput(stdout: string, stderr: string): string {
  if (stdout.length === 0) return stderr;
  if (stderr.length === 0) return stdout;
  return `${stdout}\n${stderr}`;
}
