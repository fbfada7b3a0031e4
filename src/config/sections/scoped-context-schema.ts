import * as z from 'zod';
import { nonEmptyString } from './non-empty-string.js';

/** The modes a scoped context declaration knows; anything else warns and acts as `append`. */
export const SCOPED_CONTEXT_MODES = ['replace', 'append'] as const;

import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN } from '../context-name.js';

export { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN } from '../context-name.js';

/** An agent, flow or step name. */
export function contextName() {
  return z.string({ error: CONTEXT_NAME_MESSAGE }).regex(CONTEXT_NAME_PATTERN, { error: CONTEXT_NAME_MESSAGE });
}

/**
 * `context` of an agent or a flow step: which workspace files are inlined
 * into the system prompt, how they combine with the lower layers, and
 * whether nested context files are disclosed. The same shape is read from
 * the frontmatter of `.brass-agent/agents/<name>.md`.
 */
export const ScopedContextSchema = z
  .strictObject({
    paths: z
      .array(nonEmptyString().meta({ title: 'context path' }))
      .optional()
      .describe(
        'Workspace files (or globs, or directories: their context file) inlined into the system prompt. Templates: ${agent}, ${flow.id}, ${flow.step}, ${env.VAR}. A declared empty list counts as declared.',
      ),
    mode: z
      .string({ error: 'expected "replace" or "append"' })
      .optional()
      .describe('"replace" (default): these paths replace the lower layers; "append": they are added after them. Another value warns and acts as "append".'),
    nested: z.boolean({ error: 'expected true or false' }).optional().describe('false turns nested context files off for this agent or step.'),
  })
  .describe('Scoped context: files inlined for this agent or step.');

/** A scoped context declaration as written. */
export type ScopedContextConfig = z.output<typeof ScopedContextSchema>;
