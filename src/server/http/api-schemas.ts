import * as z from 'zod';
import type { ContextReport, TranscriptTurn } from '../../agent/engine/index.js';
import type { AgentMode } from '../../agent/events/agent-event.js';
import { AGENT_MODES } from '../../agent/tools/index.js';
import { APPROVAL_MODES } from '../../config/index.js';
import type { SessionDetail, SessionListEntry, UndoResult } from './api-shapes.js';

// The bodies and answers of the API, each defined once: the handlers parse
// with them and /openapi.json is generated from them. Bodies are strict (an
// unknown field is an error naming it); answers describe what is sent.

/** A message larger than this is refused (413 comes earlier, for the whole body). */
export const MAX_MESSAGE_CHARS = 256 * 1024;

const modes = AGENT_MODES as readonly [AgentMode, ...AgentMode[]];

export const CreateSessionBody = z
  .strictObject({
    mode: z.enum(modes).optional().describe('what the agent may do in this session (default: agent.mode of the config)'),
    approval: z.enum(APPROVAL_MODES).optional().describe('when an action needs approval: ask (an approval.requested event), auto, never (default: approval of the config)'),
  })
  .describe('A new session.');

export const MessageBody = z
  .strictObject({
    text: z
      .string()
      .max(MAX_MESSAGE_CHARS)
      .refine((text) => text.trim().length > 0, 'must not be empty')
      .describe('what the person says; `@path` mentions attach workspace files'),
  })
  .describe('A message that starts a turn.');

export const ApprovalBody = z
  .strictObject({
    choice: z.enum(['once', 'session', 'deny']).describe('allow once, allow for the rest of the session, or deny'),
    message: z.string().max(MAX_MESSAGE_CHARS).optional().describe('with deny: what the model should do instead'),
  })
  .refine((answer) => answer.message === undefined || answer.choice === 'deny', { message: 'is allowed only with choice "deny"', path: ['message'] })
  .describe('The answer to an approval.requested event.');

export const UndoBody = z
  .strictObject({ force: z.boolean().optional().describe('restore even files changed since the last turn') })
  .describe('Undo the last turn (the body may be empty).');

export const ErrorResponse = z
  .object({ version: z.number().int(), error: z.object({ code: z.string(), message: z.string() }) })
  .describe('Every error: a stable code and a message for people.');

export const HealthResponse = z.object({ version: z.number().int(), ok: z.literal(true) });

export const CreatedSessionResponse = z.object({ id: z.string() });

const SessionListItem = z.object({
  id: z.string(),
  title: z.string().describe('the first message, cut to one line'),
  updatedAt: z.string(),
  turns: z.number().int(),
  isOpen: z.boolean().describe('whether this server holds the session open now'),
  isBusy: z.boolean().describe('whether a turn is running'),
}) satisfies z.ZodType<SessionListEntry>;

export const SessionListResponse = z.object({ sessions: z.array(SessionListItem).describe('newest first') });

const Turn: z.ZodType<TranscriptTurn> = z.object({
  turnId: z.string(),
  user: z.string(),
  assistant: z.string(),
  state: z.enum(['completed', 'proposed', 'applied', 'rolled-back', 'failed', 'cancelled']),
  summary: z.string(),
});

export const SessionResponse = z.object({
  id: z.string(),
  workspace: z.string(),
  mode: z.enum(modes),
  model: z.string(),
  isBusy: z.boolean(),
  readOnlyReason: z.string().nullable().describe('set when another process holds the session: it can be shown, not continued'),
  turns: z.array(Turn).describe('the finished turns, oldest first'),
}) satisfies z.ZodType<SessionDetail>;

export const TurnAcceptedResponse = z.object({ turnId: z.string() });

export const ApprovalAnsweredResponse = z.object({ answered: z.literal(true) });

export const DiffResponse = z.object({ diff: z.string().describe('the pending change (propose) or the last turn’s change; empty when none') });

export const UndoResponse = z.object({ restored: z.array(z.string()), conflicts: z.array(z.string()), message: z.string() }) satisfies z.ZodType<UndoResult>;

export const CancelResponse = z.object({ cancelled: z.boolean().describe('false when no turn was running') });

export const ClosedResponse = z.object({ closed: z.boolean().describe('false when the session was stored but not open') });

export const ContextReportResponse: z.ZodType<ContextReport> = z.object({
  guidance: z.array(z.object({ path: z.string(), bytes: z.number().int() })).describe('guidance files in the system prompt'),
  manifest: z.array(z.object({ path: z.string(), dir: z.string(), isDisclosed: z.boolean() })).describe('nested context files and whether each was disclosed yet'),
  discovered: z.array(z.object({ path: z.string(), reason: z.string() })).describe('what discovery chose for the first message, and why'),
  reminders: z.array(z.object({ paths: z.array(z.string()), turnId: z.string() })).describe('<system-reminder>s appended to tool results so far'),
  tokens: z.object({ used: z.number(), limit: z.number(), sessionInput: z.number(), sessionOutput: z.number() }),
});
