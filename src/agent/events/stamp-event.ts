import { AGENT_EVENT_VERSION, type AgentEvent, type ProtocolEvent } from './agent-event.js';

/**
 * An event as every wire and record shows it (`run --protocol-json`,
 * `--save-run`, `serve`'s event stream): `{ version, time, type, ... }`,
 * `time` the ISO time of the event.
 */
export function stampEvent(event: AgentEvent, time: Date): ProtocolEvent {
  return { version: AGENT_EVENT_VERSION, time: time.toISOString(), ...event };
}
