import * as z from 'zod';
import { InvalidInputError, type LlmMessage, type SessionRecord } from '../../core/index.js';
import type { AgentMode } from '../events/agent-event.js';
import type { TranscriptTurn } from './session-engine.js';

const modeSchema = z.enum(['read-only', 'propose', 'write', 'autonomous']);
const stateSchema = z.enum(['completed', 'proposed', 'applied', 'rolled-back', 'failed', 'cancelled']);
const toolCallSchema = z.object({ id: z.string(), name: z.string(), input: z.unknown() });
const messageSchema = z.union([
  z.object({ role: z.literal('user'), content: z.string() }),
  z.object({ role: z.literal('assistant'), content: z.string(), toolCalls: z.array(toolCallSchema).optional() }),
  z.object({ role: z.literal('tool'), toolCallId: z.string(), toolName: z.string(), content: z.string(), isError: z.boolean().optional() }),
]);

/** The records the engine writes after the header, one kind each. */
const recordSchemas = {
  /** What discovery found for the first message (shown by `/context`; validation commands are found again, never read from here). */
  context: z.object({ kind: z.literal('context'), discovered: z.array(z.object({ path: z.string(), reason: z.string() })) }),
  /** A finished turn: the person's message, the messages it added to the history, how it ended. */
  turn: z.object({
    kind: z.literal('turn'),
    turnId: z.string(),
    user: z.string(),
    messages: z.array(messageSchema),
    assistant: z.string(),
    state: stateSchema,
    summary: z.string(),
    usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
    contextTokens: z.number(),
  }),
  /** Older turns replaced by a summary: the history is `prefix` plus the last `keptTurns` turns' messages. */
  compaction: z.object({ kind: z.literal('compaction'), prefix: z.array(messageSchema), keptTurns: z.number().int().min(0) }),
  mode: z.object({ kind: z.literal('mode'), mode: modeSchema }),
} as const;

export type TurnRecord = z.infer<(typeof recordSchemas)['turn']>;

/** A session's state as its records rebuild it. */
export interface ReplayedSession {
  /** The summary of compacted turns (empty before the first compaction). */
  prefix: LlmMessage[];
  /** The messages each live (not compacted) turn added, oldest first. */
  turnMessages: LlmMessage[][];
  turns: TranscriptTurn[];
  discovered: { path: string; reason: string }[];
  mode: AgentMode | null;
  usage: { inputTokens: number; outputTokens: number };
  contextTokens: number;
}

/** An empty session. */
export function emptySession(): ReplayedSession {
  return { prefix: [], turnMessages: [], turns: [], discovered: [], mode: null, usage: { inputTokens: 0, outputTokens: 0 }, contextTokens: 0 };
}

/**
 * Rebuilds a session from its records, in order. A record of a kind this
 * version does not know is skipped (a newer brass-agent may add kinds); a
 * known kind with the wrong shape is InvalidInputError naming the file and
 * the record, so a damaged file is never half-resumed.
 */
export function replaySession(records: readonly SessionRecord[], file: string): ReplayedSession {
  const session = emptySession();
  for (const [index, raw] of records.entries()) {
    const schema = Object.hasOwn(recordSchemas, raw.kind) ? recordSchemas[raw.kind as keyof typeof recordSchemas] : undefined;
    if (schema === undefined) continue;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new InvalidInputError(file, `record ${index + 2} (${raw.kind}) is damaged: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
    const record = parsed.data;
    switch (record.kind) {
      case 'context':
        session.discovered = record.discovered;
        break;
      case 'turn':
        session.turnMessages.push(record.messages as LlmMessage[]);
        session.turns.push({ turnId: record.turnId, user: record.user, assistant: record.assistant, state: record.state, summary: record.summary });
        session.usage.inputTokens += record.usage.inputTokens;
        session.usage.outputTokens += record.usage.outputTokens;
        session.contextTokens = record.contextTokens;
        break;
      case 'compaction':
        session.prefix = record.prefix as LlmMessage[];
        session.turnMessages = session.turnMessages.slice(Math.max(0, session.turnMessages.length - record.keptTurns));
        break;
      case 'mode':
        session.mode = record.mode;
        break;
    }
  }
  return session;
}

/** The records as the store takes them (typed helpers, so a field can't be misspelt). */
export const sessionRecord = {
  context: (discovered: { path: string; reason: string }[]): SessionRecord => ({ kind: 'context', discovered }),
  turn: (turn: Omit<TurnRecord, 'kind'>): SessionRecord => ({ kind: 'turn', ...turn }),
  compaction: (prefix: LlmMessage[], keptTurns: number): SessionRecord => ({ kind: 'compaction', prefix, keptTurns }),
  mode: (mode: AgentMode): SessionRecord => ({ kind: 'mode', mode }),
};

/** The title of a session: its first message's first line, at most 80 characters. */
export function sessionTitle(firstMessage: string): string {
  const line = firstMessage.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
