/**
 * Discovery speed on a large tree: the wall time of `discover --no-run` (in
 * process: openWorkspace + discoverContext, as the CLI runs them) against
 * the bare ripgrep calls it makes (the same argv the search engine spawns,
 * run directly, output read but not interpreted). Goal: within 1.5×.
 *
 *     npm run bench:discovery [-- --files N] [-- --reps N]
 *
 * The tree is generated in a temp directory: N TypeScript files (default
 * 20,000) in nested folders, plus a validation output whose errors name
 * identifiers that must be searched for (the names are not imported by the
 * failing file, so the imports cannot answer). One warm-up, then the median
 * of the rounds. The process start of the CLI is reported separately.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWorkspace } from '../src/adapters/node-workspace/index.js';
import { buildRipgrepArgs } from '../src/adapters/search/ripgrep-args.js';
import { resolveSearchRequest } from '../src/adapters/search/resolve-search-request.js';
import { discoverContext } from '../src/context/discovery/index.js';
import { MAX_MATCHES_PER_FILE } from '../src/context/discovery/search-fixed-strings.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const FILE_COUNT = option('--files', 20_000);
const REPS = option('--reps', 5);

function generateTree(root: string): string {
  for (let index = 0; index < FILE_COUNT; index += 1) {
    const directory = path.join(root, 'src', `area-${index % 40}`, `module-${index % 500}`);
    fs.mkdirSync(directory, { recursive: true });
    const body = [
      `import { helper${index % 97} } from '../../shared/helpers.js';`,
      `export interface Record${index} { id: string; value: number; }`,
      `export function compute${index}(input: Record${index}): number {`,
      `  return helper${index % 97}(input.value) + ${index};`,
      '}',
      `// ${'lorem ipsum dolor sit amet '.repeat(8)}`,
    ];
    fs.writeFileSync(path.join(directory, `file-${index}.ts`), `${body.join('\n')}\n`);
  }
  fs.mkdirSync(path.join(root, 'src', 'shared'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'shared', 'helpers.ts'), Array.from({ length: 97 }, (_unused, index) => `export function helper${index}(value: number): number { return value; }`).join('\n'));
  fs.writeFileSync(path.join(root, 'src', 'main.ts'), `export const total = compute${FILE_COUNT - 1}(missing) + PaymentGateway + settleInvoice();\n`);
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'large', scripts: { typecheck: 'tsc --noEmit' } }));
  // Definitions the searches must find, deep in the tree.
  fs.writeFileSync(path.join(root, 'src', 'area-7', 'module-7', 'payment-gateway.ts'), 'export class PaymentGateway {}\nexport function settleInvoice(): number { return 1; }\n');
  return [
    `src/main.ts(1,${'export const total = '.length + 1}): error TS2304: Cannot find name 'compute${FILE_COUNT - 1}'.`,
    `src/main.ts(1,40): error TS2304: Cannot find name 'PaymentGateway'.`,
    `src/main.ts(1,57): error TS2304: Cannot find name 'settleInvoice'.`,
  ].join('\n');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function runRipgrep(rgPath: string, argv: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, argv, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', () => undefined);
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-discovery-')));
const xdg = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-xdg-'));
try {
  process.stderr.write(`generating ${FILE_COUNT} files …\n`);
  const validationOutput = generateTree(root);
  const env = { ...process.env, XDG_CONFIG_HOME: xdg };
  const discoveryTimes: number[] = [];
  const ripgrepTimes: number[] = [];
  let summary = '';
  for (let round = 0; round <= REPS; round += 1) {
    const started = performance.now();
    const workspace = await openWorkspace({ cwd: root, env });
    const result = await discoverContext({ runtime: workspace.runtime, config: workspace.config.config, validationOutput, run: false });
    const discoveryMs = performance.now() - started;
    const ripgrep = (await workspace.searchEngine()).ripgrep;
    if (ripgrep === null) throw new Error('no ripgrep binary: the ratio needs one');
    // The same argv the search engine spawns for each query discovery made.
    const context = workspace.config.config.context;
    const ripgrepStarted = performance.now();
    for (const search of result.searches) {
      const resolved = resolveSearchRequest({ query: search.query, root, globs: context.globs, excludeGlobs: context.excludeGlobs, maxResults: context.maxSearchResults, maxMatchesPerFile: MAX_MATCHES_PER_FILE, caseSensitive: true, maxFileSizeBytes: workspace.config.config.search.maxFileSizeBytes, skipDirs: workspace.config.config.search.skipDirs });
      await runRipgrep(ripgrep.path, buildRipgrepArgs(resolved, { sortByPath: false }), root);
      // A truncated search is run a second time, sorted, to keep the first N matches in path order.
      if (search.truncated) await runRipgrep(ripgrep.path, buildRipgrepArgs(resolved, { sortByPath: true }), root);
    }
    const ripgrepMs = performance.now() - ripgrepStarted;
    if (round === 0) {
      summary = `searches: ${result.searches.map((search) => `${search.query} (${search.matches}${search.truncated ? '+' : ''})`).join(', ')}; files: ${result.files.map((file) => file.path).join(', ')}`;
      continue;
    }
    discoveryTimes.push(discoveryMs);
    ripgrepTimes.push(ripgrepMs);
  }
  const discovery = median(discoveryTimes);
  const ripgrep = median(ripgrepTimes);
  console.log(`tree: ${FILE_COUNT} files; ${summary}`);
  console.log(`discover --no-run (in process): median ${discovery.toFixed(0)} ms over ${REPS} rounds`);
  console.log(`bare rg, same calls:            median ${ripgrep.toFixed(0)} ms`);
  console.log(`ratio: ${(discovery / ripgrep).toFixed(2)}× (goal: within 1.5×)`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(xdg, { recursive: true, force: true });
}
