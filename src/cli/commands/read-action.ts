// Not through the node-workspace barrel, which reaches the config loader, the schema and zod (issue 21).
import { openWorkspace } from '../../adapters/node-workspace/open-workspace.js';
import { createRedactor, type RedactionFinding } from '../../core/index.js';
import { actionFailure } from '../action-failure.js';
import type { CommandContext } from '../command-context.js';

/** Findings named one by one in the human warning; more are counted. */
const MAX_LISTED_REDACTIONS = 5;

function describeRedactions(findings: readonly RedactionFinding[]): string {
  const listed = findings.slice(0, MAX_LISTED_REDACTIONS).map((finding) => `${finding.kind} on line ${finding.line}`);
  if (findings.length > MAX_LISTED_REDACTIONS) listed.push(`${findings.length - MAX_LISTED_REDACTIONS} more`);
  return `redacted ${findings.length} secret${findings.length === 1 ? '' : 's'} (${listed.join(', ')}); pass --no-redact to show them`;
}

/**
 * Runs `brass-agent read PATH` (defined in read-command.ts): reads the file
 * through the workspace runtime and prints it, redacted unless `--no-redact`.
 * Throws the action's failure (a missing file, a path outside the workspace).
 */
export async function executeRead(context: CommandContext, filePath: string, raw: Record<string, unknown>): Promise<void> {
  const { options, output, streams } = context;
  // Reading a file runs no shell command: the Bash grammar is not loaded.
  const workspace = await openWorkspace({ cwd: options.cwd, env: streams.env, ...(options.config ? { configPath: options.config } : {}), parsesShellCommands: false });
  const maxBytes = typeof raw.maxBytes === 'number' ? raw.maxBytes : undefined;
  const observation = await workspace.runtime.execute({ kind: 'fs.readFile', path: filePath, ...(maxBytes ? { maxBytes } : {}) });
  if (!observation.ok) throw actionFailure(observation.error);
  const file = observation.value;
  // --no-redact: the user named this file and asked to see it as it is.
  const redactor = raw.redact === false ? createRedactor({ enabled: false }) : workspace.redactor;
  const { text: content, findings } = redactor.redact(file.content);
  if (options.json) {
    output.json({
      path: file.path,
      bytes: file.bytes,
      truncated: file.truncated,
      content,
      totalBytes: file.totalBytes,
      encoding: file.encoding,
      redacted: redactor.isEnabled,
      redactions: findings.map((finding) => ({ kind: finding.kind, line: finding.line })),
    });
    return;
  }
  streams.stdout.write(content);
  if (findings.length > 0) output.warn(`${file.path}: ${describeRedactions(findings)}`);
  if (file.truncated) output.warn(`${file.path}: showing the first ${file.bytes} of ${file.totalBytes} bytes (raise --max-bytes to see more)`);
  if (file.encoding === 'utf8-lossy') output.warn(`${file.path}: invalid UTF-8 sequences were replaced by U+FFFD`);
}
