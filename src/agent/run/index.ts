/** One agent run: discovery, the session, the tool-use loop, and settling the change. */
export { buildFirstMessage } from './build-first-message.js';
export { runAgent } from './run-agent.js';
export type { RunAgentOptions, RunAgentResult } from './run-types.js';
export { settleChange } from './settle-change.js';
export type { SettledChange } from './settle-change.js';
