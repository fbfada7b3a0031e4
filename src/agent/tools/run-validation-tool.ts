import * as z from 'zod';
import { runValidation, type ValidationCommandResult, type ValidationCommandSpec } from '../validation/index.js';
import { type AgentTool, defineTool, failure } from './agent-tool.js';

/** The tool's name. */
export const RUN_VALIDATION_TOOL = 'run_validation';

const schema = z.strictObject({
  names: z.array(z.string().min(1)).max(20).optional().describe('Run only the commands with these names (default: all of them).'),
});

/**
 * `run_validation`: the project's validation commands through the runtime
 * (their exact argv is allowed by default), pass/fail per command with the
 * tail of its output. Says so when the run has pending edits, which are
 * not on disk and so not validated.
 */
export function createRunValidationTool(commands: readonly ValidationCommandSpec[]): AgentTool {
  const known = commands.map((command) => command.name);
  return defineTool({
    name: RUN_VALIDATION_TOOL,
    description:
      `Run the project's validation commands (${known.length > 0 ? known.join(', ') : 'none are known'}) and get pass/fail with the end of each output. ` +
      'They check the files on disk: pending edits of this run are not applied yet.',
    schema,
    async run({ names }, { session, signal }) {
      if (commands.length === 0) return failure('This project has no known validation commands.', 'unavailable');
      const unknown = (names ?? []).filter((name) => !known.includes(name));
      if (unknown.length > 0) return failure(`Unknown validation command ${unknown.map((name) => JSON.stringify(name)).join(', ')}; known: ${known.join(', ')}.`, 'invalid-input');
      const selected = names === undefined ? commands : commands.filter((command) => names.includes(command.name));
      const result = await runValidation(session.runtime, selected, signal);
      const sections = result.commands.map(describeCommand);
      const notes: string[] = [];
      if (!session.edits.isEmpty()) notes.push('Note: this run has pending edits that are NOT on disk yet; these commands checked the files as they are on disk, without your edits.');
      if (result.commands.length < selected.length) notes.push('Stopped before every command ran (the run was cancelled).');
      const header = `Validation ${result.passed ? 'passed' : 'failed'}: ${result.commands.map((command) => `${command.name} ${status(command)}`).join(', ')}`;
      const output = result.commands.map((command) => command.output).join('\n');
      return {
        ok: true,
        content: session.redact([header, ...notes, ...sections].join('\n\n')),
        paths: [],
        summary: header,
        validationOutput: output,
      };
    },
  });
}

function status(command: ValidationCommandResult): string {
  if (command.exitCode === 0) return 'passed';
  if (command.timedOut) return 'timed out';
  return command.exitCode === null ? 'did not run to the end' : `failed (exit ${command.exitCode})`;
}

function describeCommand(command: ValidationCommandResult): string {
  const output = command.output.trim().length === 0 ? '(no output)' : command.output;
  return `## ${command.name}: ${command.command} — ${status(command)}\n${output}`;
}
