import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { InvalidInputError } from '../../core/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createDocsMap } from './create-docs-map.js';
import { DocsTargetError } from './docs-target-error.js';

const GUIDES = {
  'docs/guides/index.md': '---\ntitle: Guides\ndescription: Task-oriented guides.\n---\n# Guides\n\nStart here.\n',
  'docs/guides/install.md': '---\naliases: [setup, /old/installing]\n---\n# Install\n\nRun `npm install brass-agent` to install it.\n',
  'docs/guides/deploy.md': '# Deploy\n\nShip the build to a static host.\n',
  'docs/reference/README.md': '# Reference\n\nEvery option.\n',
  'docs/reference/cli.md': '# CLI\n\nThe `brass-agent docs` command and its flags.\n',
  'docs/reference/install.md': '# Install options\n\nFlags of the installer.\n',
  'docs/faq.md': '# FAQ\n\nQuestions people ask.\n',
  'docs/_internal/secret.md': '# Internal plan\n\nThe hidden roadmap mentions zebracorn.\n',
  'docs/guides/_partial.md': 'Partial mentioning zebracorn too.\n',
};

async function mapOf(workspace: TempWorkspace, dirs: readonly string[] = ['docs'], maxPageBytes?: number) {
  const opened = await openWorkspace({ cwd: workspace.root, env: { PATH: process.env.PATH, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  return createDocsMap({ runtime: opened.runtime, dirs, ...(maxPageBytes ? { maxPageBytes } : {}) });
}

function thrown(action: () => unknown): Promise<unknown> {
  return Promise.resolve()
    .then(action)
    .then(
      () => new Error('expected a rejection'),
      (error: unknown) => error,
    );
}

describe('createDocsMap over a real workspace', () => {
  it('lists regions with their titles and page counts, and the loose pages', async () => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    const map = await mapOf(workspace);
    expect(map.regions()).toEqual({
      regions: [
        { target: 'guides', title: 'Guides', description: 'Task-oriented guides.', pageCount: 2 },
        { target: 'reference', title: 'Reference', description: 'Every option.', pageCount: 2 },
      ],
      pages: [{ target: 'faq', title: 'FAQ' }],
    });
    expect(map.warnings).toEqual([]);
  });

  it('shows a region as its page index plus its own page, and a page in full', async () => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    const map = await mapOf(workspace);
    const region = await map.region('guides');
    expect(region).toMatchObject({ target: 'guides', pages: [{ target: 'guides/deploy', title: 'Deploy' }, { target: 'guides/install', title: 'Install' }] });
    expect(region.indexPage).toMatchObject({ path: 'docs/guides/index.md', body: '# Guides\n\nStart here.\n' });
    expect(await map.page('guides/install')).toEqual({
      target: 'guides/install',
      title: 'Install',
      path: 'docs/guides/install.md',
      body: '# Install\n\nRun `npm install brass-agent` to install it.\n',
      truncated: false,
    });
    expect((await map.open('reference')).kind).toBe('region');
    expect((await map.page('reference')).path).toBe('docs/reference/README.md');
  });

  it.each([
    ['the canonical target', 'guides/install', 'guides/install'],
    ['another case', 'GUIDES/Install', 'guides/install'],
    ['the .md path', 'guides/install.md', 'guides/install'],
    ['the workspace path', 'docs/guides/install.md', 'guides/install'],
    ['an alias', 'setup', 'guides/install'],
    ['a site-path alias, without its leading slash', 'old/installing', 'guides/install'],
    ['a unique basename', 'deploy', 'guides/deploy'],
    ['an index file', 'guides/index.md', 'guides'],
    ['a README file', 'reference/README', 'reference'],
    ['a trailing slash and an anchor', './guides/deploy/#deploy', 'guides/deploy'],
  ])('resolves %s', async (_name, target, expected) => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    expect((await (await mapOf(workspace)).page(target)).target).toBe(expected);
  });

  it('lists the candidates of an ambiguous name and the closest targets of a miss', async () => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    const map = await mapOf(workspace);
    const ambiguous = await thrown(() => map.page('install'));
    expect(DocsTargetError.isInstance(ambiguous) && ambiguous.failure).toBe('ambiguous');
    expect((ambiguous as DocsTargetError).candidates).toEqual(['guides/install', 'reference/install']);
    expect((ambiguous as Error).message).toBe('target: "install" matches several docs pages: guides/install, reference/install; give the full target');
    const miss = await thrown(() => map.page('guides/instal'));
    expect((miss as DocsTargetError).candidates).toHaveLength(3);
    expect((miss as DocsTargetError).candidates.slice(0, 2)).toEqual(['guides/install', 'reference/install']);
    expect((miss as Error).message).toMatch(/^target: no docs region or page "guides\/instal"; did you mean guides\/install, /);
  });

  it.each([
    ['a parent segment', '../secrets', /contains \.\./],
    ['a parent segment inside', 'guides/../../x', /contains \.\./],
    ['an absolute path', '/etc/passwd', /absolute path/],
    ['a home path', '~/notes', /absolute path/],
    ['a Windows drive', 'C:\\docs\\x.md', /absolute path/],
    ['an empty target', '  ', /is empty/],
    ['a NUL byte', 'guides/\0install', /NUL/],
  ])('rejects %s', async (_name, target, message) => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    const error = await thrown(async () => (await mapOf(workspace)).page(target));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('never lists, resolves, suggests or searches internal `_` paths', async () => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    const map = await mapOf(workspace);
    expect(JSON.stringify(map.regions())).not.toContain('_internal');
    expect((await map.search('zebracorn roadmap')).results).toEqual([]);
    const hidden = await thrown(() => map.page('_internal/secret'));
    expect((hidden as DocsTargetError).failure).toBe('not-found');
    expect((hidden as DocsTargetError).candidates.join(' ')).not.toMatch(/_internal|_partial/);
  });

  it('searches, scoped to a region or a page, and validates the query', async () => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    const map = await mapOf(workspace);
    const all = await map.search('install');
    expect(all.results.map((hit) => hit.target).slice(0, 2).sort()).toEqual(['guides/install', 'reference/install']);
    const scoped = await map.search('install', { scope: 'reference' });
    expect(scoped).toMatchObject({ query: 'install', scope: 'reference' });
    expect(scoped.results.every((hit) => hit.target.startsWith('reference/'))).toBe(true);
    expect((await map.search('install', { scope: 'guides/install.md' })).results.map((hit) => hit.target)).toEqual(['guides/install']);
    expect((await map.search('no such words anywhere qqq')).results).toEqual([]);
    await expect(map.search('   ')).rejects.toThrow(/query: is empty/);
    await expect(map.search('install', { limit: 6 })).rejects.toThrow(/limit/);
    await expect(map.search('install', { scope: 'nowhere' })).rejects.toThrow(/no docs region or page "nowhere"/);
  });

  it('merges several docs directories; an earlier directory wins a shared target', async () => {
    await using workspace = await createTempWorkspace({
      files: { ...GUIDES, 'handbook/ops/runbook.md': '# Runbook\n', 'handbook/faq.md': '# Other FAQ\n' },
    });
    const map = await mapOf(workspace, ['docs', 'handbook']);
    expect(map.regions().regions.map((region) => region.target)).toEqual(['guides', 'ops', 'reference']);
    expect((await map.page('faq')).path).toBe('docs/faq.md');
    expect(map.warnings).toEqual(['handbook/faq.md: left out, because docs/faq.md already has the target "faq"']);
  });
});

describe('createDocsMap with bad input', () => {
  it('opens an empty docs directory: no regions, no results, no error', async () => {
    await using workspace = await createTempWorkspace();
    fs.mkdirSync(workspace.path('docs'));
    const map = await mapOf(workspace);
    expect(map.regions()).toEqual({ regions: [], pages: [] });
    expect((await map.search('anything')).results).toEqual([]);
  });

  it.each([
    ['missing', (_workspace: TempWorkspace) => 'docs', /docs\.dir: docs directory "docs" does not exist/],
    ['a file', (workspace: TempWorkspace) => (workspace.write('docs', 'not a dir'), 'docs'), /is not a directory/],
    ['outside the workspace', () => '../', /outside the workspace/],
    ['an absolute path outside', () => '/etc', /outside the workspace/],
  ])('refuses a docs directory that is %s, with a clear error', async (_name, setup, message) => {
    await using workspace = await createTempWorkspace();
    const dir = setup(workspace);
    const error = await thrown(() => mapOf(workspace, [dir]));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('indexes the first bytes of a 5 MB page and says so', async () => {
    await using workspace = await createTempWorkspace({
      files: { 'docs/huge.md': `# Huge\n\nearlyword appears first.\n\n${'filler text line\n'.repeat(330_000)}\nlateword at the end.\n` },
    });
    expect(fs.statSync(workspace.path('docs/huge.md')).size).toBeGreaterThan(5_000_000);
    const map = await mapOf(workspace, ['docs'], 64 * 1024);
    expect(map.warnings).toEqual(['docs/huge.md: larger than 65536 bytes; only the first 65536 bytes are indexed and shown']);
    expect((await map.search('earlyword')).results.map((hit) => hit.target)).toEqual(['huge']);
    expect((await map.search('lateword')).results).toEqual([]);
    const page = await map.page('huge');
    expect(page.truncated).toBe(true);
    expect(Buffer.byteLength(page.body)).toBeLessThanOrEqual(64 * 1024);
  });

  it('skips binary files with .md names and keeps the rest', async () => {
    await using workspace = await createTempWorkspace({ files: { 'docs/ok.md': '# OK\n\nfine page\n' } });
    workspace.write('docs/image.md', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff, 0xfe]));
    workspace.write('docs/latin1.md', Buffer.from('caf\xe9 '.repeat(50), 'latin1'));
    const map = await mapOf(workspace);
    expect(map.warnings).toEqual(['docs/image.md: skipped (a binary file)', 'docs/latin1.md: skipped (not UTF-8 text (a binary file?))']);
    expect(map.regions().pages).toEqual([{ target: 'ok', title: 'OK' }]);
  });

  it('warns about frontmatter that is not YAML and titles the page by its file name', async () => {
    await using workspace = await createTempWorkspace({ files: { 'docs/broken-page.md': '---\ntitle: [oops\n---\n# Heading\n\nBody about widgets.\n' } });
    const map = await mapOf(workspace);
    expect(map.warnings).toHaveLength(1);
    expect(map.warnings[0]).toMatch(/^docs\/broken-page\.md: frontmatter is not valid YAML .*; its file name is used as its title$/);
    expect(map.regions().pages).toEqual([{ target: 'broken-page', title: 'broken-page' }]);
    expect((await map.search('widgets')).results.map((hit) => hit.target)).toEqual(['broken-page']);
  });

  it('follows a symlinked page inside the workspace and never one that leads outside', async () => {
    await using workspace = await createTempWorkspace({ files: { 'docs/real.md': '# Real\n', 'notes/inside.md': '# Inside\n' } });
    fs.symlinkSync('/etc/passwd', workspace.path('docs/escape.md'));
    fs.symlinkSync(workspace.path('notes/inside.md'), workspace.path('docs/linked.md'));
    const map = await mapOf(workspace);
    expect(map.regions().pages.map((page) => page.target)).toEqual(['linked', 'real']);
    expect(map.warnings).toHaveLength(1);
    expect(map.warnings[0]).toMatch(/^docs\/escape\.md: skipped \(.*outside the workspace/);
    expect((await map.search('root')).results).toEqual([]);
  });

  it('leaves out pages a deny rule forbids reading', async () => {
    await using workspace = await createTempWorkspace({
      files: { ...GUIDES, '.brass-agent.json': JSON.stringify({ permissions: { deny: ['Read(docs/reference/**)'] } }) },
    });
    const map = await mapOf(workspace);
    expect(map.regions().regions.map((region) => region.target)).toEqual(['guides']);
    expect(map.warnings.every((warning) => /^docs\/reference\/.*: skipped \(.*denied/.test(warning))).toBe(true);
    expect((await map.search('installer flags')).results.every((hit) => !hit.target.startsWith('reference'))).toBe(true);
  });

  it('rejects a page-size limit that is not a positive integer', async () => {
    await using workspace = await createTempWorkspace({ files: GUIDES });
    await expect(mapOf(workspace, ['docs'], -1)).rejects.toThrow(/docs\.maxPageBytes/);
    await expect(mapOf(workspace, [])).rejects.toThrow(/docs\.dir: names no directory/);
  });
});
