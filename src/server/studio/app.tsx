import { useCallback, useEffect, useState } from 'preact/hooks';
import type { AgentMode } from '../../agent/events/agent-event.js';
import type { ApprovalPolicy, SessionSummary, StudioApi } from './api-client.js';
import { describeError } from './describe-error.js';
import { SessionList } from './session-list.js';
import { SessionView } from './session-view.js';

/** The studio: the session list beside the open session. */
export function App({ api }: { api: StudioApi }) {
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    api.listSessions().then(
      (listed) => {
        setSessions(listed);
        setError(null);
      },
      (failure: unknown) => setError(`Cannot list the sessions: ${describeError(failure)}`),
    );
  }, [api]);
  useEffect(refresh, [refresh]);

  const create = async (options: { mode: AgentMode; approval: ApprovalPolicy }) => {
    try {
      const { id } = await api.createSession(options);
      setSelectedId(id);
      setError(null);
      refresh();
    } catch (failure) {
      setError(`Cannot create a session: ${describeError(failure)}`);
    }
  };

  return (
    <div class="studio">
      <header class="studio-header">
        <h1>brass-agent studio</h1>
      </header>
      {error === null ? null : (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="studio-body">
        <SessionList sessions={sessions} selectedId={selectedId} onSelect={setSelectedId} onCreate={create} />
        {selectedId === null ? (
          <p class="muted">Pick a session or start a new one.</p>
        ) : (
          <SessionView
            key={selectedId}
            api={api}
            sessionId={selectedId}
            onTurnFinished={refresh}
            onClosed={() => {
              setSelectedId(null);
              refresh();
            }}
          />
        )}
      </div>
    </div>
  );
}
