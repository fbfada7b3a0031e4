import { describe, expect, it } from 'vitest';
import { DEFAULT_SAFE_TOOLS } from '../../core/index.js';
import { createAgentTestKit, openTestMemory } from '../../../test/support/agent-test-kit.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { MAX_SEARCH_MATCHES } from './search-text-tool.js';
import { AGENT_MODES, TOOL_REGISTRY, mcpToolEntries, registryEntriesFor, safeToolNames } from './tool-registry.js';
import { MAX_TOOL_RESULT_BYTES } from './tool-text.js';

const FILES = { 'docs/guides/install.md': '---\ntitle: Installing\n---\n# Installing\nRun npm install.\n', 'src/a.ts': 'export const a = 1;\n' };

// The memory's folder is only created by a write, which these tests never make.
async function kitOf(root: string) {
  return createAgentTestKit({ root, script: [], docs: true, validationCommands: [{ name: 'test', argv: ['npm', 'test'] }], memory: openTestMemory(`${root}/.unwritten-memory`, root) });
}

describe('the tool registry', () => {
  it('names each tool once; an MCP surface serves the definition of its own tool', () => {
    const names = TOOL_REGISTRY.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of TOOL_REGISTRY) if (entry.mcp !== null) expect(entry.mcp.definition.name).toBe(entry.name);
  });

  it.each(AGENT_MODES)('gives a %s session exactly the registry entries of its mode, in registry order', async (mode) => {
    await using workspace = await createTempWorkspace({ files: FILES });
    const kit = await kitOf(workspace.root);
    const session = await kit.session({ mode });
    const expected = registryEntriesFor({ mode, isChild: false }).map((entry) => entry.name);
    expect(session.tools.map((tool) => tool.definition.name)).toEqual(expected);
    // Derived properties, not literal lists: editing needs a mode that allows it, reading is everywhere.
    for (const entry of TOOL_REGISTRY) {
      if (entry.effect === 'read') expect(expected).toContain(entry.name);
      if (entry.effect === 'write' && mode === 'read-only') expect(expected).not.toContain(entry.name);
    }
  });

  it('gives a sub-agent the entries marked for sub-agents whatever its mode: no write tool, no delegate', async () => {
    await using workspace = await createTempWorkspace({ files: FILES });
    const kit = await kitOf(workspace.root);
    const parent = await kit.session({ mode: 'autonomous' });
    const child = await parent.createChild({});
    const names = child.tools.map((tool) => tool.definition.name);
    expect(names).toEqual(registryEntriesFor({ mode: 'autonomous', isChild: true }).map((entry) => entry.name));
    for (const entry of TOOL_REGISTRY) if (entry.effect === 'write' || entry.effect === 'delegate') expect(names).not.toContain(entry.name);
  });

  it('leaves remember and recall out of a session without memory, or with memory.enabled false', async () => {
    await using workspace = await createTempWorkspace({ files: FILES });
    const none = await (await createAgentTestKit({ root: workspace.root, script: [] })).session({ mode: 'autonomous' });
    const off = await (await createAgentTestKit({ root: workspace.root, script: [], config: { memory: { enabled: false } }, memory: openTestMemory(`${workspace.root}/.unwritten-memory`, workspace.root) })).session({ mode: 'autonomous' });
    for (const session of [none, off]) expect(session.tools.map((tool) => tool.definition.name)).not.toEqual(expect.arrayContaining(['remember']));
    for (const session of [none, off]) expect(session.tools.map((tool) => tool.definition.name)).not.toContain('recall');
  });

  it('gives sub-agents recall but never remember (issue 22)', async () => {
    await using workspace = await createTempWorkspace({ files: FILES });
    const parent = await (await kitOf(workspace.root)).session({ mode: 'autonomous' });
    expect(parent.tools.map((tool) => tool.definition.name)).toEqual(expect.arrayContaining(['remember', 'recall']));
    const child = await parent.createChild({});
    const names = child.tools.map((tool) => tool.definition.name);
    expect(names).toContain('recall');
    expect(names).not.toContain('remember');
  });

  it('leaves docs_map out of a session without a docs map', async () => {
    await using workspace = await createTempWorkspace({ files: FILES });
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const session = await kit.session({ mode: 'read-only' });
    expect(session.tools.map((tool) => tool.definition.name)).not.toContain('docs_map');
  });

  it('derives the safe tools from the read effect, and core\'s default equals them (add a read tool: add it to DEFAULT_SAFE_TOOLS)', () => {
    const reads = TOOL_REGISTRY.filter((entry) => entry.effect === 'read').map((entry) => entry.name);
    expect(safeToolNames()).toEqual(reads);
    expect([...DEFAULT_SAFE_TOOLS].sort()).toEqual([...reads].sort());
  });

  it('lets the session read without approval through exactly the read tools', async () => {
    await using workspace = await createTempWorkspace({ files: FILES });
    const kit = await kitOf(workspace.root);
    const session = await kit.session({ mode: 'write' });
    for (const entry of TOOL_REGISTRY) {
      const check = await session.runtime.check({ kind: 'fs.readFile', path: 'src/a.ts', tool: entry.name });
      expect(check.verdict.decision, entry.name).toBe(entry.effect === 'read' ? 'allow' : 'ask');
    }
  });

  it('serves over MCP only read tools, each from its own definition', () => {
    const served = mcpToolEntries();
    expect(served.map((entry) => entry.name)).toEqual(TOOL_REGISTRY.filter((entry) => entry.mcp !== null).map((entry) => entry.name));
    for (const entry of served) {
      expect(entry.effect).toBe('read');
      expect(entry.mcp.definition.effect).toBe(entry.effect);
    }
  });

  it('has one search cap and one output cap for the agent and the MCP server', async () => {
    await using workspace = await createTempWorkspace({ files: { ...FILES, 'big.txt': `${'x'.repeat(MAX_TOOL_RESULT_BYTES * 2)}\n` } });
    const kit = await kitOf(workspace.root);
    const session = await kit.session({ mode: 'read-only' });
    const search = TOOL_REGISTRY.find((entry) => entry.name === 'search_text')!.mcp!.definition;
    const agentSearch = session.tools.find((tool) => tool.definition.name === 'search_text')!;
    const maximumOf = (schema: Record<string, unknown>) => (schema['properties'] as Record<string, { maximum?: number }>)['maxResults']?.maximum;
    expect(maximumOf(agentSearch.definition.inputSchema)).toBe(MAX_SEARCH_MATCHES);
    expect(maximumOf(search.llmDefinition.inputSchema)).toBe(MAX_SEARCH_MATCHES);
    expect(MAX_SEARCH_MATCHES).toBe(1000);
    const context = { session, callId: 'c', signal: new AbortController().signal };
    const agentRead = await session.tools.find((tool) => tool.definition.name === 'read_file')!.run({ path: 'big.txt' }, context);
    const mcpRead = await TOOL_REGISTRY.find((entry) => entry.name === 'read_file')!.mcp!.definition.run({ path: 'big.txt' }, { runtime: session.runtime, redact: session.redact }, { isCompat: true });
    expect(mcpRead.content).toBe(agentRead.content);
    expect(agentRead.content).toMatch(new RegExp(`\\[\\.\\.\\. output cut: showing ${MAX_TOOL_RESULT_BYTES} of \\d+ bytes`));
  });

  it('ranks the agent\'s search_text as the MCP server\'s: source before benchmarks, whatever the path order (issue 18, item 10)', async () => {
    const benchmarks = Object.fromEntries(Array.from({ length: 4 }, (_unused, index) => [`benchmarks/b${index}.js`, 'runQuery();\nrunQuery();\n']));
    await using workspace = await createTempWorkspace({ files: { ...FILES, ...benchmarks, 'src/run-query.ts': 'export function runQuery() {}\n' } });
    const kit = await kitOf(workspace.root);
    const session = await kit.session({ mode: 'read-only' });
    const context = { session, callId: 'c', signal: new AbortController().signal };
    const agentSearch = await session.tools.find((tool) => tool.definition.name === 'search_text')!.run({ query: 'runQuery', maxResults: 2 }, context);
    const mcpSearch = await TOOL_REGISTRY.find((entry) => entry.name === 'search_text')!.mcp!.definition.run({ query: 'runQuery', maxResults: 2 }, { runtime: session.runtime, redact: session.redact }, { isCompat: true });
    expect(agentSearch.content.split('\n')[0]).toBe('src/run-query.ts:1:17: export function runQuery() {}');
    expect(mcpSearch.content).toBe(agentSearch.content);
    expect(mcpSearch.structured).toEqual(agentSearch.structured);
  });
});
