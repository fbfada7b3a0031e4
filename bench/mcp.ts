/**
 * MCP server per-call latency: brass-agent's built server (`node
 * dist/cli/main.js mcp`) against a minimal SDK server doing the same I/O
 * plainly (bench/mcp-baseline-server.ts says exactly what), both as real
 * child processes driven by the SDK's Client over stdio, on one generated
 * workspace: ~5,000 TypeScript files, a docs/ tree of Markdown pages, and a
 * git history of a few commits with a change in the working tree.
 *
 * Per tool (read_file, search_text, docs_map, discover_context without
 * running commands): 3 warm-up calls each (the tools in turn), then N calls interleaved
 * (default 200, and 50 for discover_context: a sub-millisecond median needs
 * many samples to be stable)
 * (ours, baseline, ours, …); the median of each and their ratio. Then our
 * server's RSS after 10 calls, 1,000 and 2,000 (the growth from 1,000 to
 * 2,000 says whether it is flat once its caches are full, rather than a heap
 * still settling), and last the worst ratio against the goal of 1.5×.
 *
 * `--only NAME` times that one tool and skips the RSS samples (for profiling one tool).
 *
 *     npm run bench:mcp [-- --files N] [-- --calls N] [-- --cli OTHER/dist/cli/main.js] [-- --only TOOL]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI_PATH, buildIfStale } from '../scripts/build-if-stale.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const FILE_COUNT = option('--files', 5_000);
/** Calls timed per tool: `--calls N` for every tool, else 200 (50 for discover_context, which takes some 100 ms a call). */
const CALLS_OPTION = args.includes('--calls') ? option('--calls', 0) : null;
if (CALLS_OPTION !== null && !(Number.isSafeInteger(CALLS_OPTION) && CALLS_OPTION > 0)) throw new Error(`--calls: a positive whole number, not ${args[args.indexOf('--calls') + 1]}`);
const callsFor = (tool: string): number => CALLS_OPTION ?? (tool === 'discover_context' ? 50 : 200);
/** Another build of the CLI to measure (e.g. a copy of dist/ from before a change); default this checkout's, rebuilt when stale. */
const OTHER_CLI = args.includes('--cli') ? path.resolve(args[args.indexOf('--cli') + 1]!) : null;
const CLI = OTHER_CLI ?? CLI_PATH;
const WARM_UP_CALLS = 3;
const DOCS_PAGES = 200;
const GOAL_RATIO = 1.5;
/** One tool to time alone, without the RSS samples; null times every tool. */
const ONLY = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '') : null;
/** RSS is sampled after these many calls to our server (the last is the total). */
const RSS_SAMPLES = [10, 1_000, 2_000] as const;

const WORDS = ['invoice', 'payment', 'ledger', 'account', 'refund', 'customer', 'order', 'shipping', 'tax', 'discount', 'report', 'session', 'token', 'cache', 'queue'];

/** The workspace: FILE_COUNT source files in nested folders, DOCS_PAGES docs pages, three commits, one uncommitted change. */
function generateWorkspace(root: string): void {
  for (let index = 0; index < FILE_COUNT; index += 1) {
    const word = WORDS[index % WORDS.length]!;
    const other = WORDS[(index * 7) % WORDS.length]!;
    const name = `${word}${other[0]!.toUpperCase()}${other.slice(1)}${index}`;
    const directory = path.join(root, 'src', `${word}`, `module-${index % 300}`);
    fs.mkdirSync(directory, { recursive: true });
    const body = [
      `import { helper${index % 97} } from '../../shared/helpers.js';`,
      `/** Computes the ${word} ${other} total for record ${index}. */`,
      `export interface ${name[0]!.toUpperCase()}${name.slice(1)}Record { id: string; amount: number; }`,
      `export function compute${name[0]!.toUpperCase()}${name.slice(1)}(input: { amount: number }): number {`,
      `  return helper${index % 97}(input.amount) + ${index};`,
      '}',
      `// ${`${word} ${other} lorem ipsum dolor sit amet `.repeat(6)}`,
    ];
    fs.writeFileSync(path.join(directory, `${word}-${other}-${index}.ts`), `${body.join('\n')}\n`);
  }
  fs.mkdirSync(path.join(root, 'src', 'shared'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'shared', 'helpers.ts'), Array.from({ length: 97 }, (_unused, index) => `export function helper${index}(value: number): number { return value; }`).join('\n'));
  fs.writeFileSync(path.join(root, 'src', 'payment', 'payment-gateway.ts'), 'export class PaymentGateway {\n  settleInvoice(amount: number): number {\n    return Math.round(amount * 100) / 100;\n  }\n}\n');
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'bench-workspace', scripts: { test: 'vitest run', typecheck: 'tsc --noEmit' } }));
  for (let page = 0; page < DOCS_PAGES; page += 1) {
    const word = WORDS[page % WORDS.length]!;
    const region = path.join(root, 'docs', `${word}-guide`);
    fs.mkdirSync(region, { recursive: true });
    const paragraphs = Array.from({ length: 6 }, (_unused, paragraph) => `The ${word} service handles ${WORDS[(page + paragraph) % WORDS.length]} records. Configure the ${word} connection, retries and timeouts before deploying; see page ${page}.`);
    fs.writeFileSync(path.join(region, `topic-${page}.md`), `---\ntitle: ${word} topic ${page}\n---\n# ${word} topic ${page}\n\n${paragraphs.join('\n\n')}\n\n## Troubleshooting ${word}\n\nRestart the ${word} worker when the queue stalls.\n`);
  }
  const git = (...argv: string[]) =>
    execFileSync('git', argv, { cwd: root, stdio: 'ignore', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid' } });
  git('init', '-q', '.');
  git('config', 'commit.gpgsign', 'false');
  git('add', '-A');
  git('commit', '-q', '-m', 'Initial import');
  fs.appendFileSync(path.join(root, 'src', 'payment', 'payment-gateway.ts'), 'export const SETTLE_PRECISION = 2;\n');
  git('commit', '-q', '-am', 'Payment gateway: settle precision');
  fs.appendFileSync(path.join(root, 'src', 'shared', 'helpers.ts'), '\nexport const VERSION = 2;\n');
  git('commit', '-q', '-am', 'Helpers: version');
  fs.appendFileSync(path.join(root, 'src', 'payment', 'payment-gateway.ts'), '// rounding under review\n');
}

interface Server {
  client: Client;
  pid: number;
  call(name: string, input: Record<string, unknown>): Promise<CallToolResult>;
}

async function start(command: string, argv: string[], env: Record<string, string>): Promise<Server> {
  const transport = new StdioClientTransport({ command, args: argv, env, stderr: 'ignore', cwd: ROOT });
  const client = new Client({ name: 'bench', version: '0.0.0' });
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error(`${argv.join(' ')}: no pid`);
  return {
    client,
    pid,
    call: async (name, input) => {
      const result = (await client.callTool({ name, arguments: input })) as CallToolResult;
      if (result.isError === true) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
      return result;
    },
  };
}

function residentKib(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match === null) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The calls timed per tool: each round varies the input a little, the same for both servers. */
const TOOLS: { name: string; input: (round: number) => Record<string, unknown> }[] = [
  { name: 'read_file', input: (round) => ({ path: round % 2 === 0 ? 'src/payment/payment-gateway.ts' : 'src/shared/helpers.ts' }) },
  { name: 'search_text', input: (round) => ({ query: round % 2 === 0 ? 'PaymentGateway' : 'helper42(' }) },
  { name: 'docs_map', input: (round) => ({ search: round % 2 === 0 ? 'configure the refund connection retries' : 'queue stalls worker restart' }) },
  { name: 'discover_context', input: (round) => ({ goal: round % 2 === 0 ? 'fix the rounding in PaymentGateway settleInvoice' : 'the refundCustomer totals are wrong in computeRefundCustomer' }) },
];

const temp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-mcp-')));
const workspace = path.join(temp, 'workspace');
const home = path.join(temp, 'home');
fs.mkdirSync(workspace);
fs.mkdirSync(home);
const servers: Server[] = [];
try {
  if (OTHER_CLI === null) buildIfStale(() => process.stderr.write('building dist/ (older than src/) …\n'));
  process.stderr.write(`generating ${FILE_COUNT} files, ${DOCS_PAGES} docs pages …\n`);
  generateWorkspace(workspace);
  const env = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') };
  const ours = await start(process.execPath, [CLI, 'mcp', '--cwd', workspace], env);
  const baseline = await start(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'mcp-baseline-server.ts'), workspace], env);
  servers.push(ours, baseline);
  let callsToOurs = 0;
  const rssAt = new Map<number, number>();
  const callOurs = async (name: string, input: Record<string, unknown>) => {
    await ours.call(name, input);
    callsToOurs += 1;
    if ((RSS_SAMPLES as readonly number[]).includes(callsToOurs)) rssAt.set(callsToOurs, residentKib(ours.pid));
  };

  console.log(`workspace: ${FILE_COUNT} source files, ${DOCS_PAGES} docs pages, 3 commits; ${CALLS_OPTION === null ? '200 calls per tool (discover_context 50)' : `${CALLS_OPTION} calls per tool`} after ${WARM_UP_CALLS} warm-up calls, interleaved\n`);
  // The warm-up calls every tool in turn, so the RSS after 10 calls includes what each tool keeps.
  for (let round = 0; round < WARM_UP_CALLS; round += 1) {
    for (const tool of TOOLS) {
      await callOurs(tool.name, tool.input(round));
      await baseline.call(tool.name, tool.input(round));
    }
  }
  console.log('tool               ours ms   baseline ms   ratio');
  const ratios: { name: string; ratio: number }[] = [];
  if (ONLY !== null && !TOOLS.some((tool) => tool.name === ONLY)) throw new Error(`--only ${ONLY}: not one of ${TOOLS.map((tool) => tool.name).join(', ')}`);
  for (const tool of TOOLS.filter((candidate) => ONLY === null || candidate.name === ONLY)) {
    const oursMs: number[] = [];
    const baselineMs: number[] = [];
    for (let round = 0; round < callsFor(tool.name); round += 1) {
      oursMs.push(await timed(() => callOurs(tool.name, tool.input(round))));
      baselineMs.push(await timed(() => baseline.call(tool.name, tool.input(round))));
    }
    const ratio = median(oursMs) / median(baselineMs);
    ratios.push({ name: tool.name, ratio });
    console.log(`${tool.name.padEnd(18)} ${median(oursMs).toFixed(1).padStart(7)}   ${median(baselineMs).toFixed(1).padStart(11)}   ${ratio.toFixed(2)}×`);
  }

  // The rest of the calls: the cheap tools in turn, a discovery every 25th (skipped with --only).
  if (ONLY === null) {
    const totalCalls = RSS_SAMPLES[RSS_SAMPLES.length - 1]!;
    for (let round = 0; callsToOurs < totalCalls; round += 1) {
      const tool = round % 25 === 0 ? TOOLS[3]! : TOOLS[round % 3]!;
      await callOurs(tool.name, tool.input(round));
    }
    const mib = (calls: number) => ((rssAt.get(calls) ?? 0) / 1024).toFixed(1);
    const samples = RSS_SAMPLES.map((calls) => `${mib(calls)} MiB after ${calls} calls`).join(', ');
    const lateGrowth = ((rssAt.get(2_000) ?? 0) - (rssAt.get(1_000) ?? 0)) / 1024;
    console.log(`\nRSS of our server: ${samples}; ${lateGrowth >= 0 ? '+' : ''}${lateGrowth.toFixed(1)} MiB from call 1000 to 2000`);
  }
  const worst = ratios.reduce((left, right) => (right.ratio > left.ratio ? right : left));
  console.log(`worst ratio: ${worst.ratio.toFixed(2)}× (${worst.name}); goal ≤ ${GOAL_RATIO}×: ${worst.ratio <= GOAL_RATIO ? 'met' : 'not met'}`);
} finally {
  for (const server of servers) await server.client.close();
  fs.rmSync(temp, { recursive: true, force: true });
}
