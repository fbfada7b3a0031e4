/**
 * The session engine: multi-turn conversations on top of the tool loop,
 * with approvals as events, compaction and persisted, resumable sessions.
 * Every surface (chat, serve, acp) drives it and renders its events.
 */
export type { ApprovalAnswer, ContextReport, SessionEngine, TranscriptTurn, TurnOutcome, UndoOutcome } from './session-engine.js';
export { createSessionEngine } from './create-session-engine.js';
export type { CreateSessionEngineOptions } from './create-session-engine.js';
export { COMPACT_AT_SHARE, KEPT_TURNS } from './compact-history.js';
export { findMentions, MAX_MENTIONS, MAX_MENTION_BYTES } from './attach-mentions.js';
