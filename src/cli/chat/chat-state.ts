import type { AgentEvent, TurnFinalState } from '../../agent/events/agent-event.js';
import type { ContextReport, TranscriptTurn } from '../../agent/engine/session-engine.js';
import { createHumanRenderer, MAIN_AGENT, MAX_RESULT_SUMMARY_CHARS } from '../run/create-human-renderer.js';
import { describeToolCall, oneLine } from '../run/describe-tool-call.js';
import type { Colors } from '../output.js';

/** How a notice line is coloured. */
export type NoticeTone = 'info' | 'dim' | 'success' | 'warning' | 'error';

/** One tool call of the main agent as the transcript shows it. */
export interface ToolCallView {
  callId: string;
  /** `read_file src/a.ts` (describeToolCall). */
  description: string;
  input: unknown;
  status: 'running' | 'done' | 'failed';
  /** The result's summary, or the error's message. */
  result: string;
  durationMs: number | null;
}

export type ApprovalRequest = Extract<AgentEvent, { type: 'approval.requested' }>;

/** A finished piece of the transcript (shown once, in Ink's `<Static>`). */
export type TranscriptItem = { id: number } & (
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'tool'; call: ToolCallView }
  | { kind: 'discovery'; files: { path: string; reason: string }[]; commands: { name: string; ran: boolean; exitCode: number | null }[] }
  | { kind: 'notice'; text: string; tone: NoticeTone }
  | { kind: 'diff'; diff: string }
  | { kind: 'context'; report: ContextReport }
);

/** An item before it gets its id. */
export type NewTranscriptItem = TranscriptItem extends infer Item ? (Item extends TranscriptItem ? Omit<Item, 'id'> : never) : never;

/** A piece of the running turn, shown in the live area until it is finished. */
export type LiveBlock = { kind: 'text'; text: string; isClosed: boolean } | { kind: 'tool'; call: ToolCallView };

export interface ChatState {
  items: TranscriptItem[];
  /** Bumped by /clear: the transcript starts again (Ink's `<Static>` is remounted). */
  epoch: number;
  nextId: number;
  live: LiveBlock[];
  /** The tool calls of the running or the last turn (what the expand key shows in full). */
  lastTurnCalls: ToolCallView[];
  /** Approvals waiting for an answer, oldest first (the first is shown). */
  approvals: ApprovalRequest[];
  /** The history's size against the model's limit, from the last `turn.finished`. */
  tokens: { used: number; limit: number } | null;
}

export type ChatAction =
  | { type: 'event'; event: AgentEvent }
  | { type: 'add'; items: NewTranscriptItem[] }
  | { type: 'approval-gone'; approvalId: string }
  | { type: 'clear' };

export const INITIAL_CHAT_STATE: ChatState = { items: [], epoch: 0, nextId: 0, live: [], lastTurnCalls: [], approvals: [], tokens: null };

const PLAIN_COLORS: Colors = { bold: (text) => text, dim: (text) => text, red: (text) => text, yellow: (text) => text, green: (text) => text };

const STATE_TONE: Record<TurnFinalState, NoticeTone> = { completed: 'success', applied: 'success', proposed: 'warning', 'rolled-back': 'error', failed: 'error', cancelled: 'warning' };
const STATE_MARK: Record<TurnFinalState, string> = { completed: '✓', applied: '✓', proposed: '●', 'rolled-back': '↺', failed: '✗', cancelled: '■' };

/** The transcript of a resumed session: each finished turn's message, answer and outcome. */
export function transcriptOfHistory(turns: readonly TranscriptTurn[]): NewTranscriptItem[] {
  return turns.flatMap((turn): NewTranscriptItem[] => [
    { kind: 'user', text: turn.user },
    ...(turn.assistant.length > 0 ? [{ kind: 'assistant' as const, text: turn.assistant }] : []),
    { kind: 'notice', text: `${STATE_MARK[turn.state]} ${turn.state}: ${oneLine(turn.summary, MAX_RESULT_SUMMARY_CHARS)}`, tone: STATE_TONE[turn.state] },
  ]);
}

/** The chat UI's state after one engine event or UI action (pure: the component keeps it with useReducer). */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'add':
      return addItems(state, action.items);
    case 'clear':
      return { ...INITIAL_CHAT_STATE, epoch: state.epoch + 1, tokens: state.tokens };
    case 'approval-gone':
      return { ...state, approvals: state.approvals.filter((approval) => approval.approvalId !== action.approvalId) };
    case 'event':
      return reduceEvent(state, action.event);
  }
}

function addItems(state: ChatState, items: readonly NewTranscriptItem[]): ChatState {
  const added = items.map((item, index) => ({ ...item, id: state.nextId + index }) as TranscriptItem);
  return { ...state, items: [...state.items, ...added], nextId: state.nextId + added.length };
}

function reduceEvent(state: ChatState, event: AgentEvent): ChatState {
  if (event.type === 'text.delta') {
    if (event.agent !== MAIN_AGENT || event.text.length === 0) return state;
    const last = state.live.at(-1);
    const live: LiveBlock[] = last?.kind === 'text' && !last.isClosed ? [...state.live.slice(0, -1), { ...last, text: last.text + event.text }] : [...state.live, { kind: 'text', text: event.text, isClosed: false }];
    return { ...state, live };
  }
  const closed = closeText(state);
  switch (event.type) {
    case 'turn.started':
      return addItems({ ...closed, lastTurnCalls: [] }, [{ kind: 'user', text: event.text }]);
    case 'turn.finished': {
      const finished = flush({ ...closed, live: closed.live.map((block) => (block.kind === 'text' ? { ...block, isClosed: true } : block)) }, true);
      const line: NewTranscriptItem = { kind: 'notice', text: `${STATE_MARK[event.state]} ${event.state}: ${oneLine(event.summary, MAX_RESULT_SUMMARY_CHARS)}`, tone: STATE_TONE[event.state] };
      return addItems({ ...finished, approvals: [], tokens: { used: event.contextTokens, limit: event.contextLimit } }, [line]);
    }
    case 'model.completed':
      return flush(closed, false);
    case 'discovery.completed':
      return addItems(flush(closed, false), [{ kind: 'discovery', files: event.files, commands: event.commands }]);
    case 'action.started': {
      if (event.agent !== MAIN_AGENT) return closed;
      const call: ToolCallView = { callId: event.callId, description: describeToolCall(event.tool, event.input), input: event.input, status: 'running', result: '', durationMs: null };
      return flush({ ...closed, live: [...closed.live, { kind: 'tool', call }], lastTurnCalls: [...closed.lastTurnCalls, call] }, false);
    }
    case 'action.completed':
    case 'action.failed': {
      if (event.agent !== MAIN_AGENT) return closed;
      const update = (call: ToolCallView): ToolCallView =>
        call.callId !== event.callId
          ? call
          : { ...call, status: event.type === 'action.completed' ? 'done' : 'failed', result: event.type === 'action.completed' ? event.summary : event.error.message, durationMs: event.durationMs };
      const live = closed.live.map((block) => (block.kind === 'tool' ? { ...block, call: update(block.call) } : block));
      return flush({ ...closed, live, lastTurnCalls: closed.lastTurnCalls.map(update) }, false);
    }
    case 'approval.requested':
      return { ...flush(closed, false), approvals: [...closed.approvals, event] };
    case 'approval.resolved':
      return addNotices({ ...closed, approvals: closed.approvals.filter((approval) => approval.approvalId !== event.approvalId) }, event);
    // A turn of the engine may be built on a run: its start and end lines are turn.started and turn.finished here.
    case 'run.started':
    case 'run.finished':
      return closed;
    default:
      return addNotices(flush(closed, false), event);
  }
}

/** The open text block is finished once anything else happens in the turn. */
function closeText(state: ChatState): ChatState {
  const last = state.live.at(-1);
  if (last?.kind !== 'text' || last.isClosed) return state;
  return { ...state, live: [...state.live.slice(0, -1), { ...last, isClosed: true }] };
}

/** Moves the finished blocks at the head of the live area into the transcript (all of them at the end of a turn). */
function flush(state: ChatState, isTurnOver: boolean): ChatState {
  let count = 0;
  for (const block of state.live) {
    const isFinished = isTurnOver || (block.kind === 'text' ? block.isClosed : block.call.status !== 'running');
    if (!isFinished) break;
    count += 1;
  }
  if (count === 0) return state;
  const items = state.live.slice(0, count).flatMap((block): NewTranscriptItem[] => {
    if (block.kind === 'tool') return [{ kind: 'tool', call: block.call }];
    return block.text.trim().length > 0 ? [{ kind: 'assistant', text: block.text }] : [];
  });
  return addItems({ ...state, live: state.live.slice(count) }, items);
}

/** Every other event becomes the progress lines `brass-agent run` prints for it (one renderer of events, reused). */
function addNotices(state: ChatState, event: AgentEvent): ChatState {
  const lines: string[] = [];
  const renderer = createHumanRenderer({ stdout: { write: () => undefined }, stderr: { write: (text: string) => lines.push(text) }, colors: PLAIN_COLORS, isPromptShowingApprovals: true });
  renderer.onEvent(event);
  const text = `${lines.join('').replace(/\n$/, '')}${event.type === 'patch.proposed' ? ' (/diff shows it)' : ''}`;
  if (text.length === 0) return state;
  return addItems(state, [{ kind: 'notice', text: text.trim(), tone: toneOf(event) }]);
}

function toneOf(event: AgentEvent): NoticeTone {
  switch (event.type) {
    case 'warning':
    case 'patch.rolled_back':
    case 'command.changed_files':
      return 'warning';
    case 'validation.completed':
      return event.passed ? 'success' : 'error';
    case 'patch.applied':
      return 'success';
    case 'patch.proposed':
      return 'info';
    default:
      return 'dim';
  }
}
