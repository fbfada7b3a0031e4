import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';
import { runCli } from './support/run-cli.js';

// `brass-agent docs` as a user runs it: the built CLI as a child process over
// a real docs tree, with the user's config and cache directories in a
// separate temp dir (the cache must never land in the workspace).

const DOCS = {
  'docs/guides/index.md': '---\ntitle: Guides\ndescription: How to get things done.\n---\n# Guides\n\nStart here.\n',
  'docs/guides/install.md': '# Install\n\nRun `npm install` to install the package.\n',
  'docs/guides/deploy.md': '# Deploy\n\nShip the build output to a static host.\n',
  'docs/reference/config.md': '# Configuration\n\n## server.proxy\n\nConfigure proxy rules for the dev server.\n',
  'docs/reference/install.md': '# Installer flags\n\nEvery flag of the installer.\n',
  'docs/_drafts/plan.md': '# Secret plan\n\nzebracorn\n',
};

interface Setup {
  workspace: TempWorkspace;
  home: TempWorkspace;
  env: NodeJS.ProcessEnv;
  docs: (...args: string[]) => ReturnType<typeof runCli>;
}

async function setup(files: Record<string, string> = DOCS): Promise<Setup & AsyncDisposable> {
  const workspace = await createTempWorkspace({ files });
  const home = await createTempWorkspace();
  const env = { ...process.env, HOME: home.root, XDG_CONFIG_HOME: home.path('config'), XDG_CACHE_HOME: home.path('cache'), NO_COLOR: '1' };
  return {
    workspace,
    home,
    env,
    docs: (...args) => runCli(['docs', ...args, '--cwd', workspace.root], { env, timeoutMs: 30_000 }),
    async [Symbol.asyncDispose]() {
      await workspace.dispose();
      await home.dispose();
    },
  };
}

function allFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('brass-agent docs', () => {
  it('funnels from regions to a region to a page, one JSON document each', async () => {
    await using context = await setup();
    const overview = await context.docs('--json');
    expect(overview.code).toBe(0);
    expect(JSON.parse(overview.stdout)).toEqual({
      version: 1,
      regions: [
        { target: 'guides', title: 'Guides', description: 'How to get things done.', pageCount: 2 },
        { target: 'reference', title: 'reference', pageCount: 2 },
      ],
      pages: [],
    });
    const region = JSON.parse((await context.docs('guides', '--json')).stdout);
    expect(region).toMatchObject({ target: 'guides', pages: [{ target: 'guides/deploy', title: 'Deploy' }, { target: 'guides/install', title: 'Install' }] });
    expect(region.body).toBe('# Guides\n\nStart here.\n');
    const page = await context.docs('guides/install', '--json');
    expect(JSON.parse(page.stdout)).toEqual({
      version: 1,
      target: 'guides/install',
      title: 'Install',
      path: 'docs/guides/install.md',
      truncated: false,
      body: '# Install\n\nRun `npm install` to install the package.\n',
    });
    expect(page.stderr).toBe('');
  });

  it('searches in task language: at most five results with snippets and how they matched, also for people', async () => {
    await using context = await setup();
    const result = await context.docs('--search', 'how do I configure a proxy for the dev server?', '--json');
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout);
    expect(parsed.query).toBe('how do I configure a proxy for the dev server?');
    expect(parsed.results.length).toBeLessThanOrEqual(5);
    // Issue 20: the result names the section its snippet comes from; target#anchor opens just that section.
    expect(parsed.results[0]).toEqual({
      target: 'reference/config',
      title: 'Configuration',
      snippet: 'Configure proxy rules for the dev server.',
      match: 'complete',
      heading: 'server.proxy',
      anchor: 'serverproxy',
    });
    const scoped = JSON.parse((await context.docs('reference', '--search', 'instlal', '--json')).stdout);
    expect(scoped).toMatchObject({ scope: 'reference', results: [{ target: 'reference/install', match: 'fuzzy' }] });
    const human = await context.docs('--search', 'deploy');
    expect(human.code).toBe(0);
    // Issue 20, item 5: the match is said in words, not as an unexplained "(complete)".
    expect(human.stdout).toBe('1. guides/deploy  Deploy  (every word matches)\n   Ship the build output to a static host.\n');
    const section = await context.docs('--search', 'proxy rules');
    expect(section.stdout).toMatch(/^1\. reference\/config#serverproxy {2}Configuration › server\.proxy {2}\(every word matches\)\n/);
  });

  it.each([
    ['no match', 'zzqqxxnomatch'],
    ['a 10,000-character query of regex metacharacters and stop words', '.*+?^${}()|[]\\ the of '.repeat(500)],
  ])('answers %s with an empty result and exit 0', async (_name, query) => {
    await using context = await setup();
    const result = await context.docs('--search', query, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).results).toEqual([]);
  });

  it.each([
    ['a target with ..', ['../secrets'], /contains \.\./],
    ['an ambiguous name', ['install'], /"install" matches several docs pages: guides\/install, reference\/install/],
  ])('exits 2 on %s with one line on stderr', async (_name, args, message) => {
    await using context = await setup();
    const result = await context.docs(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('says clearly when the docs directory is missing, and reads docs.dir from the config', async () => {
    await using context = await setup({ 'handbook/ops/runbook.md': '# Runbook\n', 'handbook/bad.md': '---\ntitle: [oops\n---\nwidgets\n' });
    const missing = await context.docs('--json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/docs directory "docs" does not exist/);
    expect(JSON.parse(missing.stdout).error.code).toBe('invalid-input');
    context.workspace.write('.brass-agent.json', JSON.stringify({ docs: { dir: ['handbook'] } }));
    const configured = await context.docs('--json');
    expect(configured.code).toBe(0);
    expect(JSON.parse(configured.stdout)).toEqual({ version: 1, regions: [{ target: 'ops', title: 'ops', pageCount: 1 }], pages: [{ target: 'bad', title: 'bad' }] });
    expect(configured.stderr).toMatch(/^warning: handbook\/bad\.md: frontmatter is not valid YAML/);
  });

  it('caches the index in the user cache directory, and never writes a query anywhere', async () => {
    await using context = await setup();
    const marker = 'qzxsecretquerymarker';
    const first = await context.docs('--search', `${marker} install`, '--json');
    expect(first.code).toBe(0);
    const cacheFiles = allFiles(context.home.path('cache'));
    expect(cacheFiles).toHaveLength(1);
    expect(cacheFiles[0]).toMatch(/brass-agent\/docs-index\/[0-9a-f]{16}\.bin$/);
    const written = fs.statSync(cacheFiles[0]!).mtimeMs;
    const second = await context.docs('guides', '--search', `how to ${marker}`, '--json');
    expect(second.code).toBe(0);
    expect(fs.statSync(cacheFiles[0]!).mtimeMs).toBe(written);
    expect(`${first.stderr}${second.stderr}`).not.toContain(marker);
    for (const file of [...allFiles(context.home.root), ...allFiles(context.workspace.root)]) {
      expect(fs.readFileSync(file).toString('latin1'), file).not.toContain(marker);
    }
    expect(allFiles(context.workspace.root).filter((file) => !file.includes(`${path.sep}docs${path.sep}`))).toEqual([]);
  });
});

describe('brass-agent docs guidance', () => {
  it('writes the regions into AGENTS.md once, keeping every other byte', async () => {
    await using context = await setup({ ...DOCS, 'AGENTS.md': '# Rules\r\n\r\nBe careful.\r\n' });
    const first = await context.docs('guidance', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ version: 1, path: 'AGENTS.md', changed: true, created: false, regions: 2 });
    const written = fs.readFileSync(context.workspace.path('AGENTS.md'), 'utf8');
    expect(written.startsWith('# Rules\r\n\r\nBe careful.\r\n')).toBe(true);
    expect(written).toContain('- `guides`: Guides\r\n- `reference`: reference\r\n');
    expect(written).not.toContain('guides/install');
    const second = await context.docs('guidance');
    expect(second).toMatchObject({ code: 0, stdout: 'AGENTS.md: the docs map block is up to date (2 regions)\n' });
    expect(fs.readFileSync(context.workspace.path('AGENTS.md'), 'utf8')).toBe(written);
  });

  it('creates AGENTS.md when there is none', async () => {
    await using context = await setup();
    const result = await context.docs('guidance');
    expect(result).toMatchObject({ code: 0, stdout: 'AGENTS.md: created with the docs map block (2 regions)\n' });
    expect(fs.readFileSync(context.workspace.path('AGENTS.md'), 'utf8')).toMatch(/^<!-- BEGIN brass-agent docs map/);
  });
});
