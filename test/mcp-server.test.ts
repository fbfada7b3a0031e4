import fs from 'node:fs';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { FakeRandom, fakeSecret } from './support/fake-secrets.js';
import { startMcpServer as startServer, textOf } from './support/mcp-client.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 8: `brass-agent mcp` as a client agent runs it: the built CLI as a
// child process, driven by the SDK's client over stdio, on real files.

/** Tool calls the memory run keeps in flight at once. */
const CALLS_IN_FLIGHT = 4;

const githubToken = fakeSecret(new FakeRandom(8), 'github-classic').value;

const TREE = {
  'AGENTS.md': '# Rules\nKeep functions small.\n',
  'packages/api/AGENTS.md': '---\ndescription: API rules\n---\n# API\nValidate every request with zod.\n',
  'packages/api/src/x.ts': 'export const x = 1;\nexport const needle = "x";\n',
  'packages/api/src/y.ts': 'export const y = 2;\n',
  'src/a.ts': 'line one\nline two\nline three\nexport const needle = 3;\n',
  'src/big.txt': `${'0123456789abcdef'.repeat(8 * 1024)}\n`,
  '.env.production': `GITHUB_TOKEN=${githubToken}\n`,
  'docs/guides/index.md': '---\ntitle: Guides\n---\n# Guides\n',
  'docs/guides/install.md': '---\ntitle: Installing\ndescription: How to install the server\n---\n# Installing\nRun npm install and configure the database connection.\n',
};

/** Resident memory of a process in KiB, from the kernel's own accounting. */
function residentKib(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (match === null) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

async function fixture(): Promise<{ workspace: TempWorkspace; home: TempWorkspace; outside: TempWorkspace } & AsyncDisposable> {
  const workspace = await createTempWorkspace({ git: true, files: TREE });
  const home = await createTempWorkspace();
  const outside = await createTempWorkspace({ files: { 'secret.txt': 'outside secret\n' } });
  return {
    workspace,
    home,
    outside,
    [Symbol.asyncDispose]: async () => {
      await workspace.dispose();
      await home.dispose();
      await outside.dispose();
    },
  };
}

// Each test starts its own server (about a second each): they run concurrently.
describe.concurrent('brass-agent mcp', () => {
  it('lists the seven tools with input schemas and descriptions, and writes nothing but protocol to stdout', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['discover_context', 'docs_map', 'list_dir', 'project_context', 'read_file', 'search_text', 'validate_and_discover']);
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(40);
    const readFile = tools.find((tool) => tool.name === 'read_file');
    expect(readFile?.inputSchema).toMatchObject({ type: 'object', required: ['path'], properties: { path: { type: 'string' }, startLine: { type: 'integer' } } });
    // The client would have failed to parse a stray stdout line; the log line went to stderr.
    expect(server.stderr()).toContain('MCP server ready');
  });

  it('reads files and line ranges, discloses nested context on the first read under a directory only, redacts and caps', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const range = await server.call('read_file', { path: 'src/a.ts', startLine: 2, endLine: 3 });
    expect(range.isError).toBeFalsy();
    expect(textOf(range)).toBe('src/a.ts (lines 2-3 of 4)\nline two\nline three');

    const first = textOf(await server.call('read_file', { path: 'packages/api/src/x.ts' }));
    expect(first.startsWith('export const x = 1;\n')).toBe(true);
    expect(first).toContain('<system-reminder>');
    expect(first).toContain('Validate every request with zod.');
    const second = textOf(await server.call('read_file', { path: 'packages/api/src/y.ts' }));
    expect(second).toBe('export const y = 2;\n');

    expect(textOf(await server.call('read_file', { path: '.env.production' }))).toBe('GITHUB_TOKEN=[REDACTED:github-token]\n');
    const big = textOf(await server.call('read_file', { path: 'src/big.txt' }));
    expect(Buffer.byteLength(big)).toBeLessThan(64 * 1024 + 200);
    expect(big).toMatch(/\n\[\.\.\. output cut: showing 65536 of \d+ bytes; narrow the request/);
  });

  it('answers an outside, escaping or missing path and a bad range with a one-line error result, never content', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ path: files.outside.path('secret.txt') }, /outside/],
      [{ path: '../../../../etc/passwd' }, /outside/],
      [{ path: 'src/missing.ts' }, /^src\/missing\.ts: .*not-found/],
      [{ path: 'src/a.ts', startLine: 3, endLine: 1 }, /^endLine: /],
      [{ path: 'src/a.ts', startLine: 9 }, /^startLine: 9 is past the end/],
    ];
    for (const [args, message] of cases) {
      const result = await server.call('read_file', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(message);
      expect(textOf(result)).not.toContain('outside secret');
      expect(textOf(result)).not.toContain('\n');
    }
  });

  it('rejects invalid arguments with an error naming the argument', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const cases: [string, Record<string, unknown>, string][] = [
      ['read_file', { path: 'src/a.ts', startLine: 0 }, 'startLine'],
      ['read_file', {}, 'path'],
      ['search_text', { query: 'x', maxResults: 'many' }, 'maxResults'],
      ['search_text', { query: '' }, 'query'],
      ['discover_context', { run: 'yes' }, 'run'],
      ['project_context', { agent: 'Bad Name!' }, 'agent'],
      ['docs_map', { search: 7 }, 'search'],
    ];
    for (const [tool, args, argument] of cases) {
      const result = await server.call(tool, args);
      expect(result.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result)).toMatch(/Input validation error/);
      expect(textOf(result)).toContain(argument);
    }
  });

  it('searches fixed strings with globs, excludes and a result cap', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    expect(textOf(await server.call('search_text', { query: 'needle' }))).toBe('packages/api/src/x.ts:2:14: export const needle = "x";\nsrc/a.ts:4:14: export const needle = 3;');
    expect(textOf(await server.call('search_text', { query: 'needle', globs: ['src/**'] }))).toBe('src/a.ts:4:14: export const needle = 3;');
    expect(textOf(await server.call('search_text', { query: 'needle', excludeGlobs: ['src/**'] }))).toBe('packages/api/src/x.ts:2:14: export const needle = "x";');
    // Searching a directory still names files by their workspace-relative path.
    expect(textOf(await server.call('search_text', { query: 'needle', path: 'packages/api' }))).toBe('packages/api/src/x.ts:2:14: export const needle = "x";');
    const capped = textOf(await server.call('search_text', { query: 'export const', maxResults: 1 }));
    expect(capped.split('\n')).toHaveLength(2);
    expect(capped).toMatch(/more matches not shown/);
    expect(textOf(await server.call('search_text', { query: '(.*' }))).toBe('No matches.');
  });

  it('gives the project context, the discovery pass and the docs map', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const context = textOf(await server.call('project_context'));
    expect(context).toContain('"path": "AGENTS.md"');
    expect(context).toContain('"dir": "packages/api"');
    expect(context).toContain('Keep functions small.');
    const unknownAgent = await server.call('project_context', { agent: 'reviewer' });
    expect(unknownAgent.isError).toBe(true);
    expect(textOf(unknownAgent)).toContain('reviewer');

    const discovered = await server.call('discover_context', { goal: 'fix needle in src/a.ts', validationOutput: 'FAIL packages/api/src/y.ts:1:1 expected 3' });
    expect(discovered.isError).toBeFalsy();
    const discoveredText = textOf(discovered);
    expect(discoveredText).toContain('"path": "src/a.ts"');
    expect(discoveredText).toContain('"path": "packages/api/src/y.ts"');
    // run defaults to false: no validation command ran.
    expect(discoveredText).not.toMatch(/"ran": true/);

    const regions = JSON.parse(textOf(await server.call('docs_map'))) as { regions: { target: string }[] };
    expect(regions.regions.map((region) => region.target)).toEqual(['guides']);
    const page = (await server.call('docs_map', { target: 'guides/install' })).structuredContent as { title: string; body: string };
    expect(page.title).toBe('Installing');
    expect(page.body).toContain('Run npm install');
    const found = JSON.parse(textOf(await server.call('docs_map', { search: 'database connection' }))) as { results: { target: string }[] };
    expect(found.results[0]?.target).toBe('guides/install');
    const missing = await server.call('docs_map', { target: 'nowhere' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('nowhere');
  });

  it('reads with the agent\'s offset and limit, and still takes the deprecated startLine/endLine; annotations follow the effect class', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const { tools } = await server.client.listTools();
    const readFile = tools.find((tool) => tool.name === 'read_file');
    expect(readFile?.inputSchema).toMatchObject({ properties: { offset: { type: 'integer' }, limit: { type: 'integer', maximum: 2000 }, startLine: { description: expect.stringMatching(/^Deprecated/) } } });
    for (const name of ['read_file', 'search_text', 'list_dir', 'docs_map', 'discover_context', 'project_context']) expect(tools.find((tool) => tool.name === name)?.annotations?.readOnlyHint, name).toBe(true);
    expect(tools.find((tool) => tool.name === 'validate_and_discover')?.annotations?.readOnlyHint).toBe(false);

    const range = await server.call('read_file', { path: 'src/a.ts', offset: 2, limit: 2 });
    expect(range.isError).toBeFalsy();
    expect(textOf(range)).toBe('src/a.ts (lines 2-3 of 4; call again with offset 4 for more)\nline two\nline three');
    expect(textOf(await server.call('read_file', { path: 'src/a.ts', offset: 4 }))).toBe('src/a.ts (lines 4-4 of 4)\nexport const needle = 3;');
    const past = await server.call('read_file', { path: 'src/a.ts', offset: 9 });
    expect(past.isError).toBe(true);
    expect(textOf(past)).toBe('offset: 9 is past the end of src/a.ts (4 lines)');
    const both = await server.call('read_file', { path: 'src/a.ts', offset: 1, endLine: 2 });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/not both/);
  });

  it('caps search_text at 1,000 matches, as the agent does', async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const { tools } = await server.client.listTools();
    expect(tools.find((tool) => tool.name === 'search_text')?.inputSchema).toMatchObject({ properties: { maxResults: { maximum: 1000 } } });
    expect((await server.call('search_text', { query: 'needle', maxResults: 1000 })).isError).toBeFalsy();
    const over = await server.call('search_text', { query: 'needle', maxResults: 1001 });
    expect(over.isError).toBe(true);
    expect(textOf(over)).toContain('maxResults');
  });

  it('checks the permission rules on docs_map and the page it opens, as the agent does', async () => {
    const rules = (deny: string[]) => ({ '.brass-agent.json': JSON.stringify({ permissions: { deny } }) });
    await using home = await createTempWorkspace();
    await using toolDenied = await createTempWorkspace({ git: true, files: { ...TREE, ...rules(['Tool(docs_map)']) } });
    await using server = await startServer(toolDenied, home);
    const denied = await server.call('docs_map');
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/^docs_map is denied \(denied by rule Tool\(docs_map\)\)$/);
    // The other tools are not affected by a rule on this one.
    expect((await server.call('read_file', { path: 'src/a.ts' })).isError).toBeFalsy();

    await using pageDenied = await createTempWorkspace({ git: true, files: { ...TREE, ...rules(['Read(docs/guides/install.md)']) } });
    await using pageServer = await startServer(pageDenied, home);
    const page = await pageServer.call('docs_map', { target: 'guides/install' });
    expect(page.isError).toBe(true);
    expect(textOf(page)).not.toContain('Run npm install');
    expect(JSON.parse(textOf(await pageServer.call('docs_map'))) as unknown).toMatchObject({ regions: [{ target: 'guides' }] });
  });

  it('serves 1,000 calls without growing memory without bound', { timeout: 90_000 }, async () => {
    await using files = await fixture();
    await using server = await startServer(files.workspace, files.home);
    const callOne = (index: number): Promise<CallToolResult> =>
      index % 10 === 0
        ? server.call('search_text', { query: 'needle' })
        : server.call('read_file', { path: index % 2 === 0 ? 'src/a.ts' : 'packages/api/src/x.ts', startLine: 1, endLine: 2 });
    // A few calls in flight at once, as a client agent makes them: the server must answer each.
    const callBatch = async (count: number): Promise<void> => {
      for (let index = 0; index < count; index += CALLS_IN_FLIGHT) {
        const results = await Promise.all(Array.from({ length: CALLS_IN_FLIGHT }, (_unused, offset) => callOne(index + offset)));
        for (const result of results) expect(result.isError).toBeFalsy();
      }
    };
    await callBatch(100);
    const before = residentKib(server.pid);
    await callBatch(1000);
    const after = residentKib(server.pid);
    console.error(`mcp server RSS: ${before} KiB after warm-up, ${after} KiB after 1,000 more calls`);
    // Generous: a leak of even a few KiB per call over 1,000 calls would cross it; noise does not.
    expect(after - before).toBeLessThan(40 * 1024);
  });
  it('runs the repository\'s validation commands only inside the sandbox, with validate_and_discover (issue 14)', async () => {
    await using home = await createTempWorkspace({ files: { '.ssh/id_rsa': 'PRIVATE KEY\n' } });
    await using outside = await createTempWorkspace();
    const leak = outside.path('leak.txt');
    await using workspace = await createTempWorkspace({ git: true, files: { 'package.json': JSON.stringify({ scripts: { test: `cat "$HOME/.ssh/id_rsa" > ${leak}; echo ran` } }) } });
    await using server = await startServer(workspace, home);
    const text = textOf(await server.call('validate_and_discover', { goal: 'make the tests pass' }));
    expect(text).toMatch(/"ran": true,[^}]*"sandboxed": true/);
    expect(fs.existsSync(leak)).toBe(false);
  });
});
