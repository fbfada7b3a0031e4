import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import type { AgentAction, Runtime } from '../../core/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createDocsMap } from './create-docs-map.js';
import { createFileDocsCache } from '../../adapters/docs-cache/index.js';
import type { DocsIndexCache } from './docs-index-cache.js';
import { STALE_ENTRY_MIN_AGE_MS, cacheSlotOf } from './docs-index-cache-io.js';
import { DOCS_INDEX_FORMAT_VERSION, isStaleDocsIndexEntry } from './encode-docs-index.js';

/** An in-memory cache that records every call. */
function recordingCache(): DocsIndexCache & { entries: Map<string, Uint8Array>; writes: Uint8Array[]; reads: number } {
  const entries = new Map<string, Uint8Array>();
  const cache = {
    entries,
    writes: [] as Uint8Array[],
    reads: 0,
    async read(slot: string) {
      cache.reads += 1;
      return entries.get(slot) ?? null;
    },
    async write(slot: string, data: Uint8Array) {
      cache.writes.push(data);
      entries.set(slot, data);
    },
  };
  return cache;
}

/** The workspace's runtime, counting the actions that pass through it. */
async function countingRuntime(workspace: TempWorkspace): Promise<{ runtime: Runtime; counts: Map<string, number> }> {
  const opened = await openWorkspace({ cwd: workspace.root, env: { PATH: process.env.PATH, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  const counts = new Map<string, number>();
  const runtime: Runtime = {
    scope: opened.runtime.scope,
    execute: <A extends AgentAction>(action: A) => {
      counts.set(action.kind, (counts.get(action.kind) ?? 0) + 1);
      return opened.runtime.execute(action);
    },
  };
  return { runtime, counts };
}

function pages(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`docs/area${index % 3}/page${index}.md`, `# Page ${index}\n\nAbout topic${index}.\n`]));
}

describe('the docs index cache', () => {
  it('loads an unchanged corpus from the cache without reading a page, and rebuilds after a change', async () => {
    await using workspace = await createTempWorkspace({ files: pages(12) });
    const cache = recordingCache();
    const first = await countingRuntime(workspace);
    const built = await createDocsMap({ runtime: first.runtime, dirs: ['docs'], cache });
    expect(built.isFromCache).toBe(false);
    expect(first.counts.get('fs.readFile')).toBe(12);
    expect(cache.writes).toHaveLength(1);

    const second = await countingRuntime(workspace);
    const loaded = await createDocsMap({ runtime: second.runtime, dirs: ['docs'], cache });
    expect(loaded.isFromCache).toBe(true);
    expect(second.counts.get('fs.readFile') ?? 0).toBe(0);
    expect(cache.writes).toHaveLength(1);
    expect(loaded.regions()).toEqual(built.regions());
    expect((await loaded.search('topic7')).results[0]?.target).toBe('area1/page7');

    workspace.write('docs/area0/page0.md', '# Page 0\n\nNow about bananas.\n');
    const third = await countingRuntime(workspace);
    const rebuilt = await createDocsMap({ runtime: third.runtime, dirs: ['docs'], cache });
    expect(rebuilt.isFromCache).toBe(false);
    expect((await rebuilt.search('bananas')).results.map((hit) => hit.target)).toEqual(['area0/page0']);
    expect(cache.writes).toHaveLength(2);
  });

  it('searches from the cache without reading a page: ranking, section and snippet come from the entry (issue 20)', async () => {
    await using workspace = await createTempWorkspace({
      files: { ...pages(6), 'docs/area0/proxy.md': '# Server\n\n## Proxy rules\n\nForward API requests to the backend during development.\n' },
    });
    const cache = recordingCache();
    const built = await createDocsMap({ runtime: (await countingRuntime(workspace)).runtime, dirs: ['docs'], cache });
    const warm = await countingRuntime(workspace);
    const loaded = await createDocsMap({ runtime: warm.runtime, dirs: ['docs'], cache });
    expect(loaded.isFromCache).toBe(true);
    const found = await loaded.search('forward requests to the backend');
    expect(warm.counts.get('fs.readFile') ?? 0).toBe(0);
    expect(found.results[0]).toMatchObject({ target: 'area0/proxy', heading: 'Proxy rules', anchor: 'proxy-rules' });
    expect(found).toEqual(await built.search('forward requests to the backend'));
  });

  it('tells its progress while it builds the index (pages done of the total, 0 first and the total last), and nothing when the index comes from the cache', async () => {
    await using workspace = await createTempWorkspace({ files: pages(40) });
    const cache = recordingCache();
    const told: [number, number][] = [];
    await createDocsMap({ runtime: (await countingRuntime(workspace)).runtime, dirs: ['docs'], cache, onProgress: (done, total) => told.push([done, total]) });
    expect(told[0]).toEqual([0, 40]);
    expect(told.at(-1)).toEqual([40, 40]);
    expect(told.filter(([done]) => done === 40)).toHaveLength(1);
    expect(told.every(([done, total], at) => total === 40 && (at === 0 || done >= told[at - 1]![0]))).toBe(true);
    expect(told.length).toBeGreaterThan(10);
    told.length = 0;
    await createDocsMap({ runtime: (await countingRuntime(workspace)).runtime, dirs: ['docs'], cache, onProgress: (done, total) => told.push([done, total]) });
    expect(told).toEqual([]);
  });

  it('rebuilds from a corrupt entry and from a cache that fails, with a warning', async () => {
    await using workspace = await createTempWorkspace({ files: pages(3) });
    const cache = recordingCache();
    const { runtime } = await countingRuntime(workspace);
    await createDocsMap({ runtime, dirs: ['docs'], cache });
    for (const slot of cache.entries.keys()) cache.entries.set(slot, new Uint8Array([1, 2, 3, 4, 5]));
    const fromCorrupt = await createDocsMap({ runtime, dirs: ['docs'], cache });
    expect(fromCorrupt.isFromCache).toBe(false);
    expect(fromCorrupt.warnings).toEqual(['the docs index cache entry is corrupt or from another version; the index is rebuilt']);

    const failing: DocsIndexCache = {
      read: async () => Promise.reject(new Error('disk on fire')),
      write: async () => Promise.reject(new Error('read-only filesystem')),
    };
    const fromFailing = await createDocsMap({ runtime, dirs: ['docs'], cache: failing });
    expect(fromFailing.pageCount).toBe(3);
    expect(fromFailing.warnings).toEqual([
      'the docs index cache could not be read (disk on fire); the index is rebuilt',
      'the docs index cache could not be written (read-only filesystem); the next run rebuilds the index',
    ]);
  });

  it('repeats the build warnings, target clashes first, when the index comes from the cache (which assigns no targets)', async () => {
    await using workspace = await createTempWorkspace({
      files: { 'docs/bad.md': '---\n: [\n---\ntext\n', 'docs/guide.md': '# Guide\n', 'docs/guide/index.md': '# Guide index\n', 'docs/guide/README.md': '# Guide readme\n', 'docs/guide/README/index.md': '# Taken\n' },
    });
    const cache = recordingCache();
    const { runtime } = await countingRuntime(workspace);
    const built = await createDocsMap({ runtime, dirs: ['docs'], cache });
    const loaded = await createDocsMap({ runtime, dirs: ['docs'], cache });
    expect(loaded.isFromCache).toBe(true);
    expect(loaded.warnings).toEqual(built.warnings);
    expect(built.warnings).toHaveLength(3);
    expect(built.warnings[0]).toMatch(/^docs\/guide\/README\.md: left out, because/);
    expect(built.warnings[1]).toMatch(/^docs\/guide\.md: left out, because/);
    expect(built.warnings[2]).toMatch(/^docs\/bad\.md: /);
    expect(loaded.resolve('guide')).toEqual(built.resolve('guide'));
  });

  it('removes the entries of other format versions not written for two weeks when it writes one, and keeps everything else', async () => {
    await using workspace = await createTempWorkspace({ files: pages(3) });
    await using cacheRoot = await createTempWorkspace();
    const cache = createFileDocsCache({ directory: cacheRoot.path('docs-index') });
    await cache.write('a'.repeat(32), new TextEncoder().encode('an entry of another program'));
    const header = (version: number) => new Uint8Array(new Uint32Array([0x42444d31, 0x01020304, version, 0]).buffer);
    await cache.write('b'.repeat(32), header(DOCS_INDEX_FORMAT_VERSION - 1)); // what an older brass-agent left, long ago
    await cache.write('c'.repeat(32), header(DOCS_INDEX_FORMAT_VERSION - 1)); // an older brass-agent still in use here
    const longAgo = new Date(Date.now() - STALE_ENTRY_MIN_AGE_MS - 60_000);
    fs.utimesSync(cacheRoot.path(`docs-index/${'b'.repeat(32)}.bin`), longAgo, longAgo);
    expect(isStaleDocsIndexEntry(header(DOCS_INDEX_FORMAT_VERSION - 1))).toBe(true);
    expect(isStaleDocsIndexEntry(header(DOCS_INDEX_FORMAT_VERSION))).toBe(false);
    const { runtime } = await countingRuntime(workspace);
    await createDocsMap({ runtime, dirs: ['docs'], cache });
    const names = fs.readdirSync(cacheRoot.path('docs-index'));
    expect(names).toContain(`${'a'.repeat(32)}.bin`);
    expect(names).not.toContain(`${'b'.repeat(32)}.bin`);
    expect(names).toContain(`${'c'.repeat(32)}.bin`);
    expect(names).toHaveLength(3); // the other program's entry, the recent old-version one and the one just written
  });

  it('names one slot per workspace and docs setup, and never serves an entry to another workspace that shares its slot', async () => {
    const key = { root: '/work/a', dirs: ['docs'], files: [], maxPageBytes: 1000 };
    expect(cacheSlotOf(key)).toMatch(/^[0-9a-f]{16}$/);
    expect(cacheSlotOf({ ...key })).toBe(cacheSlotOf(key));
    const others = [{ ...key, root: '/work/b' }, { ...key, dirs: ['guides'] }, { ...key, dirs: ['docs', 'guides'] }, { ...key, maxPageBytes: 999 }];
    expect(new Set([key, ...others].map(cacheSlotOf)).size).toBe(5);

    // Two workspaces with the same pages (paths, sizes and mtimes), and a cache that gives every slot the one entry it holds.
    await using first = await createTempWorkspace({ files: pages(4) });
    await using second = await createTempWorkspace({ files: pages(4) });
    const mtime = new Date('2026-01-02T03:04:05Z');
    for (const workspace of [first, second]) for (const file of Object.keys(pages(4))) fs.utimesSync(workspace.path(file), mtime, mtime);
    let stored: Uint8Array | null = null;
    const sharedSlot: DocsIndexCache = {
      read: async () => stored,
      write: async (_slot, data) => {
        stored = data;
      },
    };
    await createDocsMap({ runtime: (await countingRuntime(first)).runtime, dirs: ['docs'], cache: sharedSlot });
    expect((await createDocsMap({ runtime: (await countingRuntime(first)).runtime, dirs: ['docs'], cache: sharedSlot })).isFromCache).toBe(true);
    const other = await countingRuntime(second);
    const fromOther = await createDocsMap({ runtime: other.runtime, dirs: ['docs'], cache: sharedSlot });
    expect(fromOther.isFromCache).toBe(false);
    expect(other.counts.get('fs.readFile')).toBe(4);
  });
});

describe('reuse (a map kept between calls, as the MCP server does)', () => {
  /** Writes a page stamped `minutesAgo` minutes ago: outside the racy window, with its own mtime. */
  const writeStamped = (workspace: TempWorkspace, relative: string, content: string, minutesAgo: number) => {
    workspace.write(relative, content);
    const stamp = new Date(Date.now() - minutesAgo * 60_000);
    fs.utimesSync(workspace.path(relative), stamp, stamp);
  };

  it('returns the kept map while every page has the same size and mtime, and a new one after an edit, an addition or a removal', async () => {
    await using workspace = await createTempWorkspace();
    for (const [relative, content] of Object.entries(pages(4))) writeStamped(workspace, relative, content, 60);
    const { runtime, counts } = await countingRuntime(workspace);
    const first = await createDocsMap({ runtime, dirs: ['docs'] });
    const readsAfterBuild = counts.get('fs.readFile') ?? 0;
    const kept = await createDocsMap({ runtime, dirs: ['docs'], reuse: first });
    expect(kept).toBe(first);
    expect(counts.get('fs.readFile') ?? 0).toBe(readsAfterBuild);

    writeStamped(workspace, 'docs/area0/page0.md', '# Page 0\n\nAbout something else entirely.\n', 50);
    const edited = await createDocsMap({ runtime, dirs: ['docs'], reuse: kept });
    expect(edited).not.toBe(first);
    expect((await edited.search('something else')).results[0]?.target).toBe('area0/page0');
    expect(await createDocsMap({ runtime, dirs: ['docs'], reuse: edited })).toBe(edited);

    writeStamped(workspace, 'docs/area1/new.md', '# New\n\nAbout a pangolin.\n', 40);
    const added = await createDocsMap({ runtime, dirs: ['docs'], reuse: edited });
    expect(added).not.toBe(edited);
    expect((await added.search('pangolin')).results[0]?.target).toBe('area1/new');

    fs.rmSync(workspace.path('docs/area1/new.md'));
    const removed = await createDocsMap({ runtime, dirs: ['docs'], reuse: added });
    expect(removed).not.toBe(added);
    expect(removed.resolve('area1/new').ok).toBe(false);
    // Another setup (here the page size limit) never reuses a map opened for a different one.
    expect(await createDocsMap({ runtime, dirs: ['docs'], maxPageBytes: 10, reuse: removed })).not.toBe(removed);
  });

  it('opens a new map when a site config file changed while the pages did not (a category label)', async () => {
    await using workspace = await createTempWorkspace();
    for (const [relative, content] of Object.entries(pages(2))) writeStamped(workspace, relative, content, 60);
    writeStamped(workspace, 'docs/area0/_category_.json', JSON.stringify({ label: 'First label' }), 60);
    const { runtime } = await countingRuntime(workspace);
    const first = await createDocsMap({ runtime, dirs: ['docs'] });
    expect(first.regions().regions.find((region) => region.target === 'area0')?.title).toBe('First label');
    expect(await createDocsMap({ runtime, dirs: ['docs'], reuse: first })).toBe(first);

    writeStamped(workspace, 'docs/area0/_category_.json', JSON.stringify({ label: 'Other label' }), 60);
    const relabelled = await createDocsMap({ runtime, dirs: ['docs'], reuse: first });
    expect(relabelled).not.toBe(first);
    expect(relabelled.regions().regions.find((region) => region.target === 'area0')?.title).toBe('Other label');
  });

  it('checks a kept map with one listing and a few stats while nothing changed, and still sees a new site config, an edited one and an edited ignore file', async () => {
    await using workspace = await createTempWorkspace();
    for (const [relative, content] of Object.entries(pages(3))) writeStamped(workspace, relative, content, 60);
    writeStamped(workspace, 'docs/area0/_category_.json', JSON.stringify({ label: 'First label' }), 60);
    writeStamped(workspace, '.gitignore', 'node_modules\n', 60);
    /** Stamps every directory `minutesAgo` minutes ago, as an untouched tree is. */
    const stampDirectories = (minutesAgo: number) => {
      const stamp = new Date(Date.now() - minutesAgo * 60_000);
      for (const directory of ['.', 'docs', 'docs/area0', 'docs/area1', 'docs/area2']) fs.utimesSync(workspace.path(directory), stamp, stamp);
    };
    stampDirectories(60);
    const { runtime, counts } = await countingRuntime(workspace);
    const first = await createDocsMap({ runtime, dirs: ['docs'] });
    counts.clear();
    expect(await createDocsMap({ runtime, dirs: ['docs'], reuse: first })).toBe(first);
    // The pages' listing, and no listing or read of the site directories and their configs.
    expect(counts.get('fs.list')).toBe(1);
    expect(counts.get('fs.readFile') ?? 0).toBe(0);

    // A new sidebars.json: its directory's mtime moves (stamped in the past again, so only the mtime tells).
    writeStamped(workspace, 'sidebars.json', JSON.stringify({ docs: [{ type: 'category', label: 'Area One', items: ['area1/page1'] }] }), 60);
    stampDirectories(50);
    const withSidebar = await createDocsMap({ runtime, dirs: ['docs'], reuse: first });
    expect(withSidebar).not.toBe(first);
    expect(withSidebar.regions().regions.find((region) => region.target === 'area1')?.title).toBe('Area One');
    expect(await createDocsMap({ runtime, dirs: ['docs'], reuse: withSidebar })).toBe(withSidebar);

    writeStamped(workspace, 'sidebars.json', JSON.stringify({ docs: [{ type: 'category', label: 'Area Uno', items: ['area1/page1'] }] }), 40);
    const relabelled = await createDocsMap({ runtime, dirs: ['docs'], reuse: withSidebar });
    expect(relabelled).not.toBe(withSidebar);
    expect(relabelled.regions().regions.find((region) => region.target === 'area1')?.title).toBe('Area Uno');

    // An ignore file edited in place changes what the site listing shows, not its directory's mtime.
    writeStamped(workspace, '.gitignore', 'node_modules\nsidebars.json\n', 30);
    const ignored = await createDocsMap({ runtime, dirs: ['docs'], reuse: relabelled });
    expect(ignored).not.toBe(relabelled);
    expect(ignored.regions().regions.find((region) => region.target === 'area1')?.title).toBe('area1');
  });

  it('never keeps a map listed while a page was just modified: a same-size edit in the same mtime tick would look unchanged', async () => {
    await using workspace = await createTempWorkspace({ files: pages(2) });
    const { runtime } = await countingRuntime(workspace);
    const first = await createDocsMap({ runtime, dirs: ['docs'] });
    expect(await createDocsMap({ runtime, dirs: ['docs'], reuse: first })).not.toBe(first);
  });
});

describe('privacy', () => {
  it('never writes a query to the cache or the workspace', async () => {
    await using workspace = await createTempWorkspace({ files: pages(5) });
    const cache = recordingCache();
    const { runtime, counts } = await countingRuntime(workspace);
    const before = snapshot(workspace.root);
    const map = await createDocsMap({ runtime, dirs: ['docs'], cache });
    const writesAfterBuild = cache.writes.length;
    const marker = 'qzxprivatemarker';
    for (const query of [`${marker} topic3`, `how do I ${marker}`, `${marker}.secret.name`]) {
      await map.search(query);
      await map.search(query, { scope: 'area1' });
    }
    expect(cache.writes).toHaveLength(writesAfterBuild);
    for (const data of cache.writes) expect(Buffer.from(data).toString('latin1')).not.toContain(marker);
    // A fresh map from the cache, then searches: still nothing written anywhere.
    const again = await createDocsMap({ runtime, dirs: ['docs'], cache });
    await again.search(marker);
    expect(cache.writes).toHaveLength(writesAfterBuild);
    expect(counts.get('patch.apply') ?? 0).toBe(0);
    expect(snapshot(workspace.root)).toEqual(before);
  });
});

/** Every file under a directory with its content, for "nothing changed" checks. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = `${entry.parentPath}/${entry.name}`;
    files[full] = fs.readFileSync(full, 'latin1');
  }
  return files;
}
