/**
 * Sandbox overhead per command: the same command run through the sandbox
 * service (createSandboxedShell, bubblewrap) and through the plain process
 * runner (createNodeShell) in the same run, printed as the ratio of medians
 * and the absolute time added.
 *
 * - `true`: the fixed cost of one sandboxed start (policy, bwrap, namespaces);
 * - `npm test` of a temp copy of examples/broken-app (its dependencies linked
 *   from this repository's node_modules): what that cost is on a real command.
 *   Its test fails on purpose; only the time counts, and both ways must exit
 *   with the same code.
 *
 *     npx tsx bench/sandbox-commands.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSandboxedShell } from '../src/adapters/sandbox/create-sandboxed-shell.js';
import { createNodeShell } from '../src/adapters/shell/node-shell.js';
import type { Shell, ShellRunRequest } from '../src/core/index.js';
import { linkDependencies } from '../scripts/link-dependencies.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXAMPLE = path.join(ROOT, 'examples', 'broken-app');
const TRUE_WARMUP_RUNS = 3;
const TRUE_RUNS = 40;
const NPM_TEST_WARMUP_RUNS = 1;
const NPM_TEST_RUNS = 5;
const TRUE_TIMEOUT_MS = 10_000;
const NPM_TEST_TIMEOUT_MS = 120_000;
const MAX_OUTPUT_BYTES = 256 * 1024;
const MIN_RUNS_FOR_P90 = 20;

interface Timing {
  medianMs: number;
  p90Ms: number;
  exitCodes: ReadonlySet<number | null>;
  /** Whether every run said it ran in the sandbox. */
  isSandboxed: boolean;
}

/** Wall time of `runs` calls of `shell.run(request)` (after `warmups` untimed ones), with the exit codes seen. */
async function time(shell: Shell, request: ShellRunRequest, warmups: number, runs: number): Promise<Timing> {
  const exitCodes = new Set<number | null>();
  let isSandboxed = true;
  const times: number[] = [];
  for (let round = 0; round < warmups + runs; round += 1) {
    const started = performance.now();
    const result = await shell.run(request);
    if (round >= warmups) times.push(performance.now() - started);
    exitCodes.add(result.exitCode);
    isSandboxed &&= result.sandboxed;
  }
  times.sort((left, right) => left - right);
  const at = (fraction: number) => times[Math.min(times.length - 1, Math.floor(times.length * fraction))]!;
  return { medianMs: at(0.5), p90Ms: at(0.9), exitCodes, isSandboxed };
}

const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(1)}`;
const codes = (timing: Timing) => [...timing.exitCodes].join('/');

/** Report lines of one command; p90 only from enough runs (of 5 it would be the slowest). */
function compare(name: string, plain: Timing, sandboxed: Timing, runs: number): string[] {
  const ms = (value: number) => `${value.toFixed(1).padStart(8)} ms`;
  const row = (label: string, timing: Timing) =>
    `  ${label.padEnd(12)} median ${ms(timing.medianMs)}${runs >= MIN_RUNS_FOR_P90 ? `   p90 ${ms(timing.p90Ms)}` : ''}   exit ${codes(timing)}`;
  return [
    `${name} (${runs} runs each):`,
    row('unsandboxed', plain),
    row('sandboxed', sandboxed),
    `  sandboxed / unsandboxed (medians): ${(sandboxed.medianMs / plain.medianMs).toFixed(2)}×, ${signed(sandboxed.medianMs - plain.medianMs)} ms per command`,
    ...(sandboxed.isSandboxed ? [] : ['  WARNING: some "sandboxed" runs did not run in the sandbox']),
  ];
}

export async function benchSandboxCommands(): Promise<string[]> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-sandbox-commands-'));
  try {
    const homeDir = path.join(temp, 'home');
    const workspace = path.join(temp, 'workspace');
    fs.mkdirSync(homeDir);
    fs.cpSync(EXAMPLE, workspace, { recursive: true, filter: (source) => path.relative(EXAMPLE, source).split(path.sep)[0] !== 'node_modules' });
    // The links' targets may lie in a directory the sandbox hides (/tmp, the home directory): shown read-only.
    const dependencies = linkDependencies(workspace, ROOT);

    const settings = { mode: 'auto', network: false, readOnlyPaths: [dependencies], writablePaths: [] } as const;
    const sandbox = createSandboxedShell({ baseEnv: process.env, homeDir, settings, isWorkspaceTrusted: false });
    const status = await sandbox.status();
    if (status.state !== 'active') {
      const why = status.state === 'unavailable' ? `${status.reason} (fix: ${status.fix})` : status.detail;
      return [`sandbox unavailable here, nothing measured: ${why}`];
    }
    const plain = createNodeShell({ baseEnv: process.env });
    const lines = [`sandbox: ${status.detail}`, ''];

    const trueRequest: ShellRunRequest = { argv: ['true'], cwd: workspace, timeoutMs: TRUE_TIMEOUT_MS, maxOutputBytes: MAX_OUTPUT_BYTES };
    const truePlain = await time(plain, trueRequest, TRUE_WARMUP_RUNS, TRUE_RUNS);
    const trueSandboxed = await time(sandbox, { ...trueRequest, workspaceRoot: workspace }, TRUE_WARMUP_RUNS, TRUE_RUNS);
    lines.push(...compare('`true`', truePlain, trueSandboxed, TRUE_RUNS), '');

    const npmRequest: ShellRunRequest = { argv: ['npm', 'test'], cwd: workspace, timeoutMs: NPM_TEST_TIMEOUT_MS, maxOutputBytes: MAX_OUTPUT_BYTES };
    const npmPlain = await time(plain, npmRequest, NPM_TEST_WARMUP_RUNS, NPM_TEST_RUNS);
    const npmSandboxed = await time(sandbox, { ...npmRequest, workspaceRoot: workspace }, NPM_TEST_WARMUP_RUNS, NPM_TEST_RUNS);
    lines.push(...compare('`npm test` of examples/broken-app', npmPlain, npmSandboxed, NPM_TEST_RUNS));
    const isSameExit = npmPlain.exitCodes.size === 1 && codes(npmPlain) === codes(npmSandboxed);
    lines.push(
      isSameExit
        ? `  both ways exit ${codes(npmPlain)} on every run (the example's test fails on purpose)`
        : `  WARNING: exit codes differ (unsandboxed ${codes(npmPlain)}, sandboxed ${codes(npmSandboxed)}): the runs did not do the same work`,
    );
    return lines;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await benchSandboxCommands()) console.log(line);
}
