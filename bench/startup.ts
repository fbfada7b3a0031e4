/**
 * Start-up cost of the built CLI (issue 21): each light command against bare
 * `node -e 0` in the same run, interleaved (node, command, node, command…),
 * so the noise of a shared machine hits both alike. Prints each command's
 * median, node's median, the difference ("over node") and the ratio, then
 * the worst difference against the goal of 150 ms over node.
 *
 *     npm run bench:startup [-- --reps N] [-- --cli FILE]
 *
 * --reps: rounds (default 9, at least 7); --cli: another built entry to
 * measure (default dist/cli/main.js of this checkout).
 *
 * The commands run on a small temp repository (a package.json, AGENTS.md, a
 * few sources and docs pages); `docs --search` runs once before the rounds so
 * its index cache is warm. Cache, state and config directories are temp too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI_PATH } from '../scripts/build-if-stale.js';

const GOAL_OVER_NODE_MS = 150;
const MIN_REPS = 7;
const args = process.argv.slice(2);
const reps = Math.max(MIN_REPS, args.includes('--reps') ? Number(args[args.indexOf('--reps') + 1]) : 9);
const cliPath = args.includes('--cli') ? path.resolve(args[args.indexOf('--cli') + 1]!) : CLI_PATH;

const LIGHT_COMMANDS: ReadonlyArray<{ label: string; args: string[] }> = [
  { label: '--version', args: ['--version'] },
  { label: 'read package.json --json', args: ['read', 'package.json', '--json'] },
  { label: 'policy check --command ls --json', args: ['policy', 'check', '--command', 'ls', '--json'] },
  { label: 'context --json', args: ['context', '--json'] },
  { label: 'docs --search (warm) --json', args: ['docs', '--search', 'install', '--json'] },
];

function writeSmallRepo(root: string): void {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'small-repo', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }, null, 2),
    'AGENTS.md': '# Conventions\n\nUse named exports. Run `npm test` before a change.\n',
    'src/index.ts': "export { greet } from './greet.js';\n",
    'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
    'docs/guides/install.md': '# Install\n\nRun `npm install small-repo`, then import `greet`.\n',
    'docs/guides/usage.md': '# Usage\n\nCall `greet("you")` to get a greeting.\n',
    'docs/reference/api.md': '# API\n\n## greet(name)\n\nReturns a greeting for `name`.\n',
  };
  for (const [relative, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), content);
  }
}

/** Wall time of one child process, in ms; a failing command stops the bench (its time would mean nothing). */
function timeProcess(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, argv, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${argv.join(' ')} exited ${result.status}: ${result.stderr.toString().trim()}`);
  return elapsed;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function main(): void {
  if (!fs.existsSync(cliPath)) throw new Error(`${cliPath} is missing: run \`npm run build\` first`);
  const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-startup-')));
  try {
    const root = path.join(scratch, 'repo');
    writeSmallRepo(root);
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: scratch,
      XDG_CONFIG_HOME: path.join(scratch, 'config'),
      XDG_CACHE_HOME: path.join(scratch, 'cache'),
      XDG_STATE_HOME: path.join(scratch, 'state'),
    };
    console.log(`start-up of ${path.relative(process.cwd(), cliPath)} against bare \`node -e 0\`, interleaved, median of ${reps} (${os.cpus().length} cores)`);
    let worst = { label: '', overNode: Number.NEGATIVE_INFINITY };
    for (const command of LIGHT_COMMANDS) {
      // One unmeasured run each: the file-system cache, and the docs index cache for `docs --search`.
      timeProcess(['-e', '0'], root, env);
      timeProcess([cliPath, ...command.args], root, env);
      const nodeTimes: number[] = [];
      const commandTimes: number[] = [];
      for (let rep = 0; rep < reps; rep += 1) {
        nodeTimes.push(timeProcess(['-e', '0'], root, env));
        commandTimes.push(timeProcess([cliPath, ...command.args], root, env));
      }
      const nodeMs = median(nodeTimes);
      const commandMs = median(commandTimes);
      const overNode = commandMs - nodeMs;
      if (overNode > worst.overNode) worst = { label: command.label, overNode };
      console.log(
        `${command.label.padEnd(34)} ${commandMs.toFixed(0).padStart(5)} ms   node ${nodeMs.toFixed(0).padStart(4)} ms   over node ${overNode.toFixed(0).padStart(5)} ms   ratio ${(commandMs / nodeMs).toFixed(2)}×`,
      );
    }
    const verdict = worst.overNode <= GOAL_OVER_NODE_MS ? 'meets' : 'misses';
    console.log(`worst over node: ${worst.overNode.toFixed(0)} ms (${worst.label}) — ${verdict} the goal of ≤ ${GOAL_OVER_NODE_MS} ms`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main();
