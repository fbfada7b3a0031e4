import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDirDefinition } from '../src/agent/tools/index.js';
import { FakeRandom, fakeSecret } from './support/fake-secrets.js';
import { startMcpServer, textOf, type McpTestServer } from './support/mcp-client.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 18, item 10: what the MCP tools return. One server over one
// workspace for every case here (the SDK client validates each
// structuredContent against the tool's outputSchema as it receives it).

const token = fakeSecret(new FakeRandom(18), 'github-classic').value;

/** A benchmark file that uses the name a lot: path order puts these before src/. */
const benchmark = (index: number): string => `import { renderWidget } from '../src/render-widget.js';\n${Array.from({ length: 5 }, () => `renderWidget(${index});`).join('\n')}\n`;

/** A page whose secret straddles the 64 KiB result cap: cut before redaction, its first half would show. */
const BIG_PAGE = `${'filler line of the big page\n'.repeat(Math.floor((64 * 1024 - 20) / 28))}${'x'.repeat((64 * 1024 - 20) % 28)}\n${token} end\n`;

/** Long matching lines in many files: far more than one result may carry. */
const LONG_LINE = `export const filler = 'bulk ${'x'.repeat(300)}';`;

const TREE: Record<string, string> = {
  ...Object.fromEntries(Array.from({ length: 6 }, (_unused, index) => [`benchmarks/bench-${index}.js`, benchmark(index)])),
  'src/render-widget.ts': 'export function renderWidget(size: number): string {\n  return `<widget ${size}>`;\n}\n',
  'src/page.ts': "import { renderWidget } from './render-widget.js';\nexport const page = renderWidget(2);\n",
  'test/render-widget.test.ts': "import { renderWidget } from '../src/render-widget.js';\nrenderWidget(1);\nrenderWidget(2);\nrenderWidget(3);\n",
  'src/settings.ts': `export const apiToken = '${token}';\nexport const retries = 3;\n`,
  ...Object.fromEntries(Array.from({ length: 60 }, (_unused, index) => [`bulk/file-${String(index).padStart(2, '0')}.ts`, `${Array.from({ length: 20 }, () => LONG_LINE).join('\n')}\n`])),
  'packages/api/AGENTS.md': '# API\nValidate every request with zod.\n',
  'packages/api/src/handler.ts': 'export const handler = 1;\n',
  'docs/guides/index.md': '---\ntitle: Guides\n---\n# Guides\n',
  'docs/guides/big.md': BIG_PAGE,
  'docs/guides/install.md': '---\ntitle: Installing\n---\n# Installing\n\nRun `npm install`, then:\n\n    "quoted" and \\ backslashed\n',
};

let workspace: TempWorkspace;
let home: TempWorkspace;
let server: McpTestServer;

beforeAll(async () => {
  workspace = await createTempWorkspace({ git: true, files: TREE });
  home = await createTempWorkspace();
  server = await startMcpServer(workspace, home);
  // The client learns each tool's outputSchema from the list, and validates results against it from then on.
  await server.client.listTools();
});

afterAll(async () => {
  await server[Symbol.asyncDispose]();
  await workspace.dispose();
  await home.dispose();
});

interface SearchStructured {
  matches: { path: string; line: number; column: number; text: string }[];
  truncated: boolean;
}

function structuredOf<Shape>(result: CallToolResult): Shape {
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(result.structuredContent).toBeDefined();
  return result.structuredContent as Shape;
}

describe.concurrent('brass-agent mcp results (issue 18, item 10)', () => {
  it('ranks search_text results by relevance: the declaring source file first, then source, tests and benchmarks last', async () => {
    const result = await server.call('search_text', { query: 'renderWidget', maxResults: 5 });
    const lines = textOf(result).split('\n');
    expect(lines[0]).toBe('src/render-widget.ts:1:17: export function renderWidget(size: number): string {');
    expect(lines[1]).toMatch(/^src\/page\.ts:1:/);
    expect(lines.slice(0, 5).filter((line) => line.startsWith('benchmarks/'))).toHaveLength(0);
    expect(lines.at(-1)).toMatch(/more matches not shown/);
    // The structured matches are the lines shown, in the same order.
    const structured = structuredOf<SearchStructured>(result);
    expect(structured.truncated).toBe(true);
    expect(structured.matches.map((match) => `${match.path}:${match.line}:${match.column}: ${match.text}`)).toEqual(lines.slice(0, -1));

    // The query is about tests: the test file competes as source does, and beats the benchmarks.
    const all = structuredOf<SearchStructured>(await server.call('search_text', { query: 'renderWidget' }));
    const files = [...new Set(all.matches.map((match) => match.path))];
    expect(files.slice(0, 3)).toEqual(['src/render-widget.ts', 'src/page.ts', 'test/render-widget.test.ts']);
    expect(files.slice(3).every((file) => file.startsWith('benchmarks/'))).toBe(true);
  });

  it('bounds search_text: the text and the structured matches stop at the result cap together', async () => {
    const result = await server.call('search_text', { query: 'bulk', maxResults: 1000 });
    const structured = structuredOf<SearchStructured>(result);
    expect(structured.truncated).toBe(true);
    expect(structured.matches.length).toBeLessThan(1000);
    expect(Buffer.byteLength(JSON.stringify(structured))).toBeLessThan(96 * 1024);
    expect(textOf(result).split('\n')).toHaveLength(structured.matches.length + 1);
  });

  it('serves list_dir, derived from the agent\'s definition, read-only, with structured entries', async () => {
    const { tools } = await server.client.listTools();
    const listDir = tools.find((tool) => tool.name === 'list_dir');
    expect(listDir?.description).toBe(listDirDefinition.description);
    expect(listDir?.annotations?.readOnlyHint).toBe(true);
    expect(listDir?.inputSchema).toMatchObject({ properties: { path: { type: 'string' }, recursive: { type: 'boolean' }, maxEntries: { maximum: 2000 } } });
    const result = await server.call('list_dir', { path: 'src' });
    expect(textOf(result).split('\n')).toEqual(['src/page.ts', 'src/render-widget.ts', 'src/settings.ts']);
    expect(structuredOf<{ entries: unknown[] }>(result)).toEqual({
      entries: [
        { path: 'src/page.ts', kind: 'file' },
        { path: 'src/render-widget.ts', kind: 'file' },
        { path: 'src/settings.ts', kind: 'file' },
      ],
      truncated: false,
    });
    // Listing a directory with its own context file discloses it, as the agent's listing does: in the text and the structured result.
    const api = await server.call('list_dir', { path: 'packages/api' });
    expect(textOf(api)).toContain('<system-reminder>');
    expect(structuredOf<{ reminder?: string }>(api).reminder).toContain('Validate every request with zod.');
    const outside = await server.call('list_dir', { path: '../..' });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(/outside/);
  });

  it('declares an outputSchema on every tool and returns structuredContent beside a text block', async () => {
    const { tools } = await server.client.listTools();
    for (const tool of tools) expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
    const calls: [string, Record<string, unknown>][] = [
      ['read_file', { path: 'src/page.ts' }],
      ['search_text', { query: 'retries' }],
      ['list_dir', {}],
      ['docs_map', {}],
      ['docs_map', { target: 'guides' }],
      ['docs_map', { search: 'install' }],
      ['project_context', {}],
      ['discover_context', { goal: 'fix renderWidget in src/render-widget.ts' }],
    ];
    for (const [name, args] of calls) {
      const result = await server.call(name, args);
      structuredOf(result);
      expect(result.content[0]?.type, name).toBe('text');
      expect(textOf(result).length, name).toBeGreaterThan(0);
    }
    expect(structuredOf(await server.call('read_file', { path: 'src/page.ts', offset: 2 }))).toEqual({
      path: 'src/page.ts',
      firstLine: 2,
      lastLine: 2,
      totalLines: 2,
      content: 'export const page = renderWidget(2);',
      notes: ['lines 2-2 of 2'],
    });
  });

  it('returns a docs page as Markdown text, not a JSON-escaped string', async () => {
    const result = await server.call('docs_map', { target: 'guides/install' });
    const text = textOf(result);
    expect(text).toContain('# Installing\n\nRun `npm install`, then:\n\n    "quoted" and \\ backslashed\n');
    expect(text).not.toContain('\\n');
    expect(text).not.toContain('"body"');
    expect(structuredOf<{ title: string; path: string; body: string }>(result)).toMatchObject({ title: 'Installing', path: 'docs/guides/install.md', body: expect.stringContaining('"quoted" and \\ backslashed') });
  });

  it('redacts a long docs page before cutting it, in the text and the structured body', async () => {
    const result = await server.call('docs_map', { target: 'guides/big' });
    const page = structuredOf<{ body: string }>(result);
    expect(page.body).toMatch(/\[\.\.\. output cut: showing \d+ of \d+ bytes/);
    expect(JSON.stringify(page)).not.toContain(token.slice(0, 12));
    expect(textOf(result)).not.toContain(token.slice(0, 12));
  });

  it('marks discover_context read-only: it never runs a command, and run: true names the tool that does', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.find((tool) => tool.name === 'discover_context')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((tool) => tool.name === 'validate_and_discover')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const refused = await server.call('discover_context', { goal: 'make the tests pass', run: true });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^run: .*validate_and_discover/);
  });

  it('returns with each discovered file why it was chosen and the text read, redacted', async () => {
    const result = await server.call('discover_context', { goal: 'fix renderWidget in src/render-widget.ts and the token in src/settings.ts' });
    const document = structuredOf<{ files: { path: string; reason: string; why: string[]; excerpt: string; isPartial: boolean }[]; commands: { ran: boolean }[] }>(result);
    const widget = document.files.find((file) => file.path === 'src/render-widget.ts');
    expect(widget?.why.length).toBeGreaterThan(0);
    expect(widget?.excerpt).toBe(TREE['src/render-widget.ts']);
    const settings = document.files.find((file) => file.path === 'src/settings.ts');
    expect(settings?.excerpt).toContain('[REDACTED:github-token]');
    expect(document.commands.every((command) => !command.ran)).toBe(true);
    // The text block carries the excerpts as plain text under their paths, and no secret.
    const text = textOf(result);
    expect(text).toContain(`==> src/render-widget.ts <==\n${TREE['src/render-widget.ts']}`);
    expect(text).not.toContain(token);
    expect(JSON.stringify(document)).not.toContain(token);
  });

  it('redacts structured content as it redacts text', async () => {
    const search = structuredOf<SearchStructured>(await server.call('search_text', { query: 'apiToken' }));
    expect(search.matches).toEqual([{ path: 'src/settings.ts', line: 1, column: 14, text: "export const apiToken = '[REDACTED:github-token]';" }]);
    const read = structuredOf<{ content: string }>(await server.call('read_file', { path: 'src/settings.ts' }));
    expect(read.content).not.toContain(token);
    expect(read.content).toContain('[REDACTED:github-token]');
  });
});
