import path from 'node:path';
import { writeRunRecord } from '../../adapters/node-workspace/index.js';
import type { ProtocolEvent } from '../../agent/events/agent-event.js';
import type { RunAgentResult } from '../../agent/run/index.js';
import { toRunJson } from './run-outcome.js';

/**
 * `--save-run DIR`: writes `DIR/<runId>/` with `events.jsonl` (every event
 * as `--protocol-json` prints it), `result.json` (the `--json` document),
 * `patch.diff` when the run changed something, and `prompt.json` (the system
 * prompt and the first message). Everything in it
 * is redacted: the events already are, `redactDocument` runs over the
 * result document, `redact` over the diff and the prompt. DIR is relative to the process's
 * directory and may be inside the workspace (the person asked for it); an
 * existing run folder is never overwritten.
 *
 * @returns the run folder's absolute path.
 */
export async function saveRun(options: {
  directory: string;
  processCwd: string;
  result: RunAgentResult;
  events: readonly ProtocolEvent[];
  redact: (text: string) => string;
  /** Redacts every string of a JSON-like value (the redactor's `redactValue`). */
  redactDocument: <T>(value: T) => T;
}): Promise<string> {
  const { result } = options;
  const files: Record<string, string> = {
    'events.jsonl': options.events.map((event) => `${JSON.stringify(event)}\n`).join(''),
    'result.json': `${JSON.stringify(options.redactDocument(toRunJson(result)), null, 2)}\n`,
  };
  if (result.diff.length > 0) files['patch.diff'] = options.redact(result.diff);
  files['prompt.json'] = `${JSON.stringify({ version: 1, system: options.redact(result.prompt.system), firstMessage: options.redact(result.prompt.firstMessage) }, null, 2)}\n`;
  return writeRunRecord({ directory: path.resolve(options.processCwd, options.directory), runId: result.runId, files });
}
