/**
 * Names of agents, flows and steps: they become file names and template
 * values. Apart from the schema so that `context --agent NAME` checks a name
 * without loading zod.
 */
export const CONTEXT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Message for a bad agent, flow or step name. */
export const CONTEXT_NAME_MESSAGE = 'expected a name of letters, digits, "-" and "_", starting with a letter or digit';
