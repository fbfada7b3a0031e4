/**
 * Sub-agents: the `delegate` tool runs independent read-only tasks as child
 * sessions, a few at once, each with its own timeout and step budget.
 */
export { DELEGATE_TOOL, createDelegateTool } from './create-delegate-tool.js';
export type { DelegateSettings } from './create-delegate-tool.js';
