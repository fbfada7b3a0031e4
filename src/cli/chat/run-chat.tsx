import { render } from 'ink';
import type { AgentMemory } from '../../agent/memory/index.js';
import type { SessionEngine } from '../../agent/engine/session-engine.js';
import { ChatApp } from './chat-app.js';
import { SessionPickerApp, type SessionSummary } from './session-picker.js';

/** Where an Ink app reads keys and draws (both must be the terminal; the defaults are the process's). */
export interface TerminalStreams {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

export interface RunChatOptions extends TerminalStreams {
  /** The session to talk to; opened (new, `--continue` or `--resume`) by the caller. */
  engine: SessionEngine;
  /** The agent's memory, for `/memory`. */
  memory?: AgentMemory | null;
}

export interface PickSessionOptions extends TerminalStreams {
  /** The workspace's sessions, newest first (as `brass-agent sessions` lists them). */
  sessions: readonly SessionSummary[];
}

/**
 * Runs the chat terminal UI over an engine until the person leaves (/exit,
 * Ctrl-C when idle, or twice during a turn); resolves then, never rejects
 * for an engine failure (those are red lines in the UI). A turn still
 * running when the person leaves is cancelled. The caller owns the engine:
 * it closes it afterwards (which releases the session's lock). Both
 * streams must be a terminal: check `stdin.isTTY` first and point to `run`
 * otherwise (exit 2, see the CLI contract).
 *
 * Loads Ink and React: import this module lazily (`await import(...)`) from
 * the command's action, never from a module loaded at start-up.
 *
 * @example
 * const { runChat } = await import('../chat/index.js');
 * try {
 *   await runChat({ engine });
 * } finally {
 *   await engine.close();
 * }
 */
export async function runChat(options: RunChatOptions): Promise<void> {
  const instance = render(<ChatApp engine={options.engine} memory={options.memory ?? null} />, { ...streamsOf(options), exitOnCtrlC: false, patchConsole: false });
  await instance.waitUntilExit();
}

/**
 * Shows the session picker (`chat --resume` without an id) and resolves
 * with the chosen session's id, or null when the person pressed Esc or
 * there was none to choose.
 *
 * @example
 * const id = await pickSession({ sessions });
 * if (id === null) return; // nothing chosen: leave without a chat
 */
export async function pickSession(options: PickSessionOptions): Promise<string | null> {
  let picked: string | null = null;
  const instance = render(
    <SessionPickerApp
      sessions={options.sessions}
      onPick={(id) => {
        picked = id;
      }}
    />,
    { ...streamsOf(options), exitOnCtrlC: false, patchConsole: false },
  );
  await instance.waitUntilExit();
  return picked;
}

function streamsOf(options: TerminalStreams): TerminalStreams {
  return {
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
    ...(options.stdout === undefined ? {} : { stdout: options.stdout }),
  };
}
