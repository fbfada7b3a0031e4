import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real terminal for end-to-end tests of the chat UI: a tmux server on its
 * own socket (never the user's), one window running a command, keys sent
 * with `send-keys`, the screen read with `capture-pane`.
 */
export interface TmuxTerminal {
  /** Types literal text (no key names). */
  type(text: string): void;
  /** Sends tmux key names: `Enter`, `C-c`, `Up`, `Tab`, `Escape`, ... */
  keys(...names: string[]): void;
  /** The visible screen as plain text. */
  screen(): string;
  /** Waits until the screen contains `text` (or matches it); throws with the screen after `timeoutMs`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Waits until the command in the window has exited; resolves to its exit status. */
  waitForExit(timeoutMs?: number): Promise<number>;
  resize(columns: number, rows: number): void;
  close(): void;
}

/** Whether tmux can run here (the chat end-to-end test needs it; `.ci/run` installs it). */
export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
}

/** Starts `argv` in a new tmux window of `columns` x `rows`, with exactly `env`, in `cwd`. */
export function startTmux(argv: readonly string[], options: { env: NodeJS.ProcessEnv; cwd: string; columns?: number; rows?: number }): TmuxTerminal {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-tmux-'));
  const socket = path.join(directory, 'socket');
  const statusFile = path.join(directory, 'status');
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color' } });
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const assignments = Object.entries(options.env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(entry[0]))
    .map(([name, value]) => `${name}=${quote(value)}`);
  // The exit status is written to a file, and the window stays open so the last screen can be read.
  const script = `env -i ${assignments.join(' ')} ${argv.map(quote).join(' ')}; echo $? > ${quote(statusFile)}; sleep 600`;
  tmux('-f', '/dev/null', 'new-session', '-d', '-x', String(options.columns ?? 100), '-y', String(options.rows ?? 40), '-c', options.cwd, 'sh', '-c', script);
  tmux('set-option', '-g', 'window-size', 'manual');

  const screen = (): string => tmux('capture-pane', '-p', '-J');
  const poll = async <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms; the screen:\n${screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    type: (text) => void tmux('send-keys', '-l', text),
    keys: (...names) => void tmux('send-keys', ...names),
    screen,
    waitFor: (text, timeoutMs = 20_000) =>
      poll(
        () => {
          const shown = screen();
          return (typeof text === 'string' ? shown.includes(text) : text.test(shown)) ? shown : undefined;
        },
        timeoutMs,
        `the text ${String(text)} on screen`,
      ),
    waitForExit: (timeoutMs = 20_000) =>
      poll(
        () => {
          if (!fs.existsSync(statusFile)) return undefined;
          const text = fs.readFileSync(statusFile, 'utf8').trim();
          return text.length > 0 ? Number(text) : undefined;
        },
        timeoutMs,
        'the exit of the command',
      ),
    resize: (columns, rows) => void tmux('resize-window', '-x', String(columns), '-y', String(rows)),
    close: () => {
      spawnSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' });
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
