import * as z from 'zod';
import { type ActionError, BrassError, type LlmToolDefinition } from '../../core/index.js';
import type { AgentSession } from '../session/agent-session.js';
import { MAX_TOOL_RESULT_BYTES, capToolText } from './tool-text.js';

/** What a tool gets besides its input: the session it runs in and the call. */
export interface ToolContext {
  session: AgentSession;
  /** The model's id of this call. */
  callId: string;
  /** Aborts the call (the run was cancelled, or a sub-agent timed out). */
  signal: AbortSignal;
}

/** The outcome of one tool call, as the loop hands it to the model and to events. */
export interface AgentToolResult {
  /** false: the model gets the content as an error result. */
  ok: boolean;
  /** The text the model reads (the loop redacts it again and appends nested context). */
  content: string;
  /** Files and directories the call touched, for progressive disclosure (workspace-relative). */
  paths: string[];
  /** One line for events and progress output. */
  summary: string;
  /** For a failure: a stable code (`denied`, `not-found`, `invalid-input`, ...). */
  code?: string;
  /** Files whose whole content the result shows (a complete read, a write). */
  contentPaths?: string[];
  /** A command the call ran, so paths in its arguments count as touched. */
  command?: { argv: readonly string[]; cwd?: string };
  /** Output of validation commands: files it names count as touched. */
  validationOutput?: string;
  /** The call changed what later calls see (an edit, a command): repeated identical calls are fine again. */
  isChange?: boolean;
  /** Model tokens the call used itself (sub-agents), added to the run's budget. */
  usage?: { inputTokens: number; outputTokens: number };
  /**
   * The same result as data, valid for the tool's `outputSchema` (MCP
   * `structuredContent`); only tools with an output schema give it. Bounded
   * by the tool like `content`; the MCP server redacts its strings.
   */
  structured?: Record<string, unknown>;
}

/** One tool the model may call. */
export interface AgentTool {
  readonly definition: LlmToolDefinition;
  /** Validates `input` and runs the tool. Never throws for bad input or an expected failure: those are results. */
  run(input: unknown, context: ToolContext): Promise<AgentToolResult>;
}

/** How a tool's result text is cut (see `runToolSpec`). */
export interface ToolOutputCap {
  /** Bytes of result text kept at most: default MAX_TOOL_RESULT_BYTES; null leaves the text whole (the tool bounds it itself). */
  maxResultBytes?: number | null;
  /** What the cut line tells the reader to do (default: narrow the request). */
  truncationHint?: string;
}

/** What `defineTool` needs. */
export interface ToolSpec<Schema extends z.ZodType> extends ToolOutputCap {
  name: string;
  /** For the model; its first sentence is the tool's line in the system prompt. */
  description: string;
  /** The input schema (a strict object); its JSON Schema is what the model sees. */
  schema: Schema;
  run(input: z.output<Schema>, context: ToolContext): Promise<AgentToolResult>;
}

/**
 * Builds an AgentTool from a zod schema: the JSON Schema for the model comes
 * from `z.toJSONSchema`, input is validated before `run`, and a failure
 * (bad arguments, a BrassError, anything thrown) becomes an error result
 * that tells the model what to fix, never an exception out of the loop.
 * The result text is cut centrally at MAX_TOOL_RESULT_BYTES.
 *
 * @example
 * const echo = defineTool({ name: 'echo', description: 'Echoes.', schema: z.strictObject({ text: z.string() }),
 *   run: async ({ text }) => ({ ok: true, content: text, paths: [], summary: 'echoed' }) });
 */
export function defineTool<Schema extends z.ZodType>(spec: ToolSpec<Schema>): AgentTool {
  const definition: LlmToolDefinition = { name: spec.name, description: spec.description, inputSchema: toInputSchema(spec.schema) };
  return { definition, run: (input, context) => runToolSpec(spec, spec.schema, input, context) };
}

/**
 * The one wrapper every tool runs through, on every surface: validates
 * `input` against `schema`, runs the tool, turns a failure (bad arguments,
 * a BrassError, anything thrown) into an error result, and applies the
 * output cap. Never throws.
 */
export async function runToolSpec<Schema extends z.ZodType, Context>(
  spec: ToolOutputCap & { name: string; run(input: z.output<Schema>, context: Context): Promise<AgentToolResult> },
  schema: Schema,
  input: unknown,
  context: Context,
): Promise<AgentToolResult> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return failure(`Invalid arguments for ${spec.name}: ${describeIssues(parsed.error)}. Fix the arguments and call it again.`, 'invalid-input');
  let result: AgentToolResult;
  try {
    result = await spec.run(parsed.data, context);
  } catch (error) {
    if (BrassError.isInstance(error)) return failure(`${spec.name}: ${error.message}`, error.code);
    // A bug in a tool must not end the run: the model is told, the run goes on.
    const message = error instanceof Error ? error.message : String(error);
    return failure(`${spec.name} failed unexpectedly: ${message}`, 'failed');
  }
  const maxBytes = spec.maxResultBytes === undefined ? MAX_TOOL_RESULT_BYTES : spec.maxResultBytes;
  if (maxBytes === null) return result;
  const content = capToolText(result.content, maxBytes, spec.truncationHint);
  return content === result.content ? result : { ...result, content };
}

/** An error result: the model reads `message`, events show its first line. */
export function failure(message: string, code: string, paths: string[] = []): AgentToolResult {
  return { ok: false, content: message, paths, summary: message.split('\n')[0] ?? message, code };
}

/**
 * The error result of a failed action: `subject: message (code)`, the one
 * line every tool writes when the runtime refuses or fails an action.
 *
 * @example
 * observationFailure('src/a.ts', { code: 'not-found', message: 'no such file' }); // content: 'src/a.ts: no such file (not-found)'
 */
export function observationFailure(subject: string | null, error: ActionError, paths: string[] = []): AgentToolResult {
  const line = describeActionError(error);
  return failure(subject === null ? line : `${subject}: ${line}`, error.code, paths);
}

/** `message (code)`: how a failed action reads in a tool result or in command output. */
export function describeActionError(error: ActionError): string {
  return `${error.message} (${error.code})`;
}

/** The JSON Schema of a tool's input as the providers want it (no `$schema` key). */
export function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return jsonSchema;
}

/** `path: message; other: message`, naming each bad argument. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length === 0 ? 'arguments' : issue.path.map(String).join('.');
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}
