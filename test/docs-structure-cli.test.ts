import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startMcpServer, textOf } from './support/mcp-client.js';
import { createTempWorkspace } from './support/temp-workspace.js';
import { runCli } from './support/run-cli.js';

// Issue 20: `brass-agent docs` on sites shaped like the common generators
// (Hugo, Docusaurus, MkDocs, VitePress), the built CLI as a child process.

async function site(files: Record<string, string>) {
  const workspace = await createTempWorkspace({ files });
  const home = await createTempWorkspace();
  const env = { ...process.env, HOME: home.root, XDG_CONFIG_HOME: home.path('config'), XDG_CACHE_HOME: home.path('cache'), NO_COLOR: '1' };
  return {
    workspace,
    docs: (...args: string[]) => runCli(['docs', ...args, '--cwd', workspace.root], { env, timeoutMs: 30_000 }),
    async [Symbol.asyncDispose]() {
      await workspace.dispose();
      await home.dispose();
    },
  };
}

const HUGO = {
  '.brass-agent.json': JSON.stringify({ docs: { dir: ['content'] } }),
  'content/_index.md': '---\ntitle: Hugo Docs\ndescription: The world’s fastest framework.\n---\nWelcome home.\n',
  'content/functions/_index.md': '---\ntitle: Template functions\nlinkTitle: Functions\ndescription: Use these functions in templates.\n---\nAll the functions.\n',
  'content/functions/strings/_index.md': '---\ntitle: String functions\n---\nFunctions on strings.\n',
  'content/functions/strings/trim.md':
    '---\ntitle: strings.Trim\ndescription: Removes leading and trailing characters.\n---\n# strings.Trim\n\nReturns the string without the cutset.\n\n## Options\n\nThe cutset {{< new-in 0.120 >}} is a string.\n',
  'content/getting-started/_index.md': '---\ntitle: [oops\n---\nStart here.\n',
  'content/getting-started/quick-start.md': [
    '---',
    'linkTitle: Quick start',
    '---',
    '# Quick start guide {#quick}',
    '',
    'Build a site in minutes.',
    '',
    '## Install Hugo',
    '',
    'Download the extended edition.',
    '',
    '## Options',
    '',
    'First options.',
    '',
    '## Options',
    '',
    'Second options, with the theme flag.',
    '',
  ].join('\n'),
  'content/_partials/fragment.md': '# Fragment\n\nIncluded elsewhere; zebracorn.\n',
};

describe('brass-agent docs on a Hugo site', () => {
  it('names regions by their _index.md section pages, keeps the home page, and falls back with a warning on broken frontmatter', async () => {
    await using context = await site(HUGO);
    const overview = await context.docs('--json');
    expect(overview.code).toBe(0);
    expect(JSON.parse(overview.stdout)).toEqual({
      version: 1,
      regions: [
        { target: 'functions', title: 'Template functions', description: 'Use these functions in templates.', pageCount: 2 },
        { target: 'getting-started', title: 'getting-started', description: 'Start here.', pageCount: 1 },
      ],
      pages: [{ target: 'index', title: 'Hugo Docs' }],
    });
    expect(overview.stderr).toMatch(/^warning: content\/getting-started\/_index\.md: frontmatter is not valid YAML/m);
    const region = JSON.parse((await context.docs('functions', '--json')).stdout);
    expect(region.pages).toEqual([
      { target: 'functions/strings', title: 'String functions' },
      { target: 'functions/strings/trim', title: 'strings.Trim' },
    ]);
    expect(region.body).toBe('All the functions.\n');
    expect((await context.docs('--search', 'zebracorn', '--json')).stdout).toContain('"results": []');
  });

  it('writes the useful regions into AGENTS.md', async () => {
    await using context = await site(HUGO);
    expect((await context.docs('guidance')).code).toBe(0);
    const written = fs.readFileSync(context.workspace.path('AGENTS.md'), 'utf8');
    expect(written).toContain('- `functions`: Template functions\n- `getting-started`: getting-started\n');
  });

  it('reads page#anchor as that section, each page its own even when two claim one anchor, and lists the anchors of a miss', async () => {
    await using context = await site(HUGO);
    const section = await context.docs('getting-started/quick-start#install-hugo', '--json');
    expect(section.code).toBe(0);
    expect(JSON.parse(section.stdout)).toEqual({
      version: 1,
      target: 'getting-started/quick-start',
      title: 'Quick start',
      path: 'content/getting-started/quick-start.md',
      truncated: false,
      anchor: 'install-hugo',
      heading: 'Install Hugo',
      body: '## Install Hugo\n\nDownload the extended edition.\n\n',
    });
    const second = JSON.parse((await context.docs('getting-started/quick-start#options-1', '--json')).stdout);
    expect(second.body).toBe('## Options\n\nSecond options, with the theme flag.\n');
    const other = JSON.parse((await context.docs('trim#options', '--json')).stdout);
    expect(other).toMatchObject({ target: 'functions/strings/trim', anchor: 'options', body: '## Options\n\nThe cutset {{< new-in 0.120 >}} is a string.\n' });
    const explicit = JSON.parse((await context.docs('getting-started/quick-start#quick', '--json')).stdout);
    expect(explicit.heading).toBe('Quick start guide');

    const missing = await context.docs('getting-started/quick-start#nope');
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('getting-started/quick-start has no heading #nope; its anchors: quick, install-hugo, options, options-1');

    const human = await context.docs('getting-started/quick-start#options');
    expect(human.stdout).toBe('Quick start › Options  (getting-started/quick-start#options, content/getting-started/quick-start.md)\n\n## Options\n\nFirst options.\n\n');
    expect(human.stderr).toContain('the whole page: brass-agent docs getting-started/quick-start');
  });

  it('shows a page to a person as title, description, then body; a search result names its section', async () => {
    await using context = await site(HUGO);
    const page = await context.docs('functions/strings/trim');
    expect(page.stdout.startsWith('strings.Trim  (functions/strings/trim, content/functions/strings/trim.md)\nRemoves leading and trailing characters.\n\n# strings.Trim\n')).toBe(true);
    const found = JSON.parse((await context.docs('--search', 'theme flag', '--json')).stdout);
    expect(found.results[0]).toMatchObject({ target: 'getting-started/quick-start', heading: 'Options', anchor: 'options-1' });
    const opened = JSON.parse((await context.docs(`${found.results[0].target}#${found.results[0].anchor}`, '--json')).stdout);
    expect(opened.body).toContain('theme flag');
  });
});

describe('the MCP docs_map tool on a Hugo site', () => {
  it('returns a search result with its section, and reads target#anchor back as that section', async () => {
    await using workspace = await createTempWorkspace({ files: HUGO });
    await using home = await createTempWorkspace();
    await using server = await startMcpServer(workspace, home);
    const found = JSON.parse(textOf(await server.call('docs_map', { search: 'theme flag' }))) as { results: { target: string; anchor?: string; heading?: string }[] };
    expect(found.results[0]).toMatchObject({ target: 'getting-started/quick-start', heading: 'Options', anchor: 'options-1' });
    const section = (await server.call('docs_map', { target: `${found.results[0]!.target}#${found.results[0]!.anchor}` })).structuredContent;
    expect(section).toMatchObject({ target: 'getting-started/quick-start', anchor: 'options-1', heading: 'Options', body: '## Options\n\nSecond options, with the theme flag.\n' });
    const missing = await server.call('docs_map', { target: 'getting-started/quick-start#nope' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('its anchors: quick, install-hugo, options, options-1');
  });
});

describe('brass-agent docs on a Docusaurus site', () => {
  it('takes region labels, order and descriptions from _category_.json, never runs sidebars.js, and warns about a broken category', async () => {
    await using context = await site({
      // Run, this would leave a file behind: it must never appear.
      'sidebars.js': "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'SIDEBAR-WAS-RUN'), 'ran');\nmodule.exports = { docs: [] };\n",
      'docs/intro.md': '---\nsidebar_label: Intro\n---\nLet us discover Docusaurus.\n',
      'docs/tutorial-basics/_category_.json': JSON.stringify({ label: 'Tutorial - Basics', position: 2, link: { type: 'generated-index', description: '5 minutes to learn the basics.' } }),
      'docs/tutorial-basics/create-a-page.md': '# Create a Page\n\nAdd Markdown files.\n',
      'docs/tutorial-extras/_category_.json': JSON.stringify({ label: 'Tutorial - Extras', position: 1 }),
      'docs/tutorial-extras/manage-docs-versions.md': '# Manage Docs Versions\n\nVersions.\n',
      'docs/advanced/_category_.json': '{ "label": ',
      'docs/advanced/plugins.md': '# Plugins\n\nExtend it.\n',
    });
    const overview = await context.docs('--json');
    expect(overview.code).toBe(0);
    expect(JSON.parse(overview.stdout)).toEqual({
      version: 1,
      regions: [
        { target: 'tutorial-extras', title: 'Tutorial - Extras', pageCount: 1 },
        { target: 'tutorial-basics', title: 'Tutorial - Basics', description: '5 minutes to learn the basics.', pageCount: 1 },
        { target: 'advanced', title: 'advanced', pageCount: 1 },
      ],
      pages: [{ target: 'intro', title: 'Intro' }],
    });
    const warnings = overview.stderr.trim().split('\n');
    expect(warnings).toContainEqual(expect.stringMatching(/^warning: docs\/advanced\/_category_\.json: not valid JSON .*; the folder name is used$/));
    expect(warnings.filter((line) => line.includes('sidebars.js'))).toEqual([
      'warning: sidebars.js: a sidebar config in JavaScript or TypeScript is never run, so it was not read; the regions follow the folders and their section pages',
    ]);
    expect(fs.existsSync(context.workspace.path('SIDEBAR-WAS-RUN'))).toBe(false);
  });
});

describe('brass-agent docs on an MkDocs site', () => {
  it('names regions from the nav of mkdocs.yml, read as data (a !!python tag elsewhere in the file does not matter)', async () => {
    await using context = await site({
      'mkdocs.yml': [
        'site_name: My Docs',
        'markdown_extensions:',
        '  - pymdownx.emoji:',
        '      emoji_index: !!python/name:material.extensions.emoji.twemoji',
        'nav:',
        '  - Home: index.md',
        "  - 'User Guide':",
        "      - 'Writing your docs': 'user-guide/writing-your-docs.md'",
        "      - 'Configuration': 'user-guide/configuration.md'",
        '  - About:',
        "      - 'License': 'about/license.md'",
        'theme: material',
        '',
      ].join('\n'),
      'docs/index.md': '# Welcome to MkDocs\n',
      'docs/user-guide/writing-your-docs.md': '# Writing your docs\n\nPages are Markdown.\n',
      'docs/user-guide/configuration.md': '# Configuration\n\nThe mkdocs.yml file.\n',
      'docs/about/license.md': '# License\n\nBSD.\n',
    });
    const overview = await context.docs('--json');
    expect(overview.code).toBe(0);
    expect(JSON.parse(overview.stdout).regions).toEqual([
      { target: 'about', title: 'About', pageCount: 1 },
      { target: 'user-guide', title: 'User Guide', pageCount: 2 },
    ]);
    expect(overview.stderr).toBe('');
  });
});

describe('brass-agent docs on a VitePress site', () => {
  it('keeps an escaped title as text, says once that the TypeScript config is not read, and caps a 5 MB page, saying so', async () => {
    await using context = await site({
      'docs/.vitepress/config.mts': "import { writeFileSync } from 'node:fs';\nwriteFileSync('CONFIG-WAS-RUN', 'ran');\nexport default { themeConfig: { sidebar: [] } };\n",
      'docs/api/index.md': '# API Reference\n',
      'docs/api/sfc-script-setup.md': '# \\<script setup> {#script-setup}\n\nCompile-time syntactic sugar.\n',
      'docs/guide/big.md': `# Big page\n\n${'lorem ipsum dolor '.repeat(300_000)}\n`,
    });
    const api = await context.docs('api', '--json');
    expect(api.code).toBe(0);
    expect(JSON.parse(api.stdout).pages).toEqual([{ target: 'api/sfc-script-setup', title: '<script setup>' }]);
    expect(api.stderr.split('\n').filter((line) => line.includes('config.mts'))).toEqual([
      'warning: docs/.vitepress/config.mts: a sidebar config in JavaScript or TypeScript is never run, so it was not read; the regions follow the folders and their section pages',
    ]);
    expect(fs.existsSync(context.workspace.path('CONFIG-WAS-RUN'))).toBe(false);

    const big = await context.docs('guide/big', '--json');
    expect(big.code).toBe(0);
    const page = JSON.parse(big.stdout);
    expect(page.truncated).toBe(true);
    expect(Buffer.byteLength(page.body)).toBeLessThanOrEqual(1024 * 1024);
    expect(big.stderr).toContain('docs/guide/big.md: larger than 1048576 bytes; only the first 1048576 bytes are indexed and shown');
    const human = await context.docs('guide/big');
    expect(human.stderr).toContain('docs/guide/big.md: showing the first 1048576 bytes (docs.maxPageBytes)');
  });
});
