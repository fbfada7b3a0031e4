import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type AgentToolResult, capToolText, failure } from '../agent/tools/index.js';
import { BrassError } from '../core/index.js';

/**
 * The MCP result of a tool result: its text (already capped by the tool's
 * central cap), and for a failure `isError: true` with only the first line,
 * so an error never carries file content.
 */
export function toCallToolResult(result: AgentToolResult): CallToolResult {
  if (result.ok) return { content: [{ type: 'text', text: result.content }] };
  return { content: [{ type: 'text', text: result.content.split('\n')[0] ?? result.content }], isError: true };
}

/** A successful tool result of one text block, under the tools' one output cap (MAX_TOOL_RESULT_BYTES). */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text: capToolText(text) }] };
}

/**
 * Runs a tool body; an expected failure (a BrassError: bad input, a missing
 * file, a denied command) becomes an error result instead of a thrown error.
 * Anything else is a bug and is rethrown for the SDK to report.
 */
export async function guardTool(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (BrassError.isInstance(error)) return toCallToolResult(failure(error.message, error.code));
    throw error;
  }
}
