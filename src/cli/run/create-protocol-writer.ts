import { AGENT_EVENT_VERSION, type AgentEvent, type ProtocolEvent } from '../../agent/events/agent-event.js';
import type { TextSink } from './create-human-renderer.js';

/**
 * `--protocol-json`: every event as one JSON object per line on stdout,
 * `{ version, time, type, ... }`, and nothing else there. `now` is the
 * clock (ISO time of each event).
 */
export function createProtocolWriter(stdout: TextSink, now: () => Date = () => new Date()): (event: AgentEvent) => void {
  return (event) => writeProtocolEvent(stdout, stampEvent(event, now()));
}

/** An event as the protocol stream and `--save-run` record it: `{ version, time, type, ... }`. */
export function stampEvent(event: AgentEvent, time: Date): ProtocolEvent {
  return { version: AGENT_EVENT_VERSION, time: time.toISOString(), ...event };
}

/** Writes one stamped event as one JSON line. */
export function writeProtocolEvent(stdout: TextSink, event: ProtocolEvent): void {
  stdout.write(`${JSON.stringify(event)}\n`);
}
