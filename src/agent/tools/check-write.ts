import type { CheckingRuntime } from '../../core/index.js';
import { containsRedactionMarker } from '../../core/index.js';
import { type AgentToolResult, failure } from './agent-tool.js';

/**
 * Refuses an edit before it is recorded when it could never be applied: a
 * deny rule on the path (or the tool), or text holding a redaction marker
 * (the model saw `[REDACTED:...]` where the file has a secret; writing the
 * marker would destroy it). Returns null when the edit may be recorded; an
 * `ask` is left for the moment the patch is applied.
 */
export async function checkWrite(runtime: CheckingRuntime, options: { tool: string; path: string; content: string }): Promise<AgentToolResult | null> {
  const { tool, path, content } = options;
  if (containsRedactionMarker(content)) {
    return failure(
      `${path}: the new text contains a [REDACTED:...] marker. The file holds a secret there that you cannot see; leave that part out of your edit (edit around it) instead of writing the marker.`,
      'invalid-input',
    );
  }
  const check = await runtime.check({ kind: 'patch.apply', tool, edits: [{ path, content }] });
  if (check.verdict.decision === 'deny') return failure(`${path}: writing it is denied (${check.verdict.reason}); do not try to change this file.`, 'denied');
  return null;
}

/** The note every recorded edit ends with: where the change is now. */
export const PENDING_NOTE = 'The change is pending: it is part of this run\'s patch and is not on disk yet (read_file shows it; shell and run_validation do not).';
