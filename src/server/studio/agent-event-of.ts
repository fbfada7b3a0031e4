import type { ProtocolEvent } from '../../agent/events/agent-event.js';
import type { ServerSentEvent } from './sse-parser.js';

/**
 * The agent event a server-sent event carries: its `data` is one
 * `run --protocol-json` line. Null for anything else (a heartbeat's empty
 * message, a JSON value without a `type`), which the page skips.
 */
export function agentEventOf(message: ServerSentEvent): ProtocolEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') return null;
  return value as ProtocolEvent;
}
