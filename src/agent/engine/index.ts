/**
 * The session engine: multi-turn conversations on top of the tool loop,
 * with approvals as events, compaction and persisted, resumable sessions.
 * Every surface (chat, serve, acp) drives it and renders its events.
 */
export type { ApprovalAnswer, ContextReport, SessionEngine, TranscriptTurn, TurnOutcome, UndoOutcome } from './session-engine.js';
