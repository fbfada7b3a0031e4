import { z } from 'zod';
import { BrassError, type LlmToolDefinition } from '../../core/index.js';
import type { AgentSession } from '../session/agent-session.js';

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
}

/** One tool the model may call. */
export interface AgentTool {
  readonly definition: LlmToolDefinition;
  /** Validates `input` and runs the tool. Never throws for bad input or an expected failure: those are results. */
  run(input: unknown, context: ToolContext): Promise<AgentToolResult>;
}

/** What `defineTool` needs. */
export interface ToolSpec<Schema extends z.ZodType> {
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
 *
 * @example
 * const echo = defineTool({ name: 'echo', description: 'Echoes.', schema: z.strictObject({ text: z.string() }),
 *   run: async ({ text }) => ({ ok: true, content: text, paths: [], summary: 'echoed' }) });
 */
export function defineTool<Schema extends z.ZodType>(spec: ToolSpec<Schema>): AgentTool {
  const definition: LlmToolDefinition = { name: spec.name, description: spec.description, inputSchema: toInputSchema(spec.schema) };
  return {
    definition,
    async run(input, context) {
      const parsed = spec.schema.safeParse(input);
      if (!parsed.success) return failure(`Invalid arguments for ${spec.name}: ${describeIssues(parsed.error)}. Fix the arguments and call it again.`, 'invalid-input');
      try {
        return await spec.run(parsed.data, context);
      } catch (error) {
        if (BrassError.isInstance(error)) return failure(`${spec.name}: ${error.message}`, error.code);
        // A bug in a tool must not end the run: the model is told, the run goes on.
        const message = error instanceof Error ? error.message : String(error);
        return failure(`${spec.name} failed unexpectedly: ${message}`, 'failed');
      }
    },
  };
}

/** An error result: the model reads `message`, events show its first line. */
export function failure(message: string, code: string, paths: string[] = []): AgentToolResult {
  return { ok: false, content: message, paths, summary: message.split('\n')[0] ?? message, code };
}

/** The JSON Schema of a tool's input as the providers want it (no `$schema` key). */
function toInputSchema(schema: z.ZodType): Record<string, unknown> {
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
