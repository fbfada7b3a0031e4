/**
 * Where CLI output goes: the result on stdout, everything else (progress,
 * warnings, errors) on stderr. Colour only on a TTY and never with NO_COLOR.
 * Human text (not `json`) is terminal-safe: no control sequence but the
 * output's own colours reaches the terminal (terminalSafeLines).
 */
import { terminalSafeLines } from './terminal-safe-text.js';

export interface CliStreams {
  /** Where `chat` reads keys (the process's stdin); absent: no terminal to talk on. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export interface Output {
  /** Prints exactly one JSON document (with a trailing newline) on stdout. */
  json(value: unknown): void;
  /** Prints result text on stdout. */
  result(text: string): void;
  /** Prints a warning line on stderr. */
  warn(text: string): void;
  /** Prints a progress or info line on stderr. */
  info(text: string): void;
  /** Prints an error line (and an optional hint) on stderr. */
  error(text: string, hint?: string): void;
  colors: Colors;
}

export interface Colors {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

/** Whether to colour a stream: a TTY, NO_COLOR unset (any value disables, per no-color.org), TERM not dumb. */
export function shouldColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

function createColors(isEnabled: boolean): Colors {
  const wrap = (open: number, close: number) => (text: string) => (isEnabled ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39) };
}

export function createOutput(streams: CliStreams): Output {
  const errColors = createColors(shouldColor(streams.stderr, streams.env));
  return {
    json(value) {
      streams.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    result(text) {
      const safe = terminalSafeLines(text);
      streams.stdout.write(safe.endsWith('\n') ? safe : `${safe}\n`);
    },
    warn(text) {
      streams.stderr.write(`${errColors.yellow('warning:')} ${terminalSafeLines(text)}\n`);
    },
    info(text) {
      streams.stderr.write(`${terminalSafeLines(text)}\n`);
    },
    error(text, hint) {
      streams.stderr.write(`${errColors.red('error:')} ${terminalSafeLines(text)}\n`);
      if (hint) streams.stderr.write(`${errColors.dim(`hint: ${terminalSafeLines(hint)}`)}\n`);
    },
    colors: createColors(shouldColor(streams.stdout, streams.env)),
  };
}
