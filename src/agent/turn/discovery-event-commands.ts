import { type DiscoveryResult, failedCommandTail } from '../../context/discovery/index.js';
import type { AgentEvent } from '../events/agent-event.js';

/**
 * The commands of a `discovery.completed` event: each one's name, whether it
 * ran and its exit code, and for a failure with a common cause (program not
 * found, dependencies not installed, not executable, timeout) the hint that
 * says so. The output itself is the task's input, read for the prompt: not
 * repeated here.
 */
export function discoveryEventCommands(discovery: Pick<DiscoveryResult, 'commands'>): Extract<AgentEvent, { type: 'discovery.completed' }>['commands'] {
  return discovery.commands.map((command) => {
    const hint = failedCommandTail(command)?.hint;
    return { name: command.name, ran: command.ran, exitCode: command.exitCode, ...(hint === undefined ? {} : { hint }) };
  });
}
