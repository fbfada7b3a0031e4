import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createCommandRuntime, openRetrievalIndexCache } from '../adapters/node-workspace/index.js';
import { discoverContext, toDiscoverJson } from '../context/discovery/index.js';
import type { McpSession } from './mcp-session.js';
import { guardTool, textResult } from './tool-result.js';

/** The name the server registers the tool under. */
export const DISCOVER_CONTEXT_TOOL = 'discover_context';
/** Validation output one call may pass: the same 4 MiB the CLI reads. Counted in UTF-16 units. */
export const MAX_VALIDATION_OUTPUT_CHARS = 4 * 1024 * 1024;

const inputSchema = {
  goal: z.string().min(1).max(10_000).optional().describe('What you are trying to do, in plain words; file paths and identifiers in it are used as signals.'),
  validationOutput: z
    .string()
    .max(MAX_VALIDATION_OUTPUT_CHARS)
    .optional()
    .describe('Output of a failing test, type check or lint run you already have; the files and names it mentions are followed.'),
  run: z
    .boolean()
    .default(false)
    .describe("Also run the project's validation commands (tests, type check, lint) to collect failures. Default false; permission rules apply."),
};

/**
 * Registers `discover_context`: the failure-driven discovery pass of
 * `brass-agent discover --json`, redacted: signals, searches, the files
 * read (best first, with why) and the summary. Commands run only with
 * `run: true`, under the same permission rules as the CLI.
 */
export function registerDiscoverContextTool(server: McpServer, session: McpSession): void {
  server.registerTool(
    DISCOVER_CONTEXT_TOOL,
    {
      title: 'Discover relevant context',
      description:
        'Find the files most likely connected to a task or a failure, and why. Give a goal and/or the validation output you have; ' +
        'returns a summary, then JSON with the path and identifier signals, the searches made and the files read (best first). ' +
        'Call this first when starting a fix, then read the files it names.',
      inputSchema,
      annotations: { readOnlyHint: false, openWorldHint: false },
    },
    ({ goal, validationOutput, run }) =>
      guardTool(async () => {
        const { workspace } = session;
        const retrieval = openRetrievalIndexCache(workspace, session.env);
        if (retrieval.warning !== null) session.log(`warning: ${retrieval.warning}`);
        const result = await discoverContext({
          runtime: workspace.runtime,
          config: workspace.config.config,
          ...(goal === undefined ? {} : { goal }),
          ...(validationOutput === undefined ? {} : { validationOutput }),
          run,
          createCommandRuntime: (planned) => createCommandRuntime(workspace, planned),
          ...(retrieval.cache === null ? {} : { retrievalCache: retrieval.cache }),
          parallel: workspace.services.parallel,
          onProgress: (event) => {
            if (event.kind === 'command-start') session.log(`running ${event.command.command}`);
          },
        });
        for (const warning of result.warnings) session.log(`warning: ${warning}`);
        const document = toDiscoverJson(result);
        const { summary, ...details } = document;
        // Validation output can print secrets: everything returned is redacted.
        return textResult(workspace.redactor.redact(`${summary.trimEnd()}\n\n${JSON.stringify(details, null, 2)}`).text);
      }),
  );
}
