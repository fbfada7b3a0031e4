// Agent memory (issue 22): recall latency on 10,000 entries as a ratio against
// MiniSearch over the same entries in the same run, and the system prompt's
// memory index bytes at 10, 100 and 10,000 entries.
//
// Recall is measured warm (the entries listed and indexed once, as a session
// does on its first recall) and cold (listing the 10,000 entry files, parsing
// and indexing them, then the query) next to MiniSearch indexing the same
// parsed entries and answering the same query. Rounds interleave baseline and
// ours; the medians of ROUNDS rounds give the ratio.
//
//   npm run bench:memory            (tsx bench/memory.ts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { createFileMemoryStore } from '../src/adapters/memory-store/index.js';
import { type MemoryEntry, createAgentMemory, renderMemoryEntry } from '../src/agent/memory/index.js';
import { createRedactor } from '../src/core/index.js';

const ENTRIES = 10_000;
const ROUNDS = 7;
const WORKSPACE = '/bench/workspace';
const TOPICS = ['tests', 'build', 'deploy', 'database', 'auth', 'cache', 'lint', 'release', 'docs', 'api', 'queue', 'config', 'logging', 'metrics', 'i18n', 'routing'];
const TOOLS = ['pnpm', 'vitest', 'esbuild', 'postgres', 'redis', 'eslint', 'docker', 'prisma', 'zod', 'hono', 'playwright', 'turbo'];
const PLACES = ['packages/core/src', 'apps/web/src', 'services/api', 'scripts', 'infra/terraform', 'packages/ui'];
const QUERIES = ['how do the api tests run', 'where does the cache live', 'deploy with docker', 'database migrations prisma', 'lint rules eslint', 'release process turbo', 'auth tokens redis', 'i18n routing web'];

function entryOf(index: number): Omit<MemoryEntry, 'id'> {
  const topic = TOPICS[index % TOPICS.length]!;
  const tool = TOOLS[(index * 7) % TOOLS.length]!;
  const place = PLACES[(index * 5) % PLACES.length]!;
  return {
    title: `${topic} uses ${tool} (note ${index})`,
    text: `For ${topic}, run ${tool} from ${place}. Note ${index}: the ${topic} setup in ${place} needs ${tool} ${index % 9}.x; never edit generated files there.\n`,
    tags: [topic, tool],
    scope: 'workspace',
    source: 'model',
    session: null,
    createdAt: '2026-12-02T00:00:00.000Z',
    updatedAt: '2026-12-02T00:00:00.000Z',
  };
}

function idOf(index: number): string {
  return `20261201-${String(Math.floor(index / 3600) % 24).padStart(2, '0')}${String(Math.floor(index / 60) % 60).padStart(2, '0')}${String(index % 60).padStart(2, '0')}-${index.toString(16).padStart(6, '0')}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** A memory of `count` entries written as the store writes them, in a fresh state directory. */
function memoryWith(count: number, root: string) {
  const store = createFileMemoryStore({ root, workspace: WORKSPACE, maxEntries: 1_000_000, maxBytes: 1 << 30 });
  const directory = store.directoryOf('workspace');
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  for (let index = 0; index < count; index += 1) fs.writeFileSync(path.join(directory, `${idOf(index)}.md`), renderMemoryEntry(entryOf(index)), { mode: 0o600 });
  const redactor = createRedactor();
  const open = () => createAgentMemory({ store, redact: (text) => redactor.redact(text).text, now: () => new Date().toISOString() });
  return { open };
}

function miniSearchOf(entries: readonly MemoryEntry[]): MiniSearch {
  const search = new MiniSearch({ fields: ['title', 'tags', 'text'], storeFields: ['title'], searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.2 } });
  search.addAll(entries.map((entry) => ({ id: entry.id, title: entry.title, tags: entry.tags.join(' '), text: entry.text })));
  return search;
}

const state = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-bench-memory-'));
try {
  console.log(`memory bench: ${ENTRIES} entries, ${QUERIES.length} queries, ${ROUNDS} interleaved rounds (median)\n`);
  const big = memoryWith(ENTRIES, path.join(state, 'big'));
  const warm = big.open();
  const entries = (await warm.list('workspace')).entries;
  await warm.search('warm up');
  const baseline = miniSearchOf(entries);
  baseline.search('warm up');

  const warmOurs: number[] = [];
  const warmBaseline: number[] = [];
  const coldOurs: number[] = [];
  const coldBaseline: number[] = [];
  let resultCount = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    warmBaseline.push((await timed(() => QUERIES.forEach((query) => baseline.search(query).slice(0, 5)))) / QUERIES.length);
    warmOurs.push((await timed(async () => {
      for (const query of QUERIES) resultCount = Math.max(resultCount, (await warm.search(query)).results.length);
    })) / QUERIES.length);
    // Cold: MiniSearch from the parsed entries (it has no files to read) vs recall from the entry files.
    coldBaseline.push(await timed(async () => miniSearchOf((await big.open().list('workspace')).entries).search(QUERIES[round % QUERIES.length]!)));
    coldOurs.push(await timed(() => big.open().search(QUERIES[round % QUERIES.length]!)));
  }
  const row = (name: string, ours: number[], base: number[]) =>
    console.log(`${name.padEnd(34)} ours ${median(ours).toFixed(2).padStart(8)} ms   MiniSearch ${median(base).toFixed(2).padStart(8)} ms   ratio ${(median(ours) / median(base)).toFixed(2)}`);
  row('recall per query (warm)', warmOurs, warmBaseline);
  row('first recall (list + index + query)', coldOurs, coldBaseline);
  console.log(`results per recall at most: ${resultCount} (cap 5)\n`);

  console.log('memory index in the system prompt:');
  for (const count of [10, 100, ENTRIES]) {
    const memory = count === ENTRIES ? warm : memoryWith(count, path.join(state, `n${count}`)).open();
    const index = await memory.promptIndex();
    const listed = index.split('\n').filter((line) => line.startsWith('- ')).length;
    console.log(`  ${String(count).padStart(6)} entries: ${String(Buffer.byteLength(index, 'utf8')).padStart(5)} bytes, ${listed} titles listed`);
  }
} finally {
  fs.rmSync(state, { recursive: true, force: true });
}
