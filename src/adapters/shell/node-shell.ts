import { childProcess } from './child-process.js';
import type { ChildProcess } from 'node:child_process';
import { BrassError, InvalidInputError, clampTimerMs } from '../../core/index.js';
import type { Shell, ShellRunRequest, ShellRunResult } from '../../core/index.js';
import { OutputCapture } from './capture-output.js';
import { scrubEnvironment } from './scrub-environment.js';
import { toStartError } from './to-start-error.js';

/** Time between SIGTERM and SIGKILL when a command is stopped (timeout or abort). */
export const TERMINATE_GRACE_MS = 2_000;
/**
 * How long the pipes may stay open after the command itself exited. Past it,
 * whatever still holds them (a background grandchild) is terminated.
 */
export const EXIT_DRAIN_MS = 1_000;

const IS_WINDOWS = process.platform === 'win32';

/** Options of {@link createNodeShell}. */
export interface NodeShellOptions {
  /** Environment the child's environment is derived from (scrubbed of secrets). Default `process.env`. */
  baseEnv?: NodeJS.ProcessEnv;
  /**
   * Variables that are secret whatever their names (the one `llm.apiKeyEnv`
   * names): never passed to a child, not even through `passEnv` or `request.env`.
   */
  secretVariables?: readonly string[];
  /** Internal, for tests only: shorter waits so tests stay fast. Not part of the public API. */
  _internal?: { terminateGraceMs?: number; exitDrainMs?: number };
}

/**
 * Creates the Node implementation of the Shell service. Commands run as argv
 * without a shell (nothing is interpreted), in their own process group on
 * POSIX so a timeout or abort stops the command and everything it started:
 * SIGTERM to the group, then SIGKILL after {@link TERMINATE_GRACE_MS}.
 *
 * The child's environment is `baseEnv` without secret-looking variables
 * (except `request.passEnv`), plus `request.env`, and never with one of
 * `secretVariables`. Each output stream keeps its
 * head and tail within `request.maxOutputBytes`. When the command exits but
 * something it started keeps the pipes open for {@link EXIT_DRAIN_MS}, the
 * group is stopped the same way; background processes that let go of the
 * pipes are left alone after a normal exit.
 *
 * `run` resolves for every exit, a timeout (`timedOut: true`) and an abort
 * during the run (the partial result, `timedOut: false`). It rejects with
 * CommandStartError when the command cannot start (missing executable, not
 * executable, missing working directory), InvalidInputError for a malformed
 * request, and BrassError `aborted` when the signal aborted before the start.
 *
 * @example
 * const shell = createNodeShell();
 * const result = await shell.run({ argv: ['npm', 'test'], cwd: root, timeoutMs: 60_000, maxOutputBytes: 256 * 1024 });
 */
export function createNodeShell(options: NodeShellOptions = {}): Shell {
  const terminateGraceMs = options._internal?.terminateGraceMs ?? TERMINATE_GRACE_MS;
  const exitDrainMs = options._internal?.exitDrainMs ?? EXIT_DRAIN_MS;
  return {
    run: async (request) => {
      validateRequest(request);
      if (request.signal?.aborted) throw new BrassError('aborted', `${request.argv[0]} was cancelled before it started`);
      const secretVariables = options.secretVariables ?? [];
      const env = { ...scrubEnvironment(options.baseEnv ?? process.env, request.passEnv ?? [], secretVariables), ...request.env };
      for (const name of secretVariables) delete env[name];
      return runCommand(request, env, { terminateGraceMs, exitDrainMs });
    },
  };
}

function validateRequest(request: ShellRunRequest): void {
  if (request.argv.length === 0 || request.argv[0] === '') throw new InvalidInputError('argv', 'must name a command');
  if (request.argv.some((argument) => argument.includes('\0'))) throw new InvalidInputError('argv', 'contains a NUL byte');
  // A longer timeout is clamped to MAX_TIMER_MS where the timer is set, not refused.
  if (!(request.timeoutMs > 0 && Number.isFinite(request.timeoutMs))) {
    throw new InvalidInputError('timeoutMs', `must be a positive finite number of milliseconds, got ${request.timeoutMs}`);
  }
  if (!(request.maxOutputBytes >= 0)) {
    throw new InvalidInputError('maxOutputBytes', `must be zero or more, got ${request.maxOutputBytes}`);
  }
}

function runCommand(
  request: ShellRunRequest,
  env: Record<string, string>,
  waits: { terminateGraceMs: number; exitDrainMs: number },
): Promise<ShellRunResult> {
  const command = request.argv[0] ?? '';
  const startedAt = performance.now();
  return new Promise<ShellRunResult>((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = childProcess().spawn(command, request.argv.slice(1), {
        shell: false,
        cwd: request.cwd,
        env,
        // An attached program (an editor) stays in the terminal's foreground process group: a group of its own could not read the terminal.
        detached: !IS_WINDOWS && request.isTerminalAttached !== true,
        stdio: request.isTerminalAttached === true ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      reject(toStartError(command, request.cwd, error));
      return;
    }

    const stdout = new OutputCapture(request.maxOutputBytes);
    const stderr = new OutputCapture(request.maxOutputBytes);
    let isSpawned = false;
    let isSettled = false;
    let isTerminating = false;
    let timedOut = false;
    let exit: { code: number | null; signal: string | null } | undefined;
    // An attached program has no pipes to drain: its exit settles the run.
    let openStreams = request.isTerminalAttached === true ? 0 : 2;
    const timers: Array<ReturnType<typeof setTimeout>> = [];

    const signalGroup = (signal: NodeJS.Signals): void => {
      if (IS_WINDOWS || child.pid === undefined) {
        child.kill(signal);
        return;
      }
      try {
        process.kill(-child.pid, signal);
      } catch (error) {
        // ESRCH: the whole group is already gone, which is what we wanted.
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
        // The group cannot be signalled (EPERM): at least stop the command itself.
        child.kill(signal);
      }
    };

    const cleanUp = (): void => {
      isSettled = true;
      for (const timer of timers) clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    };

    const settle = (): void => {
      if (isSettled || exit === undefined) return;
      cleanUp();
      // A member that ignored SIGTERM and let go of the pipes may still run.
      if (isTerminating) signalGroup('SIGKILL');
      const capturedOut = stdout.finish();
      const capturedErr = stderr.finish();
      resolve({
        exitCode: exit.code,
        signal: exit.signal,
        stdout: capturedOut.text,
        stderr: capturedErr.text,
        stdoutDroppedBytes: capturedOut.droppedBytes,
        stderrDroppedBytes: capturedErr.droppedBytes,
        timedOut,
        durationMs: Math.round(performance.now() - startedAt),
        // This runner starts the process as given; the sandboxed shell wraps it and says when it sandboxed it.
        sandboxed: false,
      });
    };

    const forceKill = (): void => {
      signalGroup('SIGKILL');
      // A grandchild outside the group (setsid) may still hold the pipes; stop waiting for them.
      child.stdout?.destroy();
      child.stderr?.destroy();
    };

    const terminate = (): void => {
      if (isTerminating || isSettled) return;
      isTerminating = true;
      signalGroup('SIGTERM');
      timers.push(setTimeout(forceKill, waits.terminateGraceMs));
    };

    function onAbort(): void {
      terminate();
    }

    const onStreamClosed = (): void => {
      openStreams -= 1;
      if (openStreams === 0) settle();
    };

    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    for (const stream of [child.stdout, child.stderr]) {
      if (stream === null) continue;
      stream.once('close', onStreamClosed);
      // A read error ends the stream like a close would; what was read so far is kept.
      stream.on('error', () => stream.destroy());
    }

    // Armed right away (not on 'spawn') so an abort between spawn() and the event is not missed.
    timers.push(
      setTimeout(() => {
        timedOut = true;
        terminate();
      }, clampTimerMs(request.timeoutMs)),
    );
    request.signal?.addEventListener('abort', onAbort, { once: true });

    child.once('spawn', () => {
      isSpawned = true;
    });

    child.on('error', (error) => {
      if (!isSpawned && !isSettled) {
        cleanUp();
        reject(toStartError(command, request.cwd, error));
      }
      // After the spawn, errors only report a failed signal delivery; the SIGKILL of the group follows regardless.
    });

    child.once('exit', (code, signal) => {
      exit = { code, signal };
      if (openStreams === 0) {
        settle();
        return;
      }
      // The command is done but something it started still holds the pipes.
      timers.push(setTimeout(terminate, waits.exitDrainMs));
    });
  });
}
