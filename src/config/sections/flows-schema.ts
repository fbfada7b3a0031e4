import * as z from 'zod';
import { appliesUntrusted } from './untrusted-behaviour.js';
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN, ScopedContextSchema, contextName } from './scoped-context-schema.js';

/** What `extends` may name: a step of the same flow, `flow.step`, or a whole flow. */
const EXTENDS_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9][A-Za-z0-9_-]*)?$/;

/** One step of a flow. */
export const FlowStepSchema = z
  .strictObject({
    name: contextName().describe('The step name, unique in its flow (`--step NAME`).'),
    extends: z
      .string({ error: 'expected "step", "flow.step" or "flow"' })
      .regex(EXTENDS_PATTERN, { error: 'expected "step", "flow.step" or "flow"' })
      .optional()
      .describe('A step of this flow, "flow.step", or a flow id, whose context this step inherits unless it declares its own.'),
    context: ScopedContextSchema.optional(),
  })
  .describe('A flow step.');

/** One flow: its own context (the default of its steps) and its steps. */
export const FlowSchema = z
  .strictObject({
    context: ScopedContextSchema.optional(),
    steps: z.array(FlowStepSchema).default(() => []).describe('The steps of the flow.'),
  })
  .superRefine((flow, context) => {
    const seen = new Set<string>();
    for (const [index, step] of flow.steps.entries()) {
      if (seen.has(step.name)) context.addIssue({ code: 'custom', path: ['steps', index, 'name'], message: `duplicate step name "${step.name}"` });
      seen.add(step.name);
    }
  })
  .describe('A flow.');

/** `flows`: flows by id, whose steps may declare or inherit scoped context. */
// Applies in an untrusted workspace: a step's context paths must resolve inside the workspace.
export const FlowsSchema = appliesUntrusted(
  z
    .record(z.string().regex(CONTEXT_NAME_PATTERN, { error: CONTEXT_NAME_MESSAGE }), FlowSchema)
    .default(() => ({}))
    .meta({ title: 'map of flow id to { context, steps }' })
    .describe('Flows by id; each step { name, extends, context } may declare scoped context or inherit it with extends.'),
);
