/**
 * Progress on stderr for work that can take more than a second (a
 * validation command, an index build, a wait for the model): a spinner line
 * redrawn in place on a terminal, plain lines otherwise (a CI log, a pipe),
 * nothing at all when off (`--quiet`, or `--json` without `--progress`).
 *
 * Written by hand: the spinner libraries draw on their own stream and know
 * nothing of the other lines written to stderr meanwhile; here every other
 * write goes through `around`, which clears the spinner line first and draws
 * it again after, so a warning never lands in the middle of a frame.
 */
import { terminalSafeLines } from '../terminal-safe-text.js';

export type ProgressMode = 'live' | 'plain' | 'off';

/** Somewhere progress is drawn: stderr, or a buffer in tests. */
export interface ProgressStream {
  write(text: string): unknown;
  /** The terminal's width; a frame longer than it would wrap and could not be cleared. */
  columns?: number;
}

export interface BeginOptions {
  /**
   * `now` prints the label at once in plain mode (a command being run is
   * worth a line in the log even when it is quick); `if-slow` (default) only
   * once the step has lasted SLOW_STEP_MS, so quick steps stay silent;
   * `never` when the caller has printed its own line for it (plain mode then
   * only says, now and then, that it is still running).
   */
  announce?: 'now' | 'if-slow' | 'never';
}

export interface ProgressStep {
  /** Shown after the label (`1,200/5,000 files`): in the next live frame, printed at most every PLAIN_UPDATE_MS in plain mode once announced. */
  update(detail: string): void;
  /**
   * Ends the step. `line` is printed as a lasting line (the outcome: `✓ npm
   * test (12.3 s)`); given as a function it gets the step's elapsed time and
   * may return undefined for nothing.
   */
  end(line?: string | ((elapsedMs: number) => string | undefined)): void;
}

export interface Progress {
  readonly mode: ProgressMode;
  begin(label: string, options?: BeginOptions): ProgressStep;
  /** Runs a write to the same terminal with the spinner line cleared before it and drawn again after it. */
  around<T>(write: () => T): T;
  /** `target` with every write wrapped in `around`. */
  sink<Sink extends { write(text: string): unknown }>(target: Sink): Sink;
  /** Ends every step still open and stops the timers (the process may then exit). */
  close(): void;
}

/** How long a step runs before plain mode announces it (`if-slow`) and live mode shows its elapsed time. */
export const SLOW_STEP_MS = 1000;
/** Plain mode prints a step's detail at most this often. */
export const PLAIN_UPDATE_MS = 5000;
/** Plain mode says a step is still running when nothing was printed for it for this long. */
export const PLAIN_HEARTBEAT_MS = 30_000;
/** Live frames are redrawn this often. */
const FRAME_MS = 100;
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR_LINE = '\r\u001b[2K';

export interface CreateProgressOptions {
  stream: ProgressStream;
  mode: ProgressMode;
  /** Milliseconds since some fixed point (default performance.now). */
  now?: () => number;
}

interface OpenStep {
  label: string;
  detail: string;
  startedMs: number;
  isAnnounced: boolean;
  lastPrintedMs: number;
  lastDetailPrinted: string;
  timer: ReturnType<typeof setTimeout> | null;
}

/** Progress for one command's run. */
export function createProgress(options: CreateProgressOptions): Progress {
  const { stream, mode } = options;
  const now = options.now ?? (() => performance.now());
  const open: OpenStep[] = [];
  let frame = 0;
  let isDrawn = false;
  let ticker: ReturnType<typeof setInterval> | null = null;

  const clear = (): void => {
    if (!isDrawn) return;
    stream.write(CLEAR_LINE);
    isDrawn = false;
  };
  const draw = (): void => {
    const step = open.at(-1);
    if (mode !== 'live' || step === undefined) return;
    const elapsed = now() - step.startedMs;
    const time = elapsed >= SLOW_STEP_MS ? ` · ${formatSeconds(elapsed, 0)}` : '';
    const detail = step.detail.length > 0 ? ` ${step.detail}` : '';
    const width = Math.max(20, (stream.columns ?? 80) - 1);
    stream.write(`${CLEAR_LINE}${fitWidth(`${FRAMES[frame % FRAMES.length]} ${step.label}${detail}${time}`, width)}`);
    isDrawn = true;
  };
  const line = (text: string): void => {
    clear();
    stream.write(`${terminalSafeLines(text)}\n`);
    draw();
  };
  const syncTicker = (): void => {
    if (mode !== 'live') return;
    if (open.length > 0 && ticker === null) {
      ticker = setInterval(() => {
        frame += 1;
        draw();
      }, FRAME_MS);
      ticker.unref();
    } else if (open.length === 0 && ticker !== null) {
      clearInterval(ticker);
      ticker = null;
    }
  };
  // Plain mode: the label once the step is announced, then a "still running" line when it has been quiet for long.
  const schedulePlain = (step: OpenStep, delayMs: number): void => {
    step.timer = setTimeout(() => {
      if (!step.isAnnounced) {
        step.isAnnounced = true;
        line(`${step.label}${step.detail.length > 0 ? ` ${step.detail}` : ''} …`);
      } else {
        line(`${step.label} … still running (${formatSeconds(now() - step.startedMs, 0)})`);
      }
      step.lastPrintedMs = now();
      schedulePlain(step, PLAIN_HEARTBEAT_MS);
    }, delayMs);
    step.timer.unref();
  };

  const begin = (label: string, beginOptions: BeginOptions = {}): ProgressStep => {
    if (mode === 'off') return { update: () => undefined, end: () => undefined };
    const step: OpenStep = { label: oneLine(label), detail: '', startedMs: now(), isAnnounced: false, lastPrintedMs: now(), lastDetailPrinted: '', timer: null };
    open.push(step);
    if (mode === 'plain') {
      if (beginOptions.announce === 'now' || beginOptions.announce === 'never') {
        step.isAnnounced = true;
        if (beginOptions.announce === 'now') line(`${step.label} …`);
        schedulePlain(step, PLAIN_HEARTBEAT_MS);
      } else schedulePlain(step, SLOW_STEP_MS);
    } else {
      syncTicker();
      draw();
    }
    let isEnded = false;
    return {
      update(detail) {
        if (isEnded) return;
        step.detail = oneLine(detail);
        // Live, the next frame shows it: an update per file must not be a write per file.
        if (mode === 'live') return;
        if (step.isAnnounced && step.detail !== step.lastDetailPrinted && now() - step.lastPrintedMs >= PLAIN_UPDATE_MS) {
          step.lastPrintedMs = now();
          step.lastDetailPrinted = step.detail;
          line(`${step.label} ${step.detail}`);
        }
      },
      end(outcome) {
        if (isEnded) return;
        isEnded = true;
        if (step.timer !== null) clearTimeout(step.timer);
        const at = open.indexOf(step);
        if (at >= 0) open.splice(at, 1);
        syncTicker();
        const text = typeof outcome === 'function' ? outcome(now() - step.startedMs) : outcome;
        clear();
        if (text !== undefined) stream.write(`${terminalSafeLines(text)}\n`);
        draw();
      },
    };
  };

  const around = <T>(write: () => T): T => {
    if (mode !== 'live' || !isDrawn) return write();
    clear();
    try {
      return write();
    } finally {
      draw();
    }
  };

  return {
    mode,
    begin,
    around,
    sink(target) {
      if (mode !== 'live') return target;
      // The same object with its write wrapped (a stream's other members, like isTTY, stay).
      return new Proxy(target, {
        get(object, key, receiver) {
          if (key === 'write') return (text: string) => around(() => object.write(text));
          return Reflect.get(object, key, receiver) as unknown;
        },
      });
    },
    close() {
      for (const step of open) if (step.timer !== null) clearTimeout(step.timer);
      open.length = 0;
      syncTicker();
      clear();
    },
  };
}

/** `12.3 s` (or `12 s` with no decimals). */
export function formatSeconds(ms: number, decimals = 1): string {
  return `${(ms / 1000).toFixed(decimals)} s`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A frame cut to the terminal's width (code points, so a cut never splits a character). */
function fitWidth(text: string, width: number): string {
  const points = [...terminalSafeLines(text)];
  return points.length <= width ? points.join('') : `${points.slice(0, width - 1).join('')}…`;
}
