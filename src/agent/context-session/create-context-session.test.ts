import { describe, expect, it } from 'vitest';
import { openGuidanceRuntime } from '../../adapters/project-context/index.js';
import { ConfigSchema, type ConfigInput } from '../../config/index.js';
import { openTestParts, openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { assembleSystemPrompt } from './assemble-system-prompt.js';
import { createContextCache } from './create-context-cache.js';
import { createContextSession } from './create-context-session.js';
import { PLAIN_SYSTEM_PROMPT } from './plain-system-prompt.js';

const config = (input: ConfigInput = {}) => ConfigSchema.parse(input);

describe('createContextSession', () => {
  it('gives the plain prompt byte for byte with no config, no guidance and no nested files', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: { 'src/a.ts': 'export {};\n', 'README.md': '# Project\n' } });
    const session = await createContextSession({ runtime: await openTestRuntime(workspace.root), config: config(), basePrompt: PLAIN_SYSTEM_PROMPT });
    expect(session.systemPrompt).toBe(PLAIN_SYSTEM_PROMPT);
    expect(Buffer.from(session.systemPrompt).equals(Buffer.from(PLAIN_SYSTEM_PROMPT))).toBe(true);
    expect(session.warnings).toEqual([]);
    expect(await session.onToolResult({ tool: 'read_file', ok: true, paths: ['src/a.ts'] })).toBeNull();
  });

  it('assembles guidance, scoped context, rules and manifest in that order after the plain prompt', async () => {
    await using workspace = await createTempWorkspace({
      git: true,
      files: {
        'AGENTS.md': '# Guidance\n',
        'docs/review.md': 'Review notes\n',
        'packages/api/AGENTS.md': '# API\n',
        '.brass-agent/rules/style.md': '---\nalwaysApply: true\n---\nTabs.\n',
      },
    });
    const session = await createContextSession({
      runtime: await openTestRuntime(workspace.root),
      config: config({ agents: { reviewer: { context: { paths: ['docs/review.md'] } } } }),
      basePrompt: PLAIN_SYSTEM_PROMPT,
      selection: { agent: 'reviewer' },
    });
    const prompt = session.systemPrompt;
    expect(prompt.startsWith(`${PLAIN_SYSTEM_PROMPT}\n\n# Project guidance\n`)).toBe(true);
    const order = ['# Project guidance', '# Scoped context', '# Project rules', '# Nested context files'].map((heading) => prompt.indexOf(heading));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((left, right) => left - right)).toEqual(order);
    expect(session.manifest.entries.map((entry) => entry.path)).toEqual(['packages/api/AGENTS.md']);
  });

  it('keeps the system prompt identical across turns and sessions sharing a cache, even when files change', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: { 'AGENTS.md': 'v1\n', 'docs/a.md': 'a1\n', 'pkg/AGENTS.md': '# Pkg v1\n' } });
    const runtime = await openTestRuntime(workspace.root);
    const cache = createContextCache();
    const options = { runtime, config: config({ context: { paths: ['docs/a.md'] } }), basePrompt: PLAIN_SYSTEM_PROMPT, cache };
    const first = await createContextSession(options);
    await first.onToolResult({ tool: 'read_file', ok: true, paths: ['pkg/x.ts'] });
    expect(first.systemPrompt).toContain('v1');
    workspace.write('AGENTS.md', 'v2\n');
    workspace.write('docs/a.md', 'a2\n');
    workspace.write('pkg/AGENTS.md', '# Pkg v2\n');
    workspace.write('new/AGENTS.md', '# New\n');
    const second = await createContextSession(options);
    expect(second.systemPrompt).toBe(first.systemPrompt);
    // The sub-agent session has its own disclosure state.
    expect(await second.onToolResult({ tool: 'read_file', ok: true, paths: ['pkg/x.ts'] })).not.toBeNull();
  });

  it('turns nested context off for an agent that says nested: false', async () => {
    await using workspace = await createTempWorkspace({ files: { 'pkg/AGENTS.md': '# Pkg\n' } });
    const session = await createContextSession({
      runtime: await openTestRuntime(workspace.root),
      config: config({ agents: { focused: { context: { nested: false } } } }),
      basePrompt: PLAIN_SYSTEM_PROMPT,
      selection: { agent: 'focused' },
    });
    expect(session.isNestedEnabled).toBe(false);
    expect(session.systemPrompt).toBe(PLAIN_SYSTEM_PROMPT);
    expect(await session.onToolResult({ tool: 'read_file', ok: true, paths: ['pkg/a.ts'] })).toBeNull();
  });

  it('never lists or injects a nested file that scoped context already inlined', async () => {
    await using workspace = await createTempWorkspace({ files: { 'pkg/AGENTS.md': '# Pkg\n' } });
    const session = await createContextSession({ runtime: await openTestRuntime(workspace.root), config: config({ context: { paths: ['pkg'] } }), basePrompt: PLAIN_SYSTEM_PROMPT });
    expect(session.scoped.files.map((file) => file.path)).toEqual(['pkg/AGENTS.md']);
    expect(session.manifest.entries).toEqual([]);
    expect(await session.onToolResult({ tool: 'read_file', ok: true, paths: ['pkg/a.ts'] })).toBeNull();
  });

  it('reads guidance above the workspace through the guidance runtime', async () => {
    await using repo = await createTempWorkspace({ git: true, files: { 'AGENTS.md': 'monorepo rules\n', 'apps/web/AGENTS.md': 'web rules\n' } });
    const parts = await openTestParts(repo.path('apps/web'));
    const guidanceRuntime = await openGuidanceRuntime({ projectRoot: repo.root, workspace: parts });
    const session = await createContextSession({ runtime: parts.runtime, config: config(), basePrompt: PLAIN_SYSTEM_PROMPT, projectRoot: repo.root, guidanceRuntime });
    expect(session.guidance.files.map((file) => file.path)).toEqual(['../../AGENTS.md', 'AGENTS.md']);
  });

  it('rejects a selection that names an unknown agent or flow step', async () => {
    await using workspace = await createTempWorkspace();
    const runtime = await openTestRuntime(workspace.root);
    await expect(createContextSession({ runtime, config: config(), basePrompt: 'p', selection: { agent: 'ghost' } })).rejects.toThrow(/agent ghost is not defined/);
    await expect(createContextSession({ runtime, config: config(), basePrompt: 'p', selection: { flow: 'f', step: 's' } })).rejects.toThrow(/flow f is not defined/);
  });
});

describe('assembleSystemPrompt', () => {
  it('returns the base prompt itself without sections', () => {
    expect(assembleSystemPrompt('base\n', ['', ''])).toBe('base\n');
    expect(assembleSystemPrompt('base\n', ['# A', '', '# B'])).toBe('base\n\n# A\n\n# B\n');
  });
});
