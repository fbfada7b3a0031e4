import { useEffect, useReducer, useState } from 'preact/hooks';
import type { ApprovalAnswer, ContextReport } from '../../agent/engine/session-engine.js';
import type { AgentEvent } from '../../agent/events/agent-event.js';
import type { SessionDetail, StudioApi } from './api-client.js';
import { ContextPanel } from './context-panel.js';
import { Composer } from './composer.js';
import { addNotice, type ConversationState, conversationOfHistory, INITIAL_CONVERSATION, reduceConversation, type Tone } from './conversation-state.js';
import { ConversationView } from './conversation-view.js';
import { describeError } from './describe-error.js';
import { DiffView } from './diff-view.js';
import { type EventStream, type EventStreamStatus, openEventStream } from './event-stream.js';
import { agentEventOf } from './agent-event-of.js';

type ConversationAction = { type: 'reset'; state: ConversationState } | { type: 'event'; event: AgentEvent } | { type: 'notice'; text: string; tone: Tone };

function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'reset':
      return action.state;
    case 'event':
      return reduceConversation(state, action.event);
    case 'notice':
      return addNotice(state, action.text, action.tone);
  }
}

/** One open session: its history, then its live events; the composer, cancel, undo, the diff and the context panel. */
export function SessionView(props: { api: StudioApi; sessionId: string; onTurnFinished(): void; onClosed(): void }) {
  const { api, sessionId } = props;
  const [conversation, dispatch] = useReducer(conversationReducer, INITIAL_CONVERSATION);
  const [detail, setDetail] = useState<SessionDetail | null>(null);
  const [streamStatus, setStreamStatus] = useState<EventStreamStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [isContextOpen, setContextOpen] = useState(false);
  const [report, setReport] = useState<{ report: ContextReport | null; error: string | null }>({ report: null, error: null });
  const [diff, setDiff] = useState<string | null>(null);
  /** The files that blocked the last undo: offered to overwrite. */
  const [undoConflicts, setUndoConflicts] = useState<string[]>([]);

  // The history first, then the stream (events from the moment of connecting). Opened mid-turn, the stream
  // starts with every event the server still keeps (Last-Event-ID 0), so the running turn so far and a pending
  // approval show; the history's turns it repeats are skipped (conversationOfHistory).
  useEffect(() => {
    let stream: EventStream | null = null;
    let isGone = false;
    api.getSession(sessionId).then(
      (loaded) => {
        if (isGone) return;
        setDetail(loaded);
        dispatch({ type: 'reset', state: conversationOfHistory(loaded.turns, loaded.isBusy) });
        stream = openEventStream({
          url: api.eventsUrl(sessionId),
          headers: api.headers,
          onEvent: (message) => {
            const event = agentEventOf(message);
            if (event !== null) dispatch({ type: 'event', event });
          },
          onStatus: setStreamStatus,
          ...(loaded.isBusy ? { lastEventId: '0' } : {}),
        });
      },
      (failure: unknown) => {
        if (!isGone) setError(describeError(failure));
      },
    );
    return () => {
      isGone = true;
      stream?.close();
    };
  }, [api, sessionId]);

  // The context panel is refreshed when it opens and after each turn.
  useEffect(() => {
    if (!isContextOpen) return undefined;
    let isGone = false;
    api.context(sessionId).then(
      (loaded) => !isGone && setReport({ report: loaded, error: null }),
      (failure: unknown) => !isGone && setReport({ report: null, error: describeError(failure) }),
    );
    return () => {
      isGone = true;
    };
  }, [api, sessionId, isContextOpen, conversation.finishedTurns]);

  const { onTurnFinished } = props;
  useEffect(() => {
    if (conversation.finishedTurns > 0) onTurnFinished();
  }, [conversation.finishedTurns, onTurnFinished]);

  /** Runs one API call; its failure is shown, not thrown. */
  async function attempt<Result>(call: () => Promise<Result>): Promise<{ value: Result } | null> {
    try {
      const value = await call();
      setError(null);
      return { value };
    } catch (failure) {
      setError(describeError(failure));
      return null;
    }
  }

  const isRunning = conversation.runningTurnId !== null || isSending;
  const isStreamOpen = streamStatus?.state === 'open';
  const readOnlyReason = detail?.readOnlyReason ?? null;
  const disabledReason =
    readOnlyReason !== null ? `Read-only: ${readOnlyReason}` : !isStreamOpen ? describeStream(streamStatus) : isRunning ? 'A turn is running: wait for it or cancel it.' : '';

  const send = async (text: string): Promise<boolean> => {
    setSending(true);
    const sent = await attempt(() => api.sendMessage(sessionId, text));
    setSending(false);
    return sent !== null;
  };
  const answer = async (approvalId: string, approvalAnswer: ApprovalAnswer) => {
    await attempt(() => api.answerApproval(sessionId, approvalId, approvalAnswer));
  };
  const cancel = async () => {
    const result = await attempt(() => api.cancel(sessionId));
    if (result !== null && !result.value.cancelled) dispatch({ type: 'notice', text: 'No turn was running.', tone: 'info' });
  };
  const undo = async (force: boolean) => {
    const outcome = await attempt(() => api.undo(sessionId, { force }));
    if (outcome === null) return;
    const result = outcome.value;
    setUndoConflicts(result.conflicts);
    if (result.conflicts.length > 0) dispatch({ type: 'notice', text: `undo refused: changed since the last turn: ${result.conflicts.join(', ')}`, tone: 'warning' });
    else if (result.restored.length > 0) dispatch({ type: 'notice', text: `undo restored ${result.restored.join(', ')}`, tone: 'success' });
    else dispatch({ type: 'notice', text: result.message, tone: 'info' });
  };
  const toggleDiff = async () => {
    if (diff !== null) return setDiff(null);
    const loaded = await attempt(() => api.diff(sessionId));
    if (loaded !== null) setDiff(loaded.value);
  };
  const close = async () => {
    if ((await attempt(() => api.deleteSession(sessionId))) !== null) props.onClosed();
  };

  return (
    <main class="session" aria-label={`session ${sessionId}`}>
      <header class="session-header">
        <h2>Session {sessionId}</h2>
        <p class="muted">
          {detail?.mode ?? ''} {detail?.model ?? ''} · <span role="status" class={`stream stream-${streamStatus?.state ?? 'connecting'}`}>
            {describeStream(streamStatus)}
          </span>
        </p>
        <div class="session-actions">
          {isRunning ? (
            <button type="button" onClick={() => void cancel()}>
              Cancel turn
            </button>
          ) : null}
          <button type="button" disabled={isRunning} onClick={() => void undo(false)}>
            Undo last change
          </button>
          {undoConflicts.length > 0 ? (
            <button type="button" class="danger" disabled={isRunning} onClick={() => void undo(true)}>
              Undo anyway (overwrites {undoConflicts.join(', ')})
            </button>
          ) : null}
          <button type="button" aria-expanded={diff !== null} onClick={() => void toggleDiff()}>
            {diff === null ? 'Show diff' : 'Hide diff'}
          </button>
          <button type="button" aria-expanded={isContextOpen} aria-controls="context-panel" onClick={() => setContextOpen(!isContextOpen)}>
            {isContextOpen ? 'Hide context' : 'Context'}
          </button>
          <button type="button" onClick={() => void close()}>
            Close session
          </button>
        </div>
      </header>
      {error === null ? null : (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {diff === null ? null : (
        <section class="pending-diff" aria-label="diff of the last change">
          <DiffView diff={diff} />
        </section>
      )}
      <div class="session-body">
        <ConversationView items={conversation.items} onAnswer={answer} />
        {isContextOpen ? (
          <aside id="context-panel" class="context-panel" aria-label="context">
            <h2>Context</h2>
            <ContextPanel report={report.report} error={report.error} turnNumbers={conversation.turnNumbers} />
          </aside>
        ) : null}
      </div>
      <Composer isDisabled={disabledReason !== ''} disabledReason={disabledReason} onSend={send} />
    </main>
  );
}

function describeStream(status: EventStreamStatus | null): string {
  switch (status?.state) {
    case undefined:
      return 'connecting…';
    case 'open':
      return 'live';
    case 'reconnecting':
      return `reconnecting (${status.reason})…`;
    case 'failed':
      return `no event stream: ${status.reason}`;
    case 'closed':
      return 'closed';
  }
}
