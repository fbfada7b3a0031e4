/**
 * The baseline of bench/mcp.ts: a minimal MCP server on the SDK's McpServer
 * over stdio, with the four tools the bench times doing the same I/O as
 * brass-agent's, plainly (no permission rules, path scope, redaction,
 * ranking or caps):
 *
 * - `read_file {path}`: fs.readFile of the file, its text as the result.
 * - `search_text {query}`: one ripgrep run with the argv brass-agent's
 *   engine spawns for that query (buildRipgrepArgs over the same resolved
 *   request: the same flags, skip set and 1,000-match pool), its JSON lines
 *   turned into `path:line:column: text`.
 * - `docs_map {search}`: a MiniSearch query (fields title / headings / body,
 *   boosts 3 / 2 / 1, fuzzy 0.2, prefix, as bench/docs-search.ts) over every
 *   Markdown page under docs/, indexed once at start; the five best targets.
 * - `discover_context {goal}`: `git status --porcelain=v1 -z` beside one
 *   `rg --fixed-strings --count` per identifier of the goal (camelCase,
 *   PascalCase or snake_case words), all at once; files ranked by matches,
 *   files git reports changed first among equals; the best 4 (the default
 *   `context.maxFiles`) read whole.
 *
 *     node --import tsx bench/mcp-baseline-server.ts WORKSPACE
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import MiniSearch from 'minisearch';
import * as z from 'zod';
import { buildRipgrepArgs } from '../src/adapters/search/ripgrep-args.js';
import { resolveSearchRequest } from '../src/adapters/search/resolve-search-request.js';
import { rgPath } from '@vscode/ripgrep';

const root = process.argv[2];
if (root === undefined) throw new Error('usage: mcp-baseline-server.ts WORKSPACE');
/** Files discover_context reads: the default context.maxFiles. */
const READ_FILES = 4;
/** The ranking pool brass-agent's search_text fetches (SEARCH_RANK_POOL). */
const SEARCH_POOL = 1000;

/** Runs a program in the workspace, its whole stdout as text. */
function run(program: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function ripgrepArgv(query: string): string[] {
  return buildRipgrepArgs(resolveSearchRequest({ query, root: root!, maxResults: SEARCH_POOL }), { sortByPath: false });
}

function markdownFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.md')).map((entry) => path.join(entry.parentPath, entry.name));
}

interface Page {
  target: string;
  title: string;
  headings: string;
  body: string;
}

const docsRoot = path.join(root, 'docs');
const pages: Page[] = markdownFiles(docsRoot).map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const headings = lines.filter((line) => line.startsWith('#'));
  return { target: path.relative(docsRoot, file).replace(/\.md$/, ''), title: headings[0]?.replace(/^#+\s*/, '') ?? '', headings: headings.join('\n'), body: lines.filter((line) => !line.startsWith('#')).join('\n') };
});
const docsIndex = new MiniSearch<Page>({ idField: 'target', fields: ['title', 'headings', 'body'], storeFields: ['title'], searchOptions: { boost: { title: 3, headings: 2, body: 1 }, fuzzy: 0.2, prefix: true } });
docsIndex.addAll(pages);

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const server = new McpServer({ name: 'baseline', version: '0.0.0' });

server.registerTool('read_file', { inputSchema: { path: z.string() } }, async ({ path: file }) => text(await fs.promises.readFile(path.join(root, file), 'utf8')));

server.registerTool('search_text', { inputSchema: { query: z.string() } }, async ({ query }) => {
  const output = await run(rgPath, ripgrepArgv(query));
  const lines: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{"type":"match"')) continue;
    const match = JSON.parse(line) as { data: { path: { text: string }; line_number: number; lines: { text: string }; submatches: { start: number }[] } };
    lines.push(`${match.data.path.text.replace(/^\.\//, '')}:${match.data.line_number}:${(match.data.submatches[0]?.start ?? 0) + 1}: ${match.data.lines.text.trimEnd()}`);
  }
  return text(lines.join('\n'));
});

server.registerTool('docs_map', { inputSchema: { search: z.string() } }, async ({ search }) =>
  text(JSON.stringify({ query: search, results: docsIndex.search(search).slice(0, 5).map((result) => ({ target: result.id as string, title: result.title as string })) }, null, 2)),
);

server.registerTool('discover_context', { inputSchema: { goal: z.string() } }, async ({ goal }) => {
  const identifiers = [...new Set(goal.match(/\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|\w+_\w+)\b/g) ?? [])];
  const [status, ...counts] = await Promise.all([
    run('git', ['status', '--porcelain=v1', '-z', '--untracked-files=normal', '--ignore-submodules=all']),
    ...identifiers.map((identifier) => run(rgPath, ['--count', '--fixed-strings', '--no-config', `--regexp=${identifier}`, '--', '.'])),
  ]);
  const changed = new Set(status!.split('\0').map((entry) => entry.slice(3)));
  const score = new Map<string, number>();
  for (const output of counts) {
    for (const line of output.split('\n')) {
      const separator = line.lastIndexOf(':');
      if (separator <= 0) continue;
      const file = line.slice(0, separator).replace(/^\.\//, '');
      score.set(file, (score.get(file) ?? 0) + Number(line.slice(separator + 1)));
    }
  }
  const best = [...score].sort((left, right) => right[1] - left[1] || Number(changed.has(right[0])) - Number(changed.has(left[0]))).slice(0, READ_FILES);
  const files = await Promise.all(best.map(async ([file]) => ({ path: file, excerpt: await fs.promises.readFile(path.join(root, file), 'utf8') })));
  return text(JSON.stringify({ identifiers, files }, null, 2));
});

await server.connect(new StdioServerTransport());
