import * as z from 'zod';
import { appliesUntrusted } from './untrusted-behaviour.js';
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN, ScopedContextSchema } from './scoped-context-schema.js';

/** One agent's settings. */
export const AgentSchema = z
  .strictObject({
    description: z.string({ error: 'expected a string' }).optional().describe('What the agent is for, one line.'),
    context: ScopedContextSchema.optional(),
  })
  .describe('An agent.');

/**
 * `agents`: agents by name. An agent may also be defined by a Markdown file
 * `.brass-agent/agents/<name>.md` whose frontmatter has the same fields; a
 * `context` here wins over the file's.
 */
// Applies in an untrusted workspace: an agent's context paths must resolve inside the workspace.
export const AgentsSchema = appliesUntrusted(
  z
    .record(z.string().regex(CONTEXT_NAME_PATTERN, { error: CONTEXT_NAME_MESSAGE }), AgentSchema)
    .default(() => ({}))
    .meta({ title: 'map of agent name to { description, context }' })
    .describe('Agents by name, each with an optional description and scoped context { paths, mode, nested }.'),
);
