/** One agent run: discovery, the session, the tool-use loop, and settling the change. */
export { buildFirstMessage } from './build-first-message.js';
export { runAgent } from './run-agent.js';
export type { RunAgentOptions, RunAgentResult } from './run-types.js';
export { settleChange } from '../turn/index.js';
export type { SettledChange } from '../turn/index.js';
