import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createJsonIndexCache } from '../../../adapters/index-cache/index.js';
import { openWorkspace } from '../../../adapters/node-workspace/index.js';
import type { ActionResultMap, AgentAction, Runtime } from '../../../core/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../../test/support/temp-workspace.js';
import { createPathFilter } from '../create-path-filter.js';
import { buildRetrievalIndex } from './build-retrieval-index.js';
import { termCountsOf } from './index-document.js';
import { rankByGoal } from './rank-by-goal.js';
import { RETRIEVAL_INDEX_FORMAT_VERSION, type Segment, decodeSegment } from './index-segment.js';
import { type RetrievalIndexCache, retrievalCacheKeyOf } from './retrieval-index-cache.js';

const FILES = {
  'src/token-store.ts': '/** Keeps access tokens until they expire. */\nexport class TokenStore {\n  expire(key: string) {\n    return key;\n  }\n}\n',
  'src/invoice.ts': "import { TokenStore } from './token-store.js';\nexport function invoiceTotal(lines: number[]) {\n  return lines.length;\n}\n",
  'src/bundle.js': `var a=${'1+'.repeat(2_000)}1;`,
};
// Files written a moment ago are "racily clean" for a build that starts now: these builds run as if a minute later.
const LATER = { now: () => Date.now() + 60_000 };

/** A workspace runtime that records the paths of every fs.readFile and fs.readFiles action and the kind of every action. */
async function openCounting(workspace: TempWorkspace, options: { dropListedStats?: boolean } = {}): Promise<{ runtime: Runtime; reads: string[]; kinds: string[] }> {
  const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  const reads: string[] = [];
  const kinds: string[] = [];
  const runtime: Runtime = {
    scope: opened.runtime.scope,
    execute: async <A extends AgentAction>(action: A, executeOptions?: { signal?: AbortSignal }) => {
      kinds.push(action.kind);
      if (action.kind === 'fs.readFile') reads.push((action as Extract<AgentAction, { kind: 'fs.readFile' }>).path);
      if (action.kind === 'fs.readFiles') reads.push(...(action as Extract<AgentAction, { kind: 'fs.readFiles' }>).paths);
      const result = await opened.runtime.execute(action, executeOptions);
      // A FileSystem that lists without stats (an older or foreign implementation): the build must stat each file itself.
      if (options.dropListedStats === true && action.kind === 'fs.list' && result.ok) {
        const listed = result.value as ActionResultMap['fs.list'];
        listed.entries = listed.entries.map((entry) => ({ path: entry.path, kind: entry.kind }));
      }
      return result;
    },
  };
  return { runtime, reads, kinds };
}

async function setUp(files: Record<string, string> = FILES, countingOptions: { dropListedStats?: boolean } = {}) {
  const workspace = await createTempWorkspace({ files });
  const cacheHome = await createTempWorkspace();
  const cache = createJsonIndexCache({ directory: cacheHome.path('retrieval-index') });
  const { runtime, reads, kinds } = await openCounting(workspace, countingOptions);
  const buildWith = (otherCache: RetrievalIndexCache, clock = LATER) => buildRetrievalIndex({ runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [], cache: otherCache, clock });
  const build = (clock = LATER) => buildWith(cache, clock);
  const entryFile = cacheHome.path(`retrieval-index/${retrievalCacheKeyOf(workspace.root)}.bin`);
  return {
    workspace,
    cache,
    reads,
    kinds,
    build,
    buildWith,
    entryFile,
    cacheFileOf: (root: string) => cacheHome.path(`retrieval-index/${retrievalCacheKeyOf(root)}.bin`),
    async [Symbol.asyncDispose]() {
      await workspace.dispose();
      await cacheHome.dispose();
    },
  };
}

/** A section of a cache entry as a view onto `bytes` (laid out as index-segment writes it: prefix, JSON header, 8-byte aligned sections). */
function sectionOf(bytes: Buffer, name: string): Int32Array {
  const prefix = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
  const header = JSON.parse(bytes.subarray(16, 16 + prefix[3]!).toString('utf8')) as { sections: { name: string; length: number }[] };
  const sizes: Record<string, number> = { fileSizes: 8, fileMtimes: 8, counts: 2, vocabularyText: 1, declaredText: 1, pathWordText: 1 };
  let offset = Math.ceil((16 + prefix[3]!) / 8) * 8;
  for (const section of header.sections) {
    if (section.name === name) return new Int32Array(bytes.buffer, bytes.byteOffset + offset, section.length);
    offset = Math.ceil((offset + section.length * (sizes[section.name] ?? 4)) / 8) * 8;
  }
  throw new Error(`no section ${name}`);
}

const termsOf = (index: Awaited<ReturnType<typeof buildRetrievalIndex>>) => index.documents.map((document) => [document.path, [...termCountsOf(document, 'identifiers')], document.declaredNames, document.imports]);

describe('buildRetrievalIndex with a cache', () => {
  it('reads nothing again for an unchanged workspace, and gives the same index', async () => {
    await using setup = await setUp();
    const first = await setup.build();
    expect(first.files).toEqual({ cached: 0, read: 3 });
    expect(fs.existsSync(setup.entryFile)).toBe(true);
    setup.reads.length = 0;
    const second = await setup.build();
    expect(setup.reads).toEqual([]);
    expect(second.files).toEqual({ cached: 3, read: 0 });
    expect(termsOf(second)).toEqual(termsOf(first));
    // The postings built from the cached vocabulary rank exactly as those built from the files.
    for (const goal of ['the token store does not expire keys', 'invoiceTotal counts lines']) expect(rankByGoal(second, goal)).toEqual(rankByGoal(first, goal));
    expect(second.documents.find((document) => document.path === 'src/invoice.ts')!.imports).toEqual(['./token-store.js']);
    // The minified file is remembered as such, not read again to find out.
    expect(second.notes).toEqual(['1 minified file not indexed']);
    expect(second.warnings).toEqual([]);
  });

  it('tells its progress, files done of those chosen, from 0 to the total (told once), cold (a batch at a time) and warm (a file at a time)', async () => {
    await using setup = await setUp();
    const { runtime } = await openCounting(setup.workspace);
    for (const round of ['cold', 'warm']) {
      const told: [number, number][] = [];
      await buildRetrievalIndex({ runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [], cache: setup.cache, clock: LATER, onProgress: (done, total) => told.push([done, total]) });
      expect(told, round).toEqual(round === 'cold' ? [[0, 3], [3, 3]] : [[0, 3], [1, 3], [2, 3], [3, 3]]);
    }
  });

  it('takes sizes and mtimes from the listing: a warm build is one fs.list and no fs.stat or fs.readFile', async () => {
    await using setup = await setUp();
    await setup.build();
    expect(setup.kinds.filter((kind) => kind === 'fs.stat')).toEqual([]);
    setup.kinds.length = 0;
    expect((await setup.build()).files).toEqual({ cached: 3, read: 0 });
    expect(setup.kinds).toEqual(['fs.list']);
  });

  it('stats each file with fs.stat when the listing comes without stats, and still reads nothing again', async () => {
    await using setup = await setUp(FILES, { dropListedStats: true });
    const first = await setup.build();
    expect(setup.kinds.filter((kind) => kind === 'fs.stat')).toHaveLength(3);
    setup.kinds.length = 0;
    const second = await setup.build();
    expect(second.files).toEqual({ cached: 3, read: 0 });
    expect(setup.kinds.sort()).toEqual(['fs.list', 'fs.stat', 'fs.stat', 'fs.stat']);
    expect(termsOf(second)).toEqual(termsOf(first));
  });

  it('leaves out a cached file that a deny rule added since forbids reading', async () => {
    await using setup = await setUp();
    await setup.build();
    const opened = await openWorkspace({
      cwd: setup.workspace.root,
      env: { ...process.env, XDG_CONFIG_HOME: setup.workspace.path('.xdg') },
      cliConfig: { permissions: { deny: ['Read(src/token-store.ts)'] } },
    });
    const index = await buildRetrievalIndex({ runtime: opened.runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [], cache: setup.cache, clock: LATER });
    expect(index.documents.map((document) => document.path)).toEqual(['src/invoice.ts']);
    expect(index.notes).toEqual(['1 minified file not indexed', '1 unreadable file not indexed']);
  });

  it('reads only the changed and the added file, and forgets the removed one', async () => {
    await using setup = await setUp({ ...FILES, 'src/ledger.ts': 'export function ledgerBalance(entries: number[]) {\n  return entries.length;\n}\n' });
    await setup.build();
    setup.workspace.write('src/invoice.ts', 'export function invoiceTotalWithTax(lines: number[], taxRate: number) {\n  return lines.length * taxRate;\n}\n');
    setup.workspace.write('src/refund.ts', 'export const refundPolicy = 30;\n');
    fs.rmSync(setup.workspace.path('src/token-store.ts'));
    setup.reads.length = 0;
    const index = await setup.build();
    expect(setup.reads.sort()).toEqual(['src/invoice.ts', 'src/refund.ts']);
    expect(index.files).toEqual({ cached: 2, read: 2 });
    expect(index.documents.map((document) => document.path)).toEqual(['src/invoice.ts', 'src/ledger.ts', 'src/refund.ts']);
    expect(index.documents[0]!.declaredNames).toEqual(['invoiceTotalWithTax']);
    // Cached and fresh documents mixed rank exactly as an index built from the files alone.
    const uncached = await buildRetrievalIndex({ runtime: (await openCounting(setup.workspace)).runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [], clock: LATER });
    expect(termsOf(index)).toEqual(termsOf(uncached));
    for (const goal of ['the refund policy is 30 days', 'invoice total with tax rate', 'the ledger balance counts entries']) expect(rankByGoal(index, goal)).toEqual(rankByGoal(uncached, goal));
    setup.reads.length = 0;
    expect((await setup.build()).files).toEqual({ cached: 4, read: 0 });
  });

  it('takes the segment a cache keeps in memory instead of reading and decoding the entry, and still sees an edit', async () => {
    await using setup = await setUp();
    const retained = new Map<string, Segment>();
    const entryReads: string[] = [];
    const remembering: RetrievalIndexCache = {
      ...setup.cache,
      read: (key) => {
        entryReads.push(key);
        return setup.cache.read(key);
      },
      recall: (key) => retained.get(key),
      retain: (key, segment) => void retained.set(key, segment),
    };
    const first = await setup.buildWith(remembering);
    expect(entryReads).toHaveLength(1);
    expect([...retained.keys()]).toEqual(entryReads);
    setup.reads.length = 0;
    const second = await setup.buildWith(remembering);
    expect(entryReads).toHaveLength(1);
    expect(setup.reads).toEqual([]);
    expect(second.files).toEqual({ cached: 3, read: 0 });
    expect(termsOf(second)).toEqual(termsOf(first));
    for (const goal of ['the token store does not expire keys', 'invoiceTotal counts lines']) expect(rankByGoal(second, goal)).toEqual(rankByGoal(first, goal));

    setup.workspace.write('src/invoice.ts', 'export function invoiceTotalWithTax(lines: number[], taxRate: number) {\n  return lines.length * taxRate;\n}\n');
    const edited = await setup.buildWith(remembering);
    expect(entryReads).toHaveLength(1);
    expect(setup.reads).toEqual(['src/invoice.ts']);
    expect(edited.files).toEqual({ cached: 2, read: 1 });
    // The segment kept after the edit is the entry written: a build from the disk alone gives the same index.
    setup.reads.length = 0;
    const fromDisk = await setup.build();
    expect(setup.reads).toEqual([]);
    expect(termsOf(fromDisk)).toEqual(termsOf(edited));
    for (const goal of ['invoice total with tax rate', 'the token store does not expire keys']) expect(rankByGoal(fromDisk, goal)).toEqual(rankByGoal(edited, goal));
    expect((await setup.buildWith(remembering)).files).toEqual({ cached: 3, read: 0 });
    expect(setup.reads).toEqual([]);
  });

  it('reads a file again when its mtime is too close to the build that cached it', async () => {
    await using setup = await setUp();
    // Built "now": the files were written within the racy window, so their cached documents are not trusted yet.
    await setup.build({ now: () => Date.now() });
    setup.reads.length = 0;
    expect((await setup.build()).files).toEqual({ cached: 0, read: 3 });
    expect((await setup.build()).files).toEqual({ cached: 3, read: 0 });
  });

  it.each([
    ['a torn write', (file: string) => fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 100)), /^the retrieval index cache entry is corrupt; the index is rebuilt$/],
    ['a foreign file', (file: string) => fs.writeFileSync(file, '{"files": 3}'), /^the retrieval index cache entry is corrupt; the index is rebuilt$/],
    [
      'a posting that names no document',
      (file: string) => {
        // The last word of the postings section: a document number past the end.
        const bytes = fs.readFileSync(file);
        const postingEntries = sectionOf(bytes, 'postingEntries');
        postingEntries[postingEntries.length - 2] = 1_000;
        fs.writeFileSync(file, bytes);
      },
      /^the retrieval index cache entry is corrupt; the index is rebuilt$/,
    ],
    [
      'an older format version',
      (file: string) => {
        const bytes = fs.readFileSync(file);
        new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[2] = RETRIEVAL_INDEX_FORMAT_VERSION - 1;
        fs.writeFileSync(file, bytes);
      },
      /^the retrieval index cache is from another version of brass-agent; the index is rebuilt$/,
    ],
  ])('rebuilds from the files, with a warning, over %s', async (_name, damage, warning) => {
    await using setup = await setUp();
    const first = await setup.build();
    damage(setup.entryFile);
    const rebuilt = await setup.build();
    expect(rebuilt.warnings).toEqual([expect.stringMatching(warning)]);
    expect(rebuilt.files).toEqual({ cached: 0, read: 3 });
    expect(termsOf(rebuilt)).toEqual(termsOf(first));
    // The rebuilt entry replaced the bad one.
    expect('segment' in decodeSegment(fs.readFileSync(setup.entryFile))).toBe(true);
    const after = await setup.build();
    expect(after.warnings).toEqual([]);
    expect(after.files).toEqual({ cached: 3, read: 0 });
  });

  it('ignores an entry written for another workspace', async () => {
    await using setup = await setUp();
    await setup.build();
    // The same entry moved to this workspace's slot from another one's: its root names the other workspace.
    await using other = await createTempWorkspace({ files: FILES });
    const { runtime } = await openCounting(other);
    await buildRetrievalIndex({ runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: [], cache: setup.cache, clock: LATER });
    fs.copyFileSync(setup.cacheFileOf(other.root), setup.entryFile);
    const index = await setup.build();
    expect(index.warnings).toEqual([]);
    expect(index.files).toEqual({ cached: 0, read: 3 });
  });

  it('builds the index, with a warning, when the cache cannot be written', async () => {
    await using setup = await setUp();
    await using blocker = await createTempWorkspace({ files: { 'file': 'a file where the cache directory should be' } });
    const index = await buildRetrievalIndex({
      runtime: (await openCounting(setup.workspace)).runtime,
      filter: createPathFilter({ excludeGlobs: [] }),
      globs: [],
      cache: createJsonIndexCache({ directory: blocker.path('file/retrieval-index') }),
    });
    expect(index.documents).toHaveLength(2);
    expect(index.warnings).toEqual([expect.stringMatching(/^the retrieval index cache could not be written \(.*ENOTDIR.*\); the next run reads every file again$/)]);
  });
});
