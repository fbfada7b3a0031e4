import type { TranscriptTurn } from '../../agent/engine/session-engine.js';
import type { AgentMode } from '../../agent/events/agent-event.js';

// The API's response shapes as types only, for the server and the studio alike:
// this module imports nothing with Node types, so the studio's DOM-only check can
// read it (api-schemas.ts holds the zod schemas that check them and feed OpenAPI).

/** One row of `GET /api/sessions`: stored, or open in this server. */
export interface SessionListEntry {
  id: string;
  /** The first message, cut to one line ('' before the first). */
  title: string;
  updatedAt: string;
  turns: number;
  /** Whether this server holds the session open now. */
  isOpen: boolean;
  /** Whether a turn is running. */
  isBusy: boolean;
}

/** `GET /api/sessions/:id`: the session and its finished turns. */
export interface SessionDetail {
  id: string;
  workspace: string;
  mode: AgentMode;
  model: string;
  isBusy: boolean;
  /** Set when another process holds the session: it can be shown, not continued. */
  readOnlyReason: string | null;
  turns: TranscriptTurn[];
}

/** What `POST /api/sessions/:id/undo` answers. */
export interface UndoResult {
  restored: string[];
  conflicts: string[];
  /** One line for people (e.g. "nothing to undo"). */
  message: string;
}
