import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startMcpServer, textOf } from './support/mcp-client.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 21: the MCP server keeps the docs map and discovery's retrieval
// index between calls. What it keeps must never hide a change on disk: each
// case calls, changes the workspace, and calls again on the same server.

/** An hour ago: files stamped then are outside the index's racy-mtime window, so only their stamps can tell an edit. */
const AN_HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000);

const TREE = {
  'package.json': JSON.stringify({ name: 'cache-fixture' }),
  'src/ledger.ts': 'export function postLedgerEntry(amount: number): number {\n  return amount;\n}\n',
  'src/report.ts': 'export function renderReport(rows: string[]): string {\n  return rows.join("\\n");\n}\n',
  'src/session.ts': 'export function openSession(id: string): string {\n  return id;\n}\n',
  'docs/guides/index.md': '---\ntitle: Guides\n---\n# Guides\n',
  'docs/guides/install.md': '---\ntitle: Installing\n---\n# Installing\nRun npm install and configure the database connection.\n',
  'docs/guides/broken.md': '---\ntitle: [unclosed\n---\n# Broken\nA page whose frontmatter does not parse.\n',
};

async function fixture(): Promise<{ workspace: TempWorkspace; home: TempWorkspace } & AsyncDisposable> {
  const workspace = await createTempWorkspace({ git: true, files: TREE });
  for (const relative of Object.keys(TREE)) fs.utimesSync(workspace.path(relative), AN_HOUR_AGO, AN_HOUR_AGO);
  const home = await createTempWorkspace();
  return {
    workspace,
    home,
    [Symbol.asyncDispose]: async () => {
      await workspace.dispose();
      await home.dispose();
    },
  };
}

/** Rewrites a file and stamps it half an hour ago: another size and mtime, still outside the racy window. */
function edit(workspace: TempWorkspace, relative: string, content: string): void {
  workspace.write(relative, content);
  const halfAnHourAgo = new Date(Date.now() - 30 * 60 * 1000);
  fs.utimesSync(workspace.path(relative), halfAnHourAgo, halfAnHourAgo);
}

const filesOf = (text: string): string[] => [...text.matchAll(/^==> (.+) <==$/gm)].map((match) => match[1]!);
const targetsOf = (text: string): string[] => (JSON.parse(text) as { results: { target: string }[] }).results.map((result) => result.target);

describe.concurrent('brass-agent mcp keeps its indexes between calls, never past a change (issue 21)', () => {
  it('discover_context ranks a file edited between two calls by its new content', async () => {
    await using files = await fixture();
    await using server = await startMcpServer(files.workspace, files.home);
    const goal = 'the pelican migration schedule drifts';
    expect(filesOf(textOf(await server.call('discover_context', { goal })))).not.toContain('src/report.ts');

    edit(files.workspace, 'src/report.ts', '// Pelican migration schedule: when the flock leaves.\nexport function pelicanMigrationSchedule(): string[] {\n  return ["spring"];\n}\n');
    const after = await server.call('discover_context', { goal });
    expect(after.isError).toBeFalsy();
    expect(filesOf(textOf(after))[0]).toBe('src/report.ts');

    // And back: the old content is ranked again, not a remembered one.
    edit(files.workspace, 'src/report.ts', TREE['src/report.ts']);
    expect(filesOf(textOf(await server.call('discover_context', { goal })))).not.toContain('src/report.ts');
  });

  it('discover_context sees a file added and one removed between calls', async () => {
    await using files = await fixture();
    await using server = await startMcpServer(files.workspace, files.home);
    const goal = 'where is the walrus feeding timetable';
    expect(filesOf(textOf(await server.call('discover_context', { goal })))).not.toContain('src/walrus.ts');

    edit(files.workspace, 'src/walrus.ts', '// The walrus feeding timetable.\nexport const walrusFeedingTimetable = ["noon"];\n');
    expect(filesOf(textOf(await server.call('discover_context', { goal })))).toContain('src/walrus.ts');

    fs.rmSync(files.workspace.path('src/walrus.ts'));
    expect(filesOf(textOf(await server.call('discover_context', { goal })))).not.toContain('src/walrus.ts');
  });

  it('docs_map finds a page added, an edit and a removal between calls', async () => {
    await using files = await fixture();
    await using server = await startMcpServer(files.workspace, files.home);
    expect(targetsOf(textOf(await server.call('docs_map', { search: 'database connection' })))[0]).toBe('guides/install');
    expect(targetsOf(textOf(await server.call('docs_map', { search: 'rotate the signing keys' })))).not.toContain('guides/keys');

    edit(files.workspace, 'docs/guides/keys.md', '---\ntitle: Keys\n---\n# Keys\nRotate the signing keys every month.\n');
    expect(targetsOf(textOf(await server.call('docs_map', { search: 'rotate the signing keys' })))[0]).toBe('guides/keys');

    edit(files.workspace, 'docs/guides/install.md', '---\ntitle: Installing\n---\n# Installing\nDownload the tarball and unpack the archive.\n');
    expect(targetsOf(textOf(await server.call('docs_map', { search: 'unpack the archive' })))[0]).toBe('guides/install');
    const page = (await server.call('docs_map', { target: 'guides/install' })).structuredContent as { body: string };
    expect(page.body).toContain('Download the tarball');
    expect(page.body).not.toContain('database connection');

    fs.rmSync(files.workspace.path('docs/guides/keys.md'));
    const gone = await server.call('docs_map', { target: 'guides/keys' });
    expect(gone.isError).toBe(true);
    expect(textOf(gone)).toContain('guides/keys');
  });

  it.each([
    { name: 'watched', hasSymlink: false },
    // A symlinked page is out of the watch's sight: every call lists the pages again.
    { name: 'listed every call (a symlink in the docs)', hasSymlink: true },
  ])('docs_map sees a page edited, added or removed just before each call, round after round ($name)', async ({ hasSymlink }) => {
    await using files = await fixture();
    if (hasSymlink) fs.symlinkSync('../../src/ledger.ts', files.workspace.path('docs/guides/ledger.md'));
    await using server = await startMcpServer(files.workspace, files.home);
    const pagesOf = async (): Promise<string[]> => ((await server.call('docs_map', { target: 'guides' })).structuredContent as { pages: { target: string }[] }).pages.map((page) => page.target);
    expect(await pagesOf()).toContain('guides/install');
    for (let round = 0; round < 20; round += 1) {
      // No wait between a change and the call: the call must see it (the watch lets queued events in first).
      files.workspace.write(`docs/guides/extra-${round}.md`, `# Extra ${round}\n`);
      if (round > 0) fs.rmSync(files.workspace.path(`docs/guides/extra-${round - 1}.md`));
      const pages = await pagesOf();
      expect(pages).toContain(`guides/extra-${round}`);
      expect(pages).not.toContain(`guides/extra-${round - 1}`);
      // The same size every round: only the change itself can tell.
      files.workspace.write('docs/guides/install.md', `# Installing\nRound ${round % 10}.\n`);
      const page = (await server.call('docs_map', { target: 'guides/install' })).structuredContent as { body: string };
      expect(page.body).toContain(`Round ${round % 10}.`);
    }
  });

  it('keeps the docs map while nothing changed: its warnings are logged once, not per call', async () => {
    await using files = await fixture();
    await using server = await startMcpServer(files.workspace, files.home);
    for (const search of ['database connection', 'install', 'guides']) expect((await server.call('docs_map', { search })).isError).toBeFalsy();
    expect(server.stderr().split('docs/guides/broken.md').length - 1).toBe(1);

    // A change opens a new map, which warns again.
    edit(files.workspace, 'docs/guides/index.md', '---\ntitle: Guides\n---\n# Guides\nEvery guide.\n');
    expect((await server.call('docs_map')).isError).toBeFalsy();
    expect(server.stderr().split('docs/guides/broken.md').length - 1).toBe(2);
  });
});
