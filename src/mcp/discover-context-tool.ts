import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { createCommandRuntime } from '../adapters/node-workspace/index.js';
import { createGitStateStamp } from '../adapters/shell/index.js';
import { type GitAnswerMemo, createGitAnswerMemo, discoverContext, redactDiscoverJson, toDiscoverJson, type DiscoverJson } from '../context/discovery/index.js';
import { discoverOutputSchema } from './discover-output-schema.js';
import type { McpSession } from './mcp-session.js';
import { guardTool, textResult } from './tool-result.js';

/** The name of the read-only discovery tool: it never runs a command. */
export const DISCOVER_CONTEXT_TOOL = 'discover_context';
/** The name of the tool that runs the project's validation commands first, then discovers. */
export const VALIDATE_AND_DISCOVER_TOOL = 'validate_and_discover';
/** Validation output one call may pass: the same 4 MiB the CLI reads. Counted in UTF-16 units. */
export const MAX_VALIDATION_OUTPUT_CHARS = 4 * 1024 * 1024;

const goalAndOutput = {
  goal: z.string().min(1).max(10_000).optional().describe('What you are trying to do, in plain words; file paths and identifiers in it are used as signals.'),
  validationOutput: z
    .string()
    .max(MAX_VALIDATION_OUTPUT_CHARS)
    .optional()
    .describe('Output of a failing test, type check or lint run you already have; the files and names it mentions are followed.'),
};

const discoverInput = {
  ...goalAndOutput,
  run: z
    .boolean()
    .optional()
    .describe(`Deprecated: discover_context never runs commands (false is accepted); call ${VALIDATE_AND_DISCOVER_TOOL} to run the project's validation commands.`),
};

const RESULT_DESCRIPTION =
  'Returns the summary, the signals, the searches made and the files read (best first), each with why it was chosen and the text read ' +
  '(whole, or the windows around its matches), as text and as structured content.';

/**
 * Registers the failure-driven discovery pass of `brass-agent discover
 * --json` as two tools, because MCP annotations are per tool, not per call:
 * `discover_context` never runs a command (`readOnlyHint: true`, so a client
 * may call it without asking), `validate_and_discover` runs the project's
 * validation commands first, under the CLI's permission, trust and sandbox
 * rules (`readOnlyHint: false`: repository-defined commands may write).
 * A `run: true` for discover_context, its former switch, is an error result
 * naming the other tool rather than a silent change of what it does.
 */
export function registerDiscoverContextTool(server: McpServer, session: McpSession): void {
  server.registerTool(
    DISCOVER_CONTEXT_TOOL,
    {
      title: 'Discover relevant context',
      description:
        'Find the files most likely connected to a task or a failure, and why, without running anything. Give a goal and/or the validation output you have. ' +
        `${RESULT_DESCRIPTION} Call this first when starting a fix.`,
      inputSchema: discoverInput,
      outputSchema: discoverOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ goal, validationOutput, run }) =>
      guardTool(async () => {
        if (run === true) return { content: [{ type: 'text', text: `run: discover_context does not run commands; call ${VALIDATE_AND_DISCOVER_TOOL} to run the validation commands` }], isError: true };
        return discover(session, { goal, validationOutput, run: false });
      }),
  );
  server.registerTool(
    VALIDATE_AND_DISCOVER_TOOL,
    {
      title: 'Run validation, then discover context',
      description:
        "Run the project's validation commands (tests, type check, lint: those the permission rules, workspace trust and sandbox allow), " +
        `then find the files connected to the failures and the goal. ${RESULT_DESCRIPTION} Commands are repository-defined: prefer discover_context when you already have the output.`,
      inputSchema: goalAndOutput,
      outputSchema: discoverOutputSchema,
      // Repository-defined commands can write files or reach the network when no sandbox is available.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    ({ goal, validationOutput }) => guardTool(() => discover(session, { goal, validationOutput, run: true })),
  );
}

/** One discovery pass, redacted, as text and structured content. */
async function discover(session: McpSession, input: { goal: string | undefined; validationOutput: string | undefined; run: boolean }): Promise<CallToolResult> {
  const { workspace } = session;
  const retrievalCache = session.retrievalCache();
  const redact = (text: string): string => workspace.redactor.redact(text).text;
  const result = await discoverContext({
    runtime: workspace.runtime,
    config: workspace.config.config,
    ...(input.goal === undefined ? {} : { goal: input.goal }),
    ...(input.validationOutput === undefined ? {} : { validationOutput: input.validationOutput }),
    run: input.run,
    createCommandRuntime: (planned) => createCommandRuntime(workspace, planned),
    ...(retrievalCache === null ? {} : { retrievalCache }),
    gitMemo: gitMemoOf(session),
    parallel: workspace.services.parallel,
    // Each file is redacted whole before it is cut into windows: a window inside a key block has no header to redact by.
    redact,
    onProgress: (event) => {
      if (event.kind === 'command-start') session.log(`running ${event.command.command}`);
    },
  });
  for (const warning of result.warnings) session.log(`warning: ${warning}`);
  // Validation output can print secrets: everything returned is redacted.
  const document = redactDiscoverJson(toDiscoverJson(result, { withExcerpts: true }), redact);
  return textResult(discoverText(document), document as unknown as Record<string, unknown>);
}

/** Per connection: the answers of git's config and HEAD reads, kept while the files they depend on are unchanged. */
const gitMemos = new WeakMap<McpSession, GitAnswerMemo>();

function gitMemoOf(session: McpSession): GitAnswerMemo {
  let memo = gitMemos.get(session);
  if (memo === undefined) {
    memo = createGitAnswerMemo(createGitStateStamp({ root: session.workspace.root, env: session.env, homeDir: session.workspace.probe.homeDir }));
    gitMemos.set(session, memo);
  }
  return memo;
}

/**
 * The text for clients that ignore structured content: the summary, the
 * document as JSON without the excerpts, then each excerpt as plain text
 * under its path (not a string escaped inside JSON).
 */
function discoverText(document: DiscoverJson): string {
  const { summary, ...details } = document;
  const listed = { ...details, files: details.files.map(({ excerpt: _excerpt, ...file }) => file) };
  const excerpts = document.files.map((file) => `==> ${file.path} <==\n${file.excerpt ?? ''}`);
  return [summary.trimEnd(), JSON.stringify(listed, null, 2), ...excerpts].join('\n\n');
}
