import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type AgentToolResult, capToolText, failure } from '../agent/tools/index.js';
import { BrassError } from '../core/index.js';

/** Redacts text as the workspace's redactor does. */
export type RedactText = (text: string) => string;

/**
 * The MCP result of a tool result: its text (already capped by the tool's
 * central cap) and, when the tool has an output schema, its `structured`
 * data as `structuredContent`, every string in it redacted. A failure is
 * `isError: true` with only the first line, so an error never carries file
 * content.
 */
export function toCallToolResult(result: AgentToolResult, redact?: RedactText): CallToolResult {
  if (!result.ok) return { content: [{ type: 'text', text: result.content.split('\n')[0] ?? result.content }], isError: true };
  const content: CallToolResult['content'] = [{ type: 'text', text: result.content }];
  if (result.structured === undefined) return { content };
  return { content, structuredContent: redact === undefined ? result.structured : redactStructured(result.structured, redact) };
}

/**
 * A successful result of one text block (the text clients that ignore
 * `structuredContent` read), under the tools' one output cap
 * (MAX_TOOL_RESULT_BYTES), with `structured` (already redacted and bounded
 * by the caller) when the tool declares an output schema.
 */
export function textResult(text: string, structured?: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: capToolText(text) }], ...(structured === undefined ? {} : { structuredContent: structured }) };
}

/**
 * `redact` for the strings of one result, skipping a text already found
 * clean: a tool's text and its structured content repeat the same lines (a
 * file read, a docs page), and scanning them twice doubled the call's cost.
 * Only texts redaction left unchanged are remembered, so every other text
 * is redacted as before. Made per call: nothing outlives the result.
 */
export function redactOncePerText(redact: RedactText): RedactText {
  const clean = new Set<string>();
  return (text) => {
    if (clean.has(text)) return text;
    const redacted = redact(text);
    if (redacted === text) clean.add(text);
    return redacted;
  };
}

/**
 * `value` with every string in it (at any depth, keys left alone) redacted:
 * what a client shows of structured content is redacted like its text.
 */
export function redactStructured<Value>(value: Value, redact: RedactText): Value {
  if (typeof value === 'string') return redact(value) as Value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactStructured(item, redact)) as Value;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStructured(item, redact)])) as Value;
  return value;
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
