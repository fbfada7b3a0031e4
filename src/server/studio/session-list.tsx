import { useState } from 'preact/hooks';
import type { AgentMode } from '../../agent/events/agent-event.js';
import type { ApprovalPolicy, SessionSummary } from './api-client.js';

const MODES: AgentMode[] = ['read-only', 'propose', 'write', 'autonomous'];
const APPROVALS: ApprovalPolicy[] = ['ask', 'auto', 'never'];

/** The sessions of the workspace, newest first, and the form for a new one. */
export function SessionList(props: {
  sessions: readonly SessionSummary[];
  selectedId: string | null;
  onSelect(sessionId: string): void;
  onCreate(options: { mode: AgentMode; approval: ApprovalPolicy }): Promise<void>;
}) {
  const [mode, setMode] = useState<AgentMode>('propose');
  const [approval, setApproval] = useState<ApprovalPolicy>('ask');
  const [isCreating, setCreating] = useState(false);
  return (
    <nav class="sessions" aria-label="sessions">
      <form
        class="new-session"
        onSubmit={(event) => {
          event.preventDefault();
          setCreating(true);
          void props.onCreate({ mode, approval }).finally(() => setCreating(false));
        }}
      >
        <label for="new-mode">Mode</label>
        <select id="new-mode" value={mode} onChange={(event) => setMode(event.currentTarget.value as AgentMode)}>
          {MODES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label for="new-approval">Approval</label>
        <select id="new-approval" value={approval} onChange={(event) => setApproval(event.currentTarget.value as ApprovalPolicy)}>
          {APPROVALS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={isCreating}>
          New session
        </button>
      </form>
      {props.sessions.length === 0 ? (
        <p class="muted">No sessions yet.</p>
      ) : (
        <ul>
          {props.sessions.map((session) => (
            <li key={session.id}>
              <button type="button" class="session-button" aria-current={session.id === props.selectedId ? 'true' : undefined} onClick={() => props.onSelect(session.id)}>
                <span class="session-title">{session.title === '' ? 'new session' : session.title}</span>
                <span class="muted">
                  {session.turns} {session.turns === 1 ? 'turn' : 'turns'}
                  {session.isBusy ? ' · running' : ''} · {session.id}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
