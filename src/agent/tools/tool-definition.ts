import type * as z from 'zod';
import type { DocsMap } from '../../context/docs/index.js';
import type { CheckingRuntime, LlmToolDefinition } from '../../core/index.js';
import { type AgentTool, type AgentToolResult, type ToolContext, type ToolOutputCap, runToolSpec, toInputSchema } from './agent-tool.js';
import type { PendingEdits } from './pending-edits.js';

/**
 * What a tool does to the world, which decides where it may appear:
 * `read` tools need no approval (the permission layer's safe set), run in
 * sub-agents and may be served over MCP; `write` records edits; `exec` runs
 * commands; `delegate` starts sub-agents.
 */
export type ToolEffect = 'read' | 'write' | 'exec' | 'delegate';

/**
 * What a read tool needs to run, and nothing more, so that every surface can
 * supply it: the agent from its session, the MCP server from its connection.
 */
export interface ReadToolContext {
  /** Every action goes through it (scope, permission rules). */
  runtime: CheckingRuntime;
  /** Redacts text before it is shown. */
  redact(text: string): string;
  /** The run's pending edits, when there is a run (the agent): `read_file` shows them. */
  edits?: Pick<PendingEdits, 'pendingContent'>;
  /** The project's docs map, for `docs_map`; absent where there is none. */
  openDocsMap?: () => Promise<DocsMap>;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** What `createToolDefinition` needs. */
export interface ToolDefinitionSpec<Schema extends z.ZodObject, Context, Compat extends z.ZodObject = Schema> extends ToolOutputCap {
  name: string;
  /** For the model (agent and MCP client alike); its first sentence is the tool's line in the system prompt. */
  description: string;
  effect: ToolEffect;
  /** The arguments (a strict object); its JSON Schema is what the model sees. */
  schema: Schema;
  /**
   * `schema` plus deprecated aliases that only the MCP server still accepts
   * for older clients (it must extend `schema`). Default: `schema`.
   */
  compatSchema?: Compat;
  /** The shape of a successful result's `structured` data (MCP `outputSchema`), defined next to the code that builds it. */
  outputSchema?: z.ZodObject;
  /** Gets input valid for `schema`, or for `compatSchema` on the MCP surface. */
  run(input: z.output<Compat>, context: Context): Promise<AgentToolResult>;
}

/** One tool, defined once; the agent and the MCP server derive their tool from it. */
export interface ToolDefinition<Context = ReadToolContext> {
  readonly name: string;
  readonly description: string;
  readonly effect: ToolEffect;
  readonly schema: z.ZodObject;
  /** The arguments the MCP server accepts: `schema` plus deprecated aliases. */
  readonly compatSchema: z.ZodObject;
  /** What a successful result's `structured` data looks like; null: text only. */
  readonly outputSchema: z.ZodObject | null;
  /** Name, description and JSON Schema for the model. */
  readonly llmDefinition: LlmToolDefinition;
  /**
   * Validates `input` (against `compatSchema` when `isCompat`), runs the tool
   * and caps its text. Never throws: failures are error results.
   */
  run(input: unknown, context: Context, options?: { isCompat?: boolean }): Promise<AgentToolResult>;
}

/**
 * Defines a tool once: name, description, effect class, schema, run and
 * output cap. See `toAgentTool` for the agent's tool and src/mcp for the
 * server's.
 *
 * @example
 * const echo = createToolDefinition({ name: 'echo', description: 'Echoes.', effect: 'read',
 *   schema: z.strictObject({ text: z.string() }), run: async ({ text }) => ({ ok: true, content: text, paths: [], summary: 'echoed' }) });
 */
export function createToolDefinition<Schema extends z.ZodObject, Context = ReadToolContext, Compat extends z.ZodObject = Schema>(
  spec: ToolDefinitionSpec<Schema, Context, Compat>,
): ToolDefinition<Context> {
  const compatSchema: z.ZodObject = spec.compatSchema ?? spec.schema;
  return {
    name: spec.name,
    description: spec.description,
    effect: spec.effect,
    schema: spec.schema,
    compatSchema,
    outputSchema: spec.outputSchema ?? null,
    llmDefinition: { name: spec.name, description: spec.description, inputSchema: toInputSchema(spec.schema) },
    // compatSchema extends schema: what either accepts is valid input for `run`.
    run: (input, context, options) => runToolSpec(spec, (options?.isCompat === true ? compatSchema : spec.schema) as unknown as Compat, input, context),
  };
}

/** The agent's tool of a definition: the session gives the context (`toContext`). */
export function toAgentTool<Context>(definition: ToolDefinition<Context>, toContext: (context: ToolContext) => Context): AgentTool {
  return { definition: definition.llmDefinition, run: (input, context) => definition.run(input, toContext(context)) };
}

/** The read context of an agent session: its runtime, redaction and pending edits. */
export function readContextOf(context: ToolContext, docsMap: DocsMap | null = null): ReadToolContext {
  const { session, signal } = context;
  return { runtime: session.runtime, redact: session.redact, edits: session.edits, signal, ...(docsMap === null ? {} : { openDocsMap: async () => docsMap }) };
}
