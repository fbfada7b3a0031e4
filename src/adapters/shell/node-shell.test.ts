import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrassError, CommandStartError, InvalidInputError } from '../../core/index.js';
import type { ShellRunRequest } from '../../core/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { formatDroppedMarker } from './capture-output.js';
import { createNodeShell } from './node-shell.js';

const NODE = process.execPath;
/** Short waits keep the file fast; the behaviour under test is the same as with the defaults. */
const shell = createNodeShell({ _internal: { terminateGraceMs: 300, exitDrainMs: 200 } });
const SHORT_TIMEOUT_MS = 500;
const POLL_INTERVAL_MS = 20;

let workspace: TempWorkspace;
/** Pids a test started outside the command's process group, killed after the test. */
const strayPids: number[] = [];

beforeEach(async () => {
  workspace = await createTempWorkspace();
});

afterEach(async () => {
  for (const pid of strayPids.splice(0)) {
    if (isProcessRunning(pid)) process.kill(pid, 'SIGKILL');
  }
  await workspace.dispose();
});

function run(argv: string[], overrides: Partial<ShellRunRequest> = {}) {
  return shell.run({ argv, cwd: workspace.root, timeoutMs: 10_000, maxOutputBytes: 64 * 1024, ...overrides });
}

/** Alive and not a zombie: a killed orphan stays a zombie where the container's init never reaps it. */
function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  const statPath = `/proc/${pid}/stat`;
  if (!existsSync(statPath)) return true;
  const stat = readFileSync(statPath, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** Polls until `condition` holds; the test timeout bounds the wait. */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
}

describe('createNodeShell', () => {
  it.each([0, 1, 2])('reports exit code %i', async (code) => {
    const result = await run([NODE, '-e', `process.exit(${code})`]);
    expect(result).toMatchObject({ exitCode: code, signal: null, timedOut: false, stdout: '', stderr: '' });
  });

  it('captures stdout and stderr separately', async () => {
    const result = await run([NODE, '-e', "process.stdout.write('to out\\n'); process.stderr.write('to err\\n')"]);
    expect(result.stdout).toBe('to out\n');
    expect(result.stderr).toBe('to err\n');
    expect(result.stdoutDroppedBytes).toBe(0);
  });

  it('runs a terminal-attached command (an editor) to its exit, capturing nothing', async () => {
    const target = workspace.path('edited.txt');
    const result = await run([NODE, '-e', `require('node:fs').writeFileSync(${JSON.stringify(target)}, 'edited'); process.exit(3)`], { isTerminalAttached: true });
    expect(result).toMatchObject({ exitCode: 3, stdout: '', stderr: '', timedOut: false });
    expect(readFileSync(target, 'utf8')).toBe('edited');
  });

  it('runs in the requested working directory', async () => {
    const result = await run([NODE, '-e', 'process.stdout.write(process.cwd())']);
    expect(result.stdout).toBe(workspace.root);
  });

  it('passes arguments literally, without a shell', async () => {
    const literal = ['a b', '$(touch pwned)', ';', '&&', '|', '*', '`id`', '"quoted"', "'single'", '$HOME', '> out.txt'];
    const result = await run([NODE, '-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', '--', ...literal]);
    expect(JSON.parse(result.stdout)).toEqual(literal);
    expect(existsSync(workspace.path('pwned'))).toBe(false);
    expect(existsSync(workspace.path('out.txt'))).toBe(false);
  });

  it('kills a hanging command at its timeout', async () => {
    const result = await run([NODE, '-e', 'setInterval(() => {}, 1000)'], { timeoutMs: SHORT_TIMEOUT_MS });
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM' });
  });

  it('SIGKILLs a command that ignores SIGTERM after the grace period', async () => {
    // The ignored disposition is inherited by sleep, so the whole group shrugs off SIGTERM.
    const result = await run(['sh', '-c', "trap '' TERM; sleep 100"], { timeoutMs: SHORT_TIMEOUT_MS });
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL' });
  });

  it('kills a grandchild in the process group when the command times out', async () => {
    const result = await run(['sh', '-c', 'sleep 100 & echo $!; wait'], { timeoutMs: SHORT_TIMEOUT_MS });
    expect(result.timedOut).toBe(true);
    const grandchild = Number(result.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    await waitFor(() => !isProcessRunning(grandchild));
  });

  it('leaves no group member running after a timeout, even one that ignores SIGTERM and freed the pipes', async () => {
    const script = "(trap '' TERM; exec sleep 100) >/dev/null 2>&1 & echo $!; wait";
    const result = await run(['sh', '-c', script], { timeoutMs: SHORT_TIMEOUT_MS });
    expect(result.timedOut).toBe(true);
    const grandchild = Number(result.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    await waitFor(() => !isProcessRunning(grandchild));
  });

  it('does not wait for a grandchild that keeps the pipes open after the command exits', async () => {
    const result = await run(['sh', '-c', 'sleep 100 & echo $!'], { timeoutMs: 60_000 });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    const grandchild = Number(result.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    await waitFor(() => !isProcessRunning(grandchild));
  });

  it('resolves even when a grandchild outside the group holds the pipes', async () => {
    const result = await run(['sh', '-c', 'setsid sleep 100 & echo $!; wait'], { timeoutMs: SHORT_TIMEOUT_MS });
    const grandchild = Number(result.stdout.trim());
    strayPids.push(grandchild);
    expect(result.timedOut).toBe(true);
    expect(grandchild).toBeGreaterThan(0);
  });

  it('keeps the head and tail of 5 MB of output within a 64 KiB cap, per stream', async () => {
    const size = 5 * 1024 * 1024;
    const script = `const body = 'x'.repeat(${size});
      process.stdout.write('BEGIN-OUT' + body + 'END-OUT');
      process.stderr.write('BEGIN-ERR' + body + 'END-ERR');`;
    const result = await run([NODE, '-e', script], { maxOutputBytes: 64 * 1024 });
    const dropped = 'BEGIN-OUT'.length + size + 'END-OUT'.length - 64 * 1024;
    expect(result.exitCode).toBe(0);
    for (const [text, droppedBytes, label] of [
      [result.stdout, result.stdoutDroppedBytes, 'OUT'],
      [result.stderr, result.stderrDroppedBytes, 'ERR'],
    ] as const) {
      expect(droppedBytes).toBe(dropped);
      expect(text.startsWith(`BEGIN-${label}xxx`)).toBe(true);
      expect(text.endsWith(`xxxEND-${label}`)).toBe(true);
      expect(text).toContain(formatDroppedMarker(dropped));
      expect(text.length).toBe(64 * 1024 + formatDroppedMarker(dropped).length);
    }
  });

  it.each([
    { title: 'a missing executable', argv: ['brass-no-such-command-42'], cwd: undefined, message: 'command not found: brass-no-such-command-42' },
    { title: 'a file that is not executable', argv: ['./data.txt'], cwd: undefined, message: 'permission denied (not an executable file?): ./data.txt' },
    { title: 'a missing working directory', argv: [NODE, '-e', ''], cwd: 'missing-dir', message: 'working directory not found: ' },
  ])('rejects with CommandStartError for $title', async ({ argv, cwd, message }) => {
    workspace.write('data.txt', 'not a program');
    const error = await run(argv, cwd === undefined ? {} : { cwd: workspace.path(cwd) }).catch((caught: unknown) => caught);
    expect(CommandStartError.isInstance(error)).toBe(true);
    expect((error as CommandStartError).command).toBe(argv[0]);
    expect((error as Error).message).toContain(message);
  });

  it.each([
    { title: 'empty argv', request: { argv: [] } },
    { title: 'a NUL byte in an argument', request: { argv: ['echo', 'a\0b'] } },
    { title: 'a zero timeout', request: { argv: ['echo'], timeoutMs: 0 } },
    { title: 'an infinite timeout', request: { argv: ['echo'], timeoutMs: Number.POSITIVE_INFINITY } },
  ])('rejects $title with InvalidInputError', async ({ request }) => {
    await expect(run([], request)).rejects.toSatisfy(InvalidInputError.isInstance);
  });

  // Issue 15 item 18: a delay past 2^31-1 ms fires a Node timer at once; it is clamped, not refused or overflowed.
  it('runs a command under a timeout longer than a Node timer holds to its end', async () => {
    const result = await run([NODE, '-e', 'setTimeout(() => process.stdout.write("finished"), 50)'], { timeoutMs: 2 ** 40 });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: 'finished' });
  });

  describe('environment', () => {
    const printEnv = [NODE, '-e', 'process.stdout.write(JSON.stringify([process.env.BRASS_TEST_TOKEN, process.env.VISIBLE, process.env.EXTRA]))'];
    const baseEnv = { PATH: process.env.PATH, BRASS_TEST_TOKEN: 'secret-value', VISIBLE: 'yes' };

    it.each([
      { title: 'hides a secret-looking variable', passEnv: [], expected: [null, 'yes', 'added'] },
      { title: 'passes a secret listed in passEnv', passEnv: ['BRASS_TEST_TOKEN'], expected: ['secret-value', 'yes', 'added'] },
    ])('$title', async ({ passEnv, expected }) => {
      const envShell = createNodeShell({ baseEnv });
      const result = await envShell.run({
        argv: printEnv,
        cwd: workspace.root,
        timeoutMs: 10_000,
        maxOutputBytes: 4096,
        passEnv,
        env: { EXTRA: 'added' },
      });
      expect(JSON.parse(result.stdout)).toEqual(expected);
    });
  });

  describe('abort', () => {
    /** A command that writes a ready file once set up, then hangs. */
    function hangingCommand(setup: string): string[] {
      const ready = workspace.path('ready');
      return [NODE, '-e', `${setup}; require('fs').writeFileSync(process.argv[1], 'ready'); setInterval(() => {}, 1000)`, '--', ready];
    }

    it.each([
      { title: 'stops the command with SIGTERM', setup: '', signal: 'SIGTERM' },
      { title: 'SIGKILLs a command that ignores SIGTERM', setup: "process.on('SIGTERM', () => {})", signal: 'SIGKILL' },
    ])('$title', async ({ setup, signal }) => {
      const controller = new AbortController();
      const running = run(hangingCommand(setup), { signal: controller.signal });
      await waitFor(() => existsSync(workspace.path('ready')));
      controller.abort();
      const result = await running;
      expect(result).toMatchObject({ timedOut: false, exitCode: null, signal });
    });

    it('rejects without starting when the signal already aborted', async () => {
      const error = await run([NODE, '-e', "require('fs').writeFileSync('started', '')"], { signal: AbortSignal.abort() }).catch(
        (caught: unknown) => caught,
      );
      expect(BrassError.isInstance(error) && error.code).toBe('aborted');
      expect(existsSync(workspace.path('started'))).toBe(false);
    });
  });
});
