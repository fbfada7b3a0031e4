import * as z from 'zod';

// Objects are loose: the discover document gains keys in place (version 1 still), and a client must not reject them.

const commandSchema = z
  .object({
    name: z.string(),
    command: z.string(),
    ran: z.boolean(),
    exitCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    sandboxed: z.boolean().optional(),
    reason: z.string().optional().describe('Why it did not run.'),
    outputTail: z.array(z.string()).optional().describe("A failed command's last output lines, redacted."),
    hint: z.string().optional(),
  })
  .loose();

const fileSchema = z
  .object({
    path: z.string().describe('Workspace-relative, forward slashes.'),
    reason: z.enum(['direct', 'search', 'goal']).describe('direct: named by a failure or the goal; search: found by an identifier search; goal: ranked for the goal.'),
    score: z.number(),
    bytes: z.number().int().describe('UTF-8 bytes of excerpt.'),
    why: z.array(z.string()).describe('The evidence that chose the file, strongest first.'),
    totalBytes: z.number().int().describe('Size of the whole file.'),
    isPartial: z.boolean().describe('Only windows of the file are in excerpt.'),
    windows: z.array(z.object({ start: z.number().int(), end: z.number().int() })).optional().describe('The windows in excerpt (1-based, inclusive lines), in file order.'),
    excerpt: z.string().describe('The text read, redacted: the whole file, or its windows each under a "… lines a-b of n …" header. Read further with read_file.'),
  })
  .loose();

/**
 * The structured result of `discover_context` and `validate_and_discover`
 * (MCP `structuredContent`): the `brass-agent discover --json` document
 * (see toDiscoverJson) with each file's evidence and excerpt, redacted.
 */
export const discoverOutputSchema = z
  .object({
    version: z.literal(1),
    packageManager: z.enum(['npm', 'pnpm', 'yarn', 'bun']).nullable(),
    commands: z.array(commandSchema).describe('The validation commands found; ran is false for each one not run.'),
    signals: z.object({ paths: z.array(z.object({ path: z.string(), line: z.number().int().optional(), column: z.number().int().optional() }).loose()), identifiers: z.array(z.string()) }).loose(),
    searches: z.array(z.object({ query: z.string(), matches: z.number().int(), truncated: z.boolean() }).loose()),
    files: z.array(fileSchema).describe('The files read, best first, within the discovery budget.'),
    summary: z.string(),
    index: z
      .object({ codeFiles: z.number().int(), indexed: z.number().int(), leftOut: z.array(z.object({ reason: z.string(), count: z.number().int(), examples: z.array(z.string()) }).loose()) })
      .loose()
      .optional()
      .describe('What the goal index covered and left out.'),
  })
  .loose();
