import { BrassError, type OpenedSession, type SessionStore } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import type { CliStreams } from '../output.js';
// A type-only import: erased at run time, so Ink still loads only in loadTerminalUi.
import type * as TerminalUiModule from '../chat/index.js';
import { openSessionEngines } from '../run/open-session-engines.js';

type TerminalUi = typeof TerminalUiModule;

/** The one line for a chat without a terminal. */
export const CHAT_NEEDS_TERMINAL_MESSAGE = 'brass-agent chat needs a terminal (stdin and stdout must be a TTY); for scripts and pipes use `brass-agent run GOAL` (add --protocol-json for events)';

/**
 * Runs `brass-agent chat` (defined in chat-command.ts): opens the
 * workspace's session engines (openSessionEngines) and one engine (new, the
 * latest with `--continue`, or one by id or picked with `--resume`), then
 * the terminal UI until the person exits. Without a terminal: exit 2 with
 * one line pointing to `run`.
 */
export async function executeChat(context: CommandContext, raw: Record<string, unknown>): Promise<void> {
  const { streams } = context;
  const stdin = streams.stdin;
  const stdout = streams.stdout;
  if (!isTerminalInput(stdin) || !isTerminalOutput(stdout)) throw new BrassError('usage', CHAT_NEEDS_TERMINAL_MESSAGE);
  if (raw.continue === true && raw.resume !== undefined) throw new BrassError('usage', '--continue and --resume cannot be used together');
  const engines = await openSessionEngines(context, raw);
  const ui = await loadTerminalUi();
  const resume = await resumedSession(engines.store, engines.workspace.root, raw, (sessions) => ui.pickSession({ sessions, stdin, stdout }));
  if (resume === 'cancelled') return;
  const engine = await engines.create(resume === null ? {} : { resume });
  try {
    await ui.runChat({ engine, stdin, stdout, memory: engines.memory });
  } finally {
    await engine.close();
  }
}

/**
 * The Ink UI. Ink decides once, when it loads, whether it runs in CI (a set
 * `CI` variable, even an empty one), and then draws no live area at all;
 * a chat runs on a terminal a person types into, so it loads as outside CI.
 * The variable is back as it was right after (commands still see it).
 */
async function loadTerminalUi(): Promise<TerminalUi> {
  const saved = { CI: process.env['CI'], CONTINUOUS_INTEGRATION: process.env['CONTINUOUS_INTEGRATION'] };
  process.env['CI'] = 'false';
  process.env['CONTINUOUS_INTEGRATION'] = 'false';
  try {
    return await import('../chat/index.js');
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

function isTerminalInput(stream: CliStreams['stdin']): stream is NodeJS.ReadStream {
  return stream !== undefined && stream.isTTY === true && typeof (stream as Partial<NodeJS.ReadStream>).setRawMode === 'function';
}

function isTerminalOutput(stream: CliStreams['stdout']): stream is NodeJS.WriteStream {
  return stream.isTTY === true && typeof (stream as Partial<NodeJS.WriteStream>).columns === 'number';
}

/** The session to continue: none, the latest (`--continue`), by id or picked (`--resume [ID]`); 'cancelled' when the picker was left. */
async function resumedSession(
  store: SessionStore | null,
  workspace: string,
  raw: Record<string, unknown>,
  pick: (sessions: { id: string; title: string; updatedAt: string; turns: number }[]) => Promise<string | null>,
): Promise<OpenedSession | null | 'cancelled'> {
  const isContinue = raw.continue === true;
  const resume = raw.resume;
  if (!isContinue && resume === undefined) return null;
  const flag = isContinue ? '--continue' : '--resume';
  if (store === null) throw new BrassError('usage', `${flag}: sessions are not saved for this workspace (see the warning above)`);
  if (typeof resume === 'string') return store.open(resume, workspace);
  const { sessions } = await store.list(workspace);
  if (sessions.length === 0) throw new BrassError('usage', `${flag}: there is no earlier chat session in this workspace; start one with \`brass-agent chat\``);
  if (isContinue) return store.open(sessions[0]!.id, workspace);
  const id = await pick(sessions);
  return id === null ? 'cancelled' : store.open(id, workspace);
}
