import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../src/agent/events/agent-event.js';
import {
  type ConversationState,
  conversationOfHistory,
  INITIAL_CONVERSATION,
  MAX_INPUT_CHARS,
  pendingApprovals,
  reduceConversation,
  shortInput,
} from '../src/server/studio/conversation-state.js';

function replay(events: readonly AgentEvent[], from: ConversationState = INITIAL_CONVERSATION): ConversationState {
  return events.reduce(reduceConversation, from);
}

/** The items without their keys, to compare by content. */
function contents(state: ConversationState): unknown[] {
  return state.items.map(({ key: _key, ...item }) => item);
}

const APPROVAL: Extract<AgentEvent, { type: 'approval.requested' }> = {
  type: 'approval.requested',
  approvalId: 'a1',
  action: 'patch.apply',
  tool: null,
  reason: 'write mode asks before changing files',
  paths: ['src/total.js'],
  outOfScopePaths: [],
  command: null,
  diff: '--- a/src/total.js\n+++ b/src/total.js\n@@ -1 +1 @@\n-a\n+b\n',
};

describe('the studio conversation', () => {
  it('joins streamed text, tracks tool calls and approvals, and ends the turn', () => {
    const state = replay([
      { type: 'turn.started', turnId: 't1', text: 'fix the total' },
      { type: 'discovery.completed', files: [{ path: 'src/total.js', reason: 'search' }], commands: [] },
      { type: 'text.delta', text: 'Let me ', agent: 'main' },
      { type: 'text.delta', text: 'fix it.', agent: 'main' },
      { type: 'text.delta', text: 'a helper talks', agent: 'delegate-1' },
      { type: 'action.started', callId: 'c1', tool: 'edit_file', input: { path: 'src/total.js', old_string: 'a' }, agent: 'main' },
      { type: 'action.started', callId: 'c2', tool: 'read_file', input: { path: 'x' }, agent: 'delegate-1' },
      APPROVAL,
      { type: 'approval.resolved', approvalId: 'a1', outcome: 'allow-once' },
      { type: 'action.completed', callId: 'c1', tool: 'edit_file', summary: 'edited src/total.js', durationMs: 3, agent: 'main' },
      { type: 'patch.applied', patchId: 'p1', files: [{ path: 'src/total.js', status: 'modified', additions: 1, deletions: 1 }] },
      { type: 'text.delta', text: 'Done.', agent: 'main' },
      { type: 'turn.finished', turnId: 't1', state: 'applied', summary: 'patch applied', inputTokens: 10, outputTokens: 5, contextTokens: 120, contextLimit: 1000 },
    ]);
    expect(contents(state)).toEqual([
      { kind: 'user', text: 'fix the total' },
      { kind: 'discovery', files: [{ path: 'src/total.js', reason: 'search' }] },
      { kind: 'assistant', text: 'Let me fix it.', isStreaming: false },
      { kind: 'tool', callId: 'c1', tool: 'edit_file', input: '{"path":"src/total.js","old_string":"a"}', status: 'done', result: 'edited src/total.js' },
      { kind: 'approval', request: APPROVAL, resolution: 'allow-once' },
      { kind: 'notice', text: 'patch applied: src/total.js (+1 −1)', tone: 'success' },
      { kind: 'assistant', text: 'Done.', isStreaming: false },
      { kind: 'notice', text: 'applied: patch applied', tone: 'success' },
    ]);
    expect(state.runningTurnId).toBeNull();
    expect(state.tokens).toEqual({ used: 120, limit: 1000 });
    expect(state.finishedTurns).toBe(1);
    expect(state.turnNumbers).toEqual({ t1: 1 });
    expect(new Set(state.items.map((item) => item.key)).size).toBe(state.items.length);
  });

  it('keeps a running turn, its streaming text and its open approval', () => {
    const state = replay([
      { type: 'turn.started', turnId: 't2', text: 'again' },
      { type: 'text.delta', text: 'Work', agent: 'main' },
    ]);
    expect(state.runningTurnId).toBe('t2');
    expect(contents(state).at(-1)).toEqual({ kind: 'assistant', text: 'Work', isStreaming: true });
    const asking = reduceConversation(state, APPROVAL);
    expect(pendingApprovals(asking)).toEqual([APPROVAL]);
    expect(pendingApprovals(reduceConversation(asking, { type: 'approval.resolved', approvalId: 'a1', outcome: 'deny' }))).toEqual([]);
  });

  it('shows a failed tool call with its error, and skips events it has nothing to show for', () => {
    const state = replay([
      { type: 'action.started', callId: 'c1', tool: 'shell', input: { command: 'npm test' }, agent: 'main' },
      { type: 'action.failed', callId: 'c1', tool: 'shell', error: { code: 'denied', message: 'not allowed' }, durationMs: 1, agent: 'main' },
      { type: 'model.started', step: 1, agent: 'main' },
      { type: 'checkpoint.created', checkpointId: 'k', files: 1, reusedFiles: 0 },
      { type: 'some.future_event' } as unknown as AgentEvent,
    ]);
    expect(contents(state)).toEqual([{ kind: 'tool', callId: 'c1', tool: 'shell', input: '{"command":"npm test"}', status: 'failed', result: 'denied: not allowed' }]);
  });

  it('turns the other events into one notice each', () => {
    const state = replay([
      { type: 'warning', message: '3 event(s) after Last-Event-ID are no longer kept by the server' },
      { type: 'validation.completed', passed: false, commands: [{ name: 'test', exitCode: 1 }] },
      { type: 'patch.rolled_back', patchId: 'p', restored: ['src/a.ts'], removed: [] },
      { type: 'checkpoint.restored', restored: ['src/b.ts'] },
      { type: 'command.changed_files', command: 'npm run fmt', files: [{ path: 'src/c.ts', status: 'modified' }] },
      { type: 'session.compacted', turns: 4, tokensBefore: 9000, tokensAfter: 1200, isForced: false },
    ]);
    expect(contents(state)).toEqual([
      { kind: 'notice', text: '3 event(s) after Last-Event-ID are no longer kept by the server', tone: 'warning' },
      { kind: 'notice', text: 'validation fails: test (exit 1)', tone: 'error' },
      { kind: 'notice', text: 'patch rolled back: restored src/a.ts, removed nothing', tone: 'warning' },
      { kind: 'notice', text: 'restored from the checkpoint: src/b.ts', tone: 'warning' },
      { kind: 'notice', text: 'npm run fmt changed src/c.ts (modified)', tone: 'warning' },
      { kind: 'notice', text: 'compacted 4 turns: 9000 → 1200 tokens', tone: 'info' },
    ]);
  });

  it('opens a session with its history, numbering the turns', () => {
    const state = conversationOfHistory([
      { turnId: 'a', user: 'one', assistant: 'first answer', state: 'completed', summary: 'done' },
      { turnId: 'b', user: 'two', assistant: '', state: 'cancelled', summary: 'cancelled by the person' },
    ]);
    expect(contents(state)).toEqual([
      { kind: 'user', text: 'one' },
      { kind: 'assistant', text: 'first answer', isStreaming: false },
      { kind: 'notice', text: 'completed: done', tone: 'success' },
      { kind: 'user', text: 'two' },
      { kind: 'notice', text: 'cancelled: cancelled by the person', tone: 'warning' },
    ]);
    expect(replay([{ type: 'turn.started', turnId: 'c', text: 'three' }], state).turnNumbers).toEqual({ a: 1, b: 2, c: 3 });
    // Opened while a turn runs: cancel is offered until its turn.finished arrives.
    const busy = conversationOfHistory([], true);
    expect(busy.runningTurnId).not.toBeNull();
    expect(replay([{ type: 'turn.finished', turnId: 'x', state: 'completed', summary: 'ok', inputTokens: 1, outputTokens: 1, contextTokens: 1, contextLimit: 10 }], busy).runningTurnId).toBeNull();
  });

  it('opened mid-turn, skips the replayed events of the history turns and shows the running one', () => {
    const history = conversationOfHistory([{ turnId: 'a', user: 'one', assistant: 'first answer', state: 'completed', summary: 'done' }], true);
    const state = replay(
      [
        { type: 'turn.started', turnId: 'a', text: 'one' },
        { type: 'text.delta', text: 'first answer', agent: 'main' },
        { type: 'turn.finished', turnId: 'a', state: 'completed', summary: 'done', inputTokens: 1, outputTokens: 1, contextTokens: 1, contextLimit: 10 },
        { type: 'turn.started', turnId: 'b', text: 'two' },
        { type: 'text.delta', text: 'working', agent: 'main' },
        APPROVAL,
      ],
      history,
    );
    expect(contents(state)).toEqual([
      { kind: 'user', text: 'one' },
      { kind: 'assistant', text: 'first answer', isStreaming: false },
      { kind: 'notice', text: 'completed: done', tone: 'success' },
      { kind: 'user', text: 'two' },
      { kind: 'assistant', text: 'working', isStreaming: false },
      { kind: 'approval', request: APPROVAL, resolution: null },
    ]);
    expect(state.runningTurnId).toBe('b');
    expect(state.turnNumbers).toEqual({ a: 1, b: 2 });
    expect(state.finishedTurns).toBe(0);
  });

  it('cuts a long tool input to one short line', () => {
    const input = shortInput({ content: `line one\n${'x'.repeat(500)}` });
    expect(input).toHaveLength(MAX_INPUT_CHARS);
    expect(input.endsWith('…')).toBe(true);
    expect(input).not.toContain('\n');
  });
});
