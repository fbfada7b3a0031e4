import { Component } from 'preact';
import type { ApprovalAnswer } from '../../agent/engine/session-engine.js';
import { ApprovalCard } from './approval-card.js';
import type { ConversationItem } from './conversation-state.js';

const TOOL_STATUS_TEXT = { running: 'running', done: 'done', failed: 'failed' } as const;

/** The conversation: messages, streamed answers, tool calls, approvals and notices, oldest first. */
export function ConversationView(props: { items: readonly ConversationItem[]; onAnswer(approvalId: string, answer: ApprovalAnswer): Promise<void> }) {
  if (props.items.length === 0) return <p class="muted">No messages yet: write one below.</p>;
  return (
    <ol class="conversation" aria-label="conversation">
      {props.items.map((item) => (
        <ItemRow key={item.key} item={item} onAnswer={props.onAnswer} />
      ))}
    </ol>
  );
}

interface ItemProps {
  item: ConversationItem;
  onAnswer(approvalId: string, answer: ApprovalAnswer): Promise<void>;
}

/**
 * One entry, rendered again only when it changed: items are immutable, so
 * while text streams into the last one the others (diffs included) are not
 * diffed again on every delta.
 */
class ItemRow extends Component<ItemProps> {
  override shouldComponentUpdate(next: ItemProps): boolean {
    return next.item !== this.props.item;
  }

  override render() {
    const { item, onAnswer } = this.props;
    return (
      <li class={`item item-${item.kind}`}>
        <ItemView item={item} onAnswer={onAnswer} />
      </li>
    );
  }
}

function ItemView({ item, onAnswer }: ItemProps) {
  switch (item.kind) {
    case 'user':
      return <p class="text user-text">{item.text}</p>;
    case 'assistant':
      return <p class={`text assistant-text${item.isStreaming ? ' streaming' : ''}`}>{item.text}</p>;
    case 'tool':
      return (
        <div class={`tool tool-${item.status}`}>
          <span class="tool-name">{item.tool}</span> <code class="tool-input">{item.input}</code> <span class="tool-status">{TOOL_STATUS_TEXT[item.status]}</span>
          {item.result === '' ? null : <p class="tool-result">{item.result}</p>}
        </div>
      );
    case 'approval':
      return <ApprovalCard request={item.request} resolution={item.resolution} onAnswer={(answer) => onAnswer(item.request.approvalId, answer)} />;
    case 'discovery':
      return (
        <div class="discovery">
          Discovery read {item.files.length} {item.files.length === 1 ? 'file' : 'files'}
          {item.files.length > 0 ? ': ' : ''}
          {item.files.map((file) => `${file.path} (${file.reason})`).join(', ')}
        </div>
      );
    case 'notice':
      return <p class={`notice tone-${item.tone}`}>{item.text}</p>;
  }
}
