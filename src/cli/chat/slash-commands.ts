import type { AgentMode } from '../../agent/events/agent-event.js';

/** The chat's slash commands, with the one line /help shows for each. */
export const SLASH_COMMANDS = [
  { name: 'help', usage: '/help', description: 'the keys and these commands' },
  { name: 'diff', usage: '/diff', description: 'the diff of the pending or the last change' },
  { name: 'undo', usage: '/undo', description: "restore the files to before the last turn's first change" },
  { name: 'context', usage: '/context', description: 'guidance, nested context, discovered files, reminders, tokens' },
  { name: 'memory', usage: '/memory [QUERY]', description: 'what the agent remembers: the newest entries, or a search' },
  { name: 'compact', usage: '/compact', description: 'replace older turns with a summary now' },
  { name: 'mode', usage: '/mode [read-only|propose|write|autonomous]', description: 'show or switch the mode' },
  { name: 'model', usage: '/model NAME', description: 'switch the model (provider/model)' },
  { name: 'clear', usage: '/clear', description: 'forget the conversation and clear the screen' },
  { name: 'exit', usage: '/exit', description: 'leave the chat' },
] as const;

export type SlashCommandName = (typeof SLASH_COMMANDS)[number]['name'];

/** The commands a read-only session (held by another process) still offers. */
export const READ_ONLY_COMMANDS: readonly SlashCommandName[] = ['exit', 'diff', 'context', 'memory', 'help'];

export const AGENT_MODES: readonly AgentMode[] = ['read-only', 'propose', 'write', 'autonomous'];

/** What a line of input is: a message, a known slash command with its argument, or an unknown one. */
export type ParsedInput = { kind: 'message'; text: string } | { kind: 'command'; name: SlashCommandName; argument: string } | { kind: 'unknown'; name: string };

/**
 * Reads a submitted line: `/name argument` is a command, anything else a
 * message (a line starting with `//` is a message starting with `/`).
 *
 * @example
 * parseInput('/mode write') // { kind: 'command', name: 'mode', argument: 'write' }
 */
export function parseInput(line: string): ParsedInput {
  const trimmed = line.trim();
  if (trimmed.startsWith('//')) return { kind: 'message', text: trimmed.slice(1) };
  if (!trimmed.startsWith('/')) return { kind: 'message', text: trimmed };
  const match = /^\/(\S*)\s*(.*)$/s.exec(trimmed);
  const name = match?.[1] ?? '';
  const argument = (match?.[2] ?? '').trim();
  const known = SLASH_COMMANDS.find((command) => command.name === name);
  return known === undefined ? { kind: 'unknown', name } : { kind: 'command', name: known.name, argument };
}

/** `unknown command /frob: try /help, /diff, …`. */
export function unknownCommandLine(name: string): string {
  return `unknown command /${name}: try ${SLASH_COMMANDS.map((command) => `/${command.name}`).join(', ')}`;
}
