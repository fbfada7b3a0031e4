import { useState } from 'preact/hooks';
import type { ApprovalAnswer } from '../../agent/engine/session-engine.js';
import type { ApprovalRequest, ApprovalResolution } from './conversation-state.js';
import { DiffView } from './diff-view.js';

const RESOLUTION_TEXT: Record<ApprovalResolution, string> = { 'allow-once': 'allowed once', 'allow-session': 'allowed for this session', deny: 'denied' };

/** An approval the agent waits for: what it wants to do, the diff, and the answers (deny may carry a message for the model). */
export function ApprovalCard(props: { request: ApprovalRequest; resolution: ApprovalResolution | null; onAnswer(answer: ApprovalAnswer): Promise<void> }) {
  const { request, resolution } = props;
  const [message, setMessage] = useState('');
  const [isSending, setSending] = useState(false);
  const isOpen = resolution === null && !isSending;
  const answer = (choice: ApprovalAnswer['choice']) => {
    setSending(true);
    const trimmed = message.trim();
    void props.onAnswer(choice === 'deny' && trimmed !== '' ? { choice, message: trimmed } : { choice }).finally(() => setSending(false));
  };
  const messageId = `deny-message-${request.approvalId}`;
  return (
    <section class="approval" aria-label={`approval ${request.action}`}>
      <h3>
        Approval: {request.action}
        {request.tool === null ? '' : ` (${request.tool})`}
      </h3>
      <p>{request.reason}</p>
      {request.paths.length > 0 ? <p class="paths">Files: {request.paths.join(', ')}</p> : null}
      {request.outOfScopePaths.length > 0 ? <p class="paths warning">Outside the workspace: {request.outOfScopePaths.join(', ')}</p> : null}
      {request.command === null ? null : <pre class="command">{request.command}</pre>}
      {request.diff === null ? null : <DiffView diff={request.diff} />}
      {resolution === null ? (
        <div class="approval-answers">
          <button type="button" disabled={!isOpen} onClick={() => answer('once')}>
            Allow once
          </button>
          <button type="button" disabled={!isOpen} onClick={() => answer('session')}>
            Allow for this session
          </button>
          <label for={messageId}>Message for the model (with deny)</label>
          <input id={messageId} type="text" value={message} disabled={!isOpen} onInput={(event) => setMessage(event.currentTarget.value)} />
          <button type="button" class="danger" disabled={!isOpen} onClick={() => answer('deny')}>
            Deny
          </button>
        </div>
      ) : (
        <p class="resolution">{RESOLUTION_TEXT[resolution]}</p>
      )}
    </section>
  );
}
