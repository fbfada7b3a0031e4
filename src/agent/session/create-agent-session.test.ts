import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAgentTestKit } from '../../../test/support/agent-test-kit.js';
import { FakeRandom, fakeSecret } from '../../../test/support/fake-secrets.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { ConfigSchema } from '../../config/index.js';
import { PLAIN_SYSTEM_PROMPT } from '../context-session/index.js';
import { createAgentSession } from './create-agent-session.js';

const DOCS = {
  'docs/guides/index.md': '---\ntitle: Guides\n---\n# Guides\n\nStart here.\n',
  'docs/guides/install.md': '# Install\n\nRun the installer.\n',
  'docs/reference/cli.md': '# CLI\n\nEvery flag.\n',
  'docs/faq.md': '# FAQ\n\nQuestions.\n',
};

describe('createAgentSession', () => {
  it('builds the prompt from the context session, the docs regions and one line per tool, redacted', async () => {
    const token = fakeSecret(new FakeRandom(3), 'github-classic').value;
    await using workspace = await createTempWorkspace({ git: true, files: { ...DOCS, 'AGENTS.md': `# Rules\nDeploy token: ${token}\n` } });
    const kit = await createAgentTestKit({ root: workspace.root, docs: true, script: [] });
    const session = await kit.session({ mode: 'propose' });
    const prompt = session.systemPrompt;
    expect(prompt.startsWith(`${PLAIN_SYSTEM_PROMPT}\n\n# Project guidance`)).toBe(true);
    expect(prompt).not.toContain(token);
    expect(prompt).toContain('[REDACTED:github-token]');
    expect(prompt).toContain('# Documentation map\n');
    expect(prompt).toContain('- guides: Guides (1 page)');
    expect(prompt).toContain('Top-level pages: faq (FAQ)');
    const toolsSection = prompt.slice(prompt.indexOf('# Tools\n'));
    expect(toolsSection.split('\n').filter((line) => line.startsWith('- ')).map((line) => line.slice(2).split(':')[0])).toEqual([
      'read_file', 'search_text', 'list_dir', 'docs_map', 'run_validation', 'edit_file', 'write_file', 'delegate',
    ]);
    expect(toolsSection).toContain('Mode propose:');
    // The docs_map tool answers as the MCP tool and the CLI do.
    const docsMap = session.tools.find((tool) => tool.definition.name === 'docs_map')!;
    const page = await docsMap.run({ target: 'guides/install' }, { session, callId: 'c', signal: new AbortController().signal });
    // A page is its JSON header, then its Markdown as text (issue 18, item 10).
    const headerEnd = page.content.indexOf('\n}\n') + 2;
    expect(JSON.parse(page.content.slice(0, headerEnd))).toMatchObject({ version: 1, target: 'guides/install', title: 'Install', path: 'docs/guides/install.md' });
    expect(page.content.slice(headerEnd)).toMatch(/^\n\n[^{]/);
    expect(page.paths).toEqual(['docs/guides/install.md']);
  });

  it('offers the tools of each mode and no docs_map without a docs map', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const names = async (mode: 'read-only' | 'propose' | 'write' | 'autonomous') => (await kit.session({ mode })).tools.map((tool) => tool.definition.name);
    expect(await names('read-only')).toEqual(['read_file', 'search_text', 'list_dir', 'run_validation', 'delegate']);
    expect(await names('propose')).toEqual(['read_file', 'search_text', 'list_dir', 'run_validation', 'edit_file', 'write_file', 'delegate']);
    expect(await names('write')).toEqual(['read_file', 'search_text', 'list_dir', 'run_validation', 'edit_file', 'write_file', 'shell', 'delegate']);
    expect(await names('autonomous')).toEqual(await names('write'));
    const schema = (await kit.session()).tools.find((tool) => tool.definition.name === 'edit_file')!.definition.inputSchema;
    expect(schema).toMatchObject({ type: 'object', required: ['path', 'old_string', 'new_string'], additionalProperties: false });
    expect(schema).not.toHaveProperty('$schema');
  });

  it('shows the diff set with setApprovalDiff in the next patch approval only, and emits the approval events', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, approval: 'ask', answer: 'allow-once', script: [] });
    const session = await kit.session({ mode: 'write' });
    session.setApprovalDiff('--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n');
    const applied = await session.runtime.execute({ kind: 'patch.apply', tool: 'edit_file', edits: [{ path: 'a.txt', content: 'b\n' }] });
    expect(applied.ok).toBe(true);
    expect(fs.readFileSync(workspace.path('a.txt'), 'utf8')).toBe('b\n');
    expect(kit.asked.map((prompt) => prompt.diff)).toEqual(['--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n']);
    expect(kit.events).toEqual([
      {
        type: 'approval.requested',
        approvalId: 'main-1',
        action: 'patch.apply',
        tool: 'edit_file',
        reason: 'writes ask by default',
        paths: ['a.txt'],
        outOfScopePaths: [],
        command: null,
        diff: '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n',
      },
      { type: 'approval.resolved', approvalId: 'main-1', outcome: 'allow-once' },
    ]);
    await session.runtime.execute({ kind: 'patch.apply', tool: 'edit_file', edits: [{ path: 'a.txt', content: 'c\n' }] });
    expect(kit.asked[1]!.diff).toBeNull();
  });

  it('allows the validation commands by default and remembers a session grant in its own grants', async () => {
    await using workspace = await createTempWorkspace({ files: { 'check.js': '\n' } });
    const kit = await createAgentTestKit({ root: workspace.root, approval: 'ask', answer: 'allow-session', validationCommands: [{ name: 'check', argv: ['node', 'check.js'] }], script: [] });
    const session = await kit.session({ mode: 'autonomous' });
    expect((await session.runtime.check({ kind: 'shell.run', argv: ['node', 'check.js'], tool: 'run_validation' })).verdict.decision).toBe('allow');
    expect((await session.runtime.check({ kind: 'shell.run', argv: ['node', 'other.js'], tool: 'shell' })).verdict.decision).toBe('ask');
    const first = await session.runtime.execute({ kind: 'shell.run', argv: ['node', 'check.js', '--first'], tool: 'shell' });
    expect(first.ok).toBe(true);
    const second = await session.runtime.execute({ kind: 'shell.run', argv: ['node', 'check.js', '--second'], tool: 'shell' });
    expect(second.ok).toBe(true);
    expect(kit.asked).toHaveLength(1);
    const child = await session.createChild({});
    const fromChild = await child.runtime.execute({ kind: 'shell.run', argv: ['node', 'check.js', '--child'], tool: 'shell' });
    expect(fromChild.ok).toBe(true);
    // The child's grants start empty: it had to ask again.
    expect(kit.asked).toHaveLength(2);
    expect(kit.events.filter((event) => event.type === 'approval.requested').map((event) => (event.type === 'approval.requested' ? event.approvalId : ''))).toEqual(['main-1', 'delegate-1-1']);
  });

  it('treats a failing approval prompt as deny and says so', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const kit = await createAgentTestKit({
      root: workspace.root,
      approval: 'ask',
      answer: () => {
        throw new Error('stdin closed');
      },
      script: [],
    });
    const session = await kit.session({ mode: 'write' });
    const observation = await session.runtime.execute({ kind: 'patch.apply', tool: 'edit_file', edits: [{ path: 'a.txt', content: 'b\n' }] });
    expect(observation.ok).toBe(false);
    expect(kit.events.map((event) => event.type)).toEqual(['approval.requested', 'warning', 'approval.resolved']);
    expect(fs.readFileSync(workspace.path('a.txt'), 'utf8')).toBe('a\n');
  });
});

describe('docs_map permissions', () => {
  it('applies the session rules to the tool and to the page it would show', async () => {
    await using workspace = await createTempWorkspace({ files: DOCS });
    const kit = await createAgentTestKit({ root: workspace.root, docs: true, script: [] });
    // The docs map was opened without the rule (as an entry point might); the session's rule still applies.
    const config = ConfigSchema.parse({ permissions: { deny: ['Read(docs/reference/**)'] } });
    const session = await createAgentSession({ ...kit.environment, config }, { mode: 'propose', name: 'main', edits: kit.edits });
    const docsMap = session.tools.find((tool) => tool.definition.name === 'docs_map')!;
    const context = { session, callId: 'c', signal: new AbortController().signal };
    expect(await docsMap.run({ target: 'reference/cli' }, context)).toMatchObject({ ok: false, code: 'denied' });
    expect(await docsMap.run({ target: 'guides/install' }, context)).toMatchObject({ ok: true });

    const toolDenied = await createAgentTestKit({ root: workspace.root, docs: true, script: [], config: { permissions: { deny: ['Tool(docs_map)'] } } });
    const denied = await toolDenied.session();
    const result = await denied.tools.find((tool) => tool.definition.name === 'docs_map')!.run({}, { ...context, session: denied });
    expect(result).toMatchObject({ ok: false, code: 'denied', content: 'docs_map is denied (denied by rule Tool(docs_map))' });
  });
});
