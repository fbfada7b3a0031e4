/**
 * `brass-agent acp`: the Agent Client Protocol over stdio, one more thin
 * surface over the session engine (see serveAcp).
 */
export { MAX_ACP_MESSAGE_BYTES, serveAcp } from './serve-acp.js';
export type { AcpEngines, ServeAcpOptions } from './serve-acp.js';
