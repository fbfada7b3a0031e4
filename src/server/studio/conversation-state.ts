import type { TranscriptTurn } from '../../agent/engine/session-engine.js';
import type { AgentEvent, PatchFileSummary, TurnFinalState } from '../../agent/events/agent-event.js';

/** The agent whose text and tool calls the conversation shows (sub-agents' are summed up by their delegate call). */
const MAIN_AGENT = 'main';
/** A tool call's input is shown on one line at most this long. */
export const MAX_INPUT_CHARS = 120;

export type ApprovalRequest = Extract<AgentEvent, { type: 'approval.requested' }>;
export type ApprovalResolution = Extract<AgentEvent, { type: 'approval.resolved' }>['outcome'];
export type Tone = 'info' | 'success' | 'warning' | 'error';

/** One entry of the conversation, in the order it happened. */
export type ConversationItem = { key: number } & (
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string; isStreaming: boolean }
  | { kind: 'tool'; callId: string; tool: string; input: string; status: 'running' | 'done' | 'failed'; result: string }
  | { kind: 'approval'; request: ApprovalRequest; resolution: ApprovalResolution | null }
  | { kind: 'discovery'; files: { path: string; reason: string }[] }
  | { kind: 'notice'; text: string; tone: Tone }
);

type NewItem = ConversationItem extends infer Item ? (Item extends ConversationItem ? Omit<Item, 'key'> : never) : never;

export interface ConversationState {
  items: ConversationItem[];
  nextKey: number;
  /** The running turn, or null between turns. */
  runningTurnId: string | null;
  /** Turns seen so far, by id, numbered from 1 (the context panel names a reminder's turn by its number). */
  turnNumbers: Record<string, number>;
  /** The history's size against the model's limit, from the last `turn.finished`. */
  tokens: { used: number; limit: number } | null;
  /** Bumped at every `turn.finished`: the context panel refreshes on it. */
  finishedTurns: number;
  /** The turns shown from the history: when the stream replays one of them, its events are skipped. */
  historyTurnIds: readonly string[];
  /** The history turn being replayed now, or null. */
  skippingTurnId: string | null;
}

export const INITIAL_CONVERSATION: ConversationState = {
  items: [],
  nextKey: 0,
  runningTurnId: null,
  turnNumbers: {},
  tokens: null,
  finishedTurns: 0,
  historyTurnIds: [],
  skippingTurnId: null,
};

const STATE_TONE: Record<TurnFinalState, Tone> = { completed: 'success', applied: 'success', proposed: 'info', 'rolled-back': 'error', failed: 'error', cancelled: 'warning' };

/** A turn that ran before the page connected: its id comes with its `turn.finished`. */
export const EARLIER_TURN = 'earlier';

/**
 * The conversation of a session opened with history: each finished turn's
 * message, answer and outcome; `isBusy` when a turn is running already (its
 * events come from the stream's replay, which also repeats the history's
 * turns: those are skipped).
 */
export function conversationOfHistory(turns: readonly TranscriptTurn[], isBusy = false): ConversationState {
  let state = INITIAL_CONVERSATION;
  turns.forEach((turn, index) => {
    state = add({ ...state, turnNumbers: { ...state.turnNumbers, [turn.turnId]: index + 1 } }, [
      { kind: 'user', text: turn.user },
      ...(turn.assistant.length > 0 ? [{ kind: 'assistant' as const, text: turn.assistant, isStreaming: false }] : []),
      { kind: 'notice', text: `${turn.state}: ${turn.summary}`, tone: STATE_TONE[turn.state] },
    ]);
  });
  const opened = { ...state, historyTurnIds: turns.map((turn) => turn.turnId) };
  return isBusy ? { ...opened, runningTurnId: EARLIER_TURN } : opened;
}

/** The conversation after one event of the session's stream (pure; the page keeps it with useReducer). */
export function reduceConversation(state: ConversationState, event: AgentEvent): ConversationState {
  if (state.skippingTurnId !== null) {
    return event.type === 'turn.finished' && event.turnId === state.skippingTurnId ? { ...state, skippingTurnId: null } : state;
  }
  if (event.type === 'turn.started' && state.historyTurnIds.includes(event.turnId)) return { ...state, skippingTurnId: event.turnId };
  if (event.type === 'text.delta') {
    if (event.agent !== MAIN_AGENT || event.text.length === 0) return state;
    const last = state.items.at(-1);
    if (last?.kind === 'assistant' && last.isStreaming) return replaceLast(state, { ...last, text: last.text + event.text });
    return add(state, [{ kind: 'assistant', text: event.text, isStreaming: true }]);
  }
  const closed = closeStreamingText(state);
  switch (event.type) {
    case 'turn.started':
      return add(
        { ...closed, runningTurnId: event.turnId, turnNumbers: { ...closed.turnNumbers, [event.turnId]: Object.keys(closed.turnNumbers).length + 1 } },
        [{ kind: 'user', text: event.text }],
      );
    case 'turn.finished':
      return add(
        { ...closed, runningTurnId: null, tokens: { used: event.contextTokens, limit: event.contextLimit }, finishedTurns: closed.finishedTurns + 1 },
        [{ kind: 'notice', text: `${event.state}: ${event.summary}`, tone: STATE_TONE[event.state] }],
      );
    case 'action.started':
      if (event.agent !== MAIN_AGENT) return closed;
      return add(closed, [{ kind: 'tool', callId: event.callId, tool: event.tool, input: shortInput(event.input), status: 'running', result: '' }]);
    case 'action.completed':
    case 'action.failed': {
      if (event.agent !== MAIN_AGENT) return closed;
      const result = event.type === 'action.completed' ? event.summary : `${event.error.code}: ${event.error.message}`;
      const status = event.type === 'action.completed' ? 'done' : 'failed';
      return update(closed, (item) => (item.kind === 'tool' && item.callId === event.callId ? { ...item, status, result } : item));
    }
    case 'approval.requested':
      return add(closed, [{ kind: 'approval', request: event, resolution: null }]);
    case 'approval.resolved':
      return update(closed, (item) => (item.kind === 'approval' && item.request.approvalId === event.approvalId ? { ...item, resolution: event.outcome } : item));
    case 'discovery.completed':
      return add(closed, [{ kind: 'discovery', files: event.files }]);
    case 'patch.proposed':
      return add(closed, [{ kind: 'notice', text: `patch proposed: ${describeFiles(event.files)}`, tone: 'info' }]);
    case 'patch.applied':
      return add(closed, [{ kind: 'notice', text: `patch applied: ${describeFiles(event.files)}`, tone: 'success' }]);
    case 'patch.rolled_back':
      return add(closed, [{ kind: 'notice', text: `patch rolled back: restored ${listOrNone(event.restored)}, removed ${listOrNone(event.removed)}`, tone: 'warning' }]);
    case 'validation.completed': {
      const commands = event.commands.map((command) => `${command.name} (exit ${command.exitCode ?? 'none'})`).join(', ');
      return add(closed, [{ kind: 'notice', text: `validation ${event.passed ? 'passes' : 'fails'}: ${commands || 'no commands'}`, tone: event.passed ? 'success' : 'error' }]);
    }
    case 'checkpoint.restored':
      return add(closed, [{ kind: 'notice', text: `restored from the checkpoint: ${listOrNone(event.restored)}`, tone: 'warning' }]);
    case 'command.changed_files':
      return add(closed, [{ kind: 'notice', text: `${event.command} changed ${event.files.map((file) => `${file.path} (${file.status})`).join(', ')}`, tone: 'warning' }]);
    case 'session.compacted':
      return add(closed, [{ kind: 'notice', text: `compacted ${event.turns} turns: ${event.tokensBefore} → ${event.tokensAfter} tokens`, tone: 'info' }]);
    case 'warning':
      return add(closed, [{ kind: 'notice', text: event.message, tone: 'warning' }]);
    default:
      // run.*, model.*, checkpoint.created and event types newer than this page: nothing to show.
      return closed;
  }
}

/** A notice the page itself adds (an undo's outcome, an API error). */
export function addNotice(state: ConversationState, text: string, tone: Tone): ConversationState {
  return add(state, [{ kind: 'notice', text, tone }]);
}

/** The approvals still waiting for an answer. */
export function pendingApprovals(state: ConversationState): ApprovalRequest[] {
  return state.items.flatMap((item) => (item.kind === 'approval' && item.resolution === null ? [item.request] : []));
}

/** A tool call's input on one line: its JSON, cut at MAX_INPUT_CHARS. */
export function shortInput(input: unknown): string {
  const text = (typeof input === 'string' ? input : (JSON.stringify(input) ?? '')).replace(/\s+/g, ' ').trim();
  return text.length <= MAX_INPUT_CHARS ? text : `${text.slice(0, MAX_INPUT_CHARS - 1)}…`;
}

function describeFiles(files: readonly PatchFileSummary[]): string {
  return files.map((file) => `${file.path} (+${file.additions} −${file.deletions})`).join(', ') || 'no files';
}

function listOrNone(paths: readonly string[]): string {
  return paths.length === 0 ? 'nothing' : paths.join(', ');
}

function add(state: ConversationState, items: readonly NewItem[]): ConversationState {
  const keyed = items.map((item, index) => ({ ...item, key: state.nextKey + index }) as ConversationItem);
  return { ...state, items: [...state.items, ...keyed], nextKey: state.nextKey + keyed.length };
}

function replaceLast(state: ConversationState, item: ConversationItem): ConversationState {
  return { ...state, items: [...state.items.slice(0, -1), item] };
}

function update(state: ConversationState, change: (item: ConversationItem) => ConversationItem): ConversationState {
  return { ...state, items: state.items.map(change) };
}

/** Streamed text is finished once anything else happens in the turn. */
function closeStreamingText(state: ConversationState): ConversationState {
  const last = state.items.at(-1);
  return last?.kind === 'assistant' && last.isStreaming ? replaceLast(state, { ...last, isStreaming: false }) : state;
}
