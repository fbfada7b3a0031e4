import type { AgentEvent, ProtocolEvent } from '../../agent/events/agent-event.js';
import { stampEvent } from '../../agent/events/stamp-event.js';
import type { TextSink } from './create-human-renderer.js';

/**
 * `--protocol-json`: every event as one JSON object per line on stdout,
 * `{ version, time, type, ... }`, and nothing else there. `now` is the
 * clock (ISO time of each event).
 */
export function createProtocolWriter(stdout: TextSink, now: () => Date = () => new Date()): (event: AgentEvent) => void {
  return (event) => writeProtocolEvent(stdout, stampEvent(event, now()));
}

/** Writes one stamped event as one JSON line. */
export function writeProtocolEvent(stdout: TextSink, event: ProtocolEvent): void {
  stdout.write(`${JSON.stringify(event)}\n`);
}
