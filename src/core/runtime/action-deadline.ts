import { BrassError } from '../errors/brass-error.js';
import { clampTimerMs } from './clamp-timer-ms.js';

/** The one timer and abort controller of an action, shared by all of its steps. */
export interface ActionDeadline {
  /** Aborts when the deadline passes (reason: BrassError `timeout`) or the outer signal aborts (`aborted`). */
  readonly signal: AbortSignal;
  /**
   * Settles as `work` does, or rejects with the deadline's error as soon as
   * it passes: a step that ignores its signal cannot hang the caller.
   */
  race<T>(work: Promise<T>): Promise<T>;
  /** Stops the clock (a person is deciding); the outer signal still aborts. */
  pause(): void;
  /** Starts the clock again with the time that was left when it paused. */
  resume(): void;
  /** A new budget of `timeoutMs` from now (a step with a budget of its own). */
  restart(timeoutMs: number): void;
  /** Clears the timer and the outer signal's listener. */
  dispose(): void;
}

/**
 * One deadline for every step of an action: one AbortController, one timer,
 * one listener on the outer signal. An action's steps (preparing it, running
 * it) race the same deadline instead of each building its own: a controller,
 * a timer and a race per step, three per action, cost about half of what a
 * small file read itself costs (building the AbortSignals alone took ~140 ms
 * per 12k reads).
 *
 * The delay is clamped to MAX_TIMER_MS (see clampTimerMs), so a huge
 * `timeoutMs` waits long instead of overflowing into an immediate timeout.
 *
 * @example
 * const deadline = createActionDeadline({ timeoutMs: 30_000, label: 'fs.readFile', signal });
 * try {
 *   return await deadline.race(read(deadline.signal));
 * } finally {
 *   deadline.dispose();
 * }
 */
export function createActionDeadline(options: { timeoutMs: number; signal?: AbortSignal; label: string }): ActionDeadline {
  return new SharedDeadline(options.timeoutMs, options.label, options.signal);
}

/** The methods live on the prototype and the timer's callback is static: arming and re-arming the timer allocate no closure. */
class SharedDeadline implements ActionDeadline {
  private controller: AbortController | null = null;
  /** Why it expired (timeout or cancel), or null while it runs. */
  private reason: BrassError | null = null;
  private readonly expired: Promise<never>;
  private rejectExpired: (error: BrassError) => void = () => {};
  private budgetMs: number;
  private endsAt = 0;
  private leftMs = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onOuterAbort: (() => void) | undefined;

  constructor(
    timeoutMs: number,
    private readonly label: string,
    private readonly outerSignal: AbortSignal | undefined,
  ) {
    this.budgetMs = timeoutMs;
    this.expired = new Promise<never>((_, reject) => {
      this.rejectExpired = reject;
    });
    // Between steps and while paused nobody races `expired`: an expiry then is not an unhandled rejection.
    this.expired.catch(() => undefined);
    this.arm(timeoutMs);
    if (outerSignal !== undefined) {
      this.onOuterAbort = () => this.expire(new BrassError('aborted', `${label} was cancelled`));
      if (outerSignal.aborted) this.onOuterAbort();
      else outerSignal.addEventListener('abort', this.onOuterAbort, { once: true });
    }
  }

  /**
   * Created on first use: an AbortSignal costs more to build (about 4 µs on
   * Node 20) than the rest of the deadline, and an action whose handler
   * never looks at it (fs.stat) need not pay for one. Created after the
   * deadline expired, it is aborted at once with the same reason.
   */
  get signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.reason !== null) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.expired]);
  }

  pause(): void {
    if (this.timer === undefined) return;
    this.leftMs = this.endsAt - performance.now();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  resume(): void {
    if (this.timer === undefined) this.arm(this.leftMs);
  }

  restart(timeoutMs: number): void {
    this.budgetMs = timeoutMs;
    this.arm(timeoutMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.onOuterAbort !== undefined) this.outerSignal?.removeEventListener('abort', this.onOuterAbort);
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.reason !== null) return;
    this.endsAt = performance.now() + ms;
    this.timer = setTimeout(SharedDeadline.onTimer, clampTimerMs(ms), this);
  }

  /** The timer's callback: static, with the deadline as its argument, so arming allocates no closure. */
  private static onTimer(deadline: SharedDeadline): void {
    deadline.expire(new BrassError('timeout', `${deadline.label} did not finish within ${deadline.budgetMs} ms`));
  }

  private expire(error: BrassError): void {
    if (this.reason !== null) return;
    this.reason = error;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort(error);
    this.rejectExpired(error);
  }
}
