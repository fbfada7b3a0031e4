import path from 'node:path';
import type { ActionResultMap, AgentAction, Observation } from '../../core/index.js';
import type { ToolResultEvent } from './tool-result-event.js';

/**
 * The ToolResultEvent of a runtime action and its observation, for agents
 * that run tools as core actions: reads, stats, listings and searches touch
 * their path (and search matches their files), patches their files, shell
 * commands their working directory and arguments. A failed observation is a
 * failed event. `validationOutput` is not set here: the caller knows which
 * commands validate.
 */
export function toolResultEventOf(tool: string, action: AgentAction, observation: Observation): ToolResultEvent {
  if (!observation.ok) return { tool, ok: false };
  // The observation's kind is the action's kind; TypeScript cannot narrow the value through the union, hence the casts.
  switch (observation.kind) {
    case 'fs.readFile': {
      const value = observation.value as ActionResultMap['fs.readFile'];
      return { tool, ok: true, paths: [value.path], ...(value.truncated ? {} : { contentPaths: [value.path] }) };
    }
    case 'fs.stat':
      return { tool, ok: true, paths: [(observation.value as ActionResultMap['fs.stat']).path] };
    case 'fs.list':
      return { tool, ok: true, paths: [(action as Extract<AgentAction, { kind: 'fs.list' }>).path ?? '.'] };
    case 'fs.searchText': {
      const root = (action as Extract<AgentAction, { kind: 'fs.searchText' }>).path ?? '.';
      const matches = (observation.value as ActionResultMap['fs.searchText']).matches.map((match) => path.posix.join(root, match.path));
      return { tool, ok: true, paths: [root, ...new Set(matches)] };
    }
    case 'patch.apply': {
      const files = (observation.value as ActionResultMap['patch.apply']).files.map((file) => file.path);
      return { tool, ok: true, paths: files, contentPaths: files };
    }
    case 'shell.run': {
      const value = observation.value as ActionResultMap['shell.run'];
      return { tool, ok: true, command: { argv: value.argv, cwd: value.cwd } };
    }
    default:
      return { tool, ok: true };
  }
}
