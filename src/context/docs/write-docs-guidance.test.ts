import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createDocsMap } from './create-docs-map.js';
import { GUIDANCE_BEGIN_MARKER, GUIDANCE_END_MARKER } from './docs-guidance.js';
import { writeDocsGuidance } from './write-docs-guidance.js';

const DOCS = {
  'docs/guides/index.md': '# Guides\n',
  'docs/guides/install.md': '# Install\n',
  'docs/api/README.md': '# API Reference\n',
  'docs/api/client.md': '# Client\n',
};

/** Writes the block as `brass-agent docs guidance` does: the one write is approved. */
async function guidance(workspace: TempWorkspace) {
  const opened = await openWorkspace({
    cwd: workspace.root,
    env: { PATH: process.env.PATH, XDG_CONFIG_HOME: workspace.path('.xdg') },
    ask: async (request) => (request.action === 'patch.apply' && request.paths.join() === 'AGENTS.md' ? 'allow-once' : 'deny'),
  });
  const map = await createDocsMap({ runtime: opened.runtime, dirs: ['docs'] });
  return writeDocsGuidance(opened.runtime, map);
}

const read = (workspace: TempWorkspace) => fs.readFileSync(workspace.path('AGENTS.md'), 'utf8');

describe('writeDocsGuidance', () => {
  it('creates AGENTS.md with the regions, then changes nothing on the next run', async () => {
    await using workspace = await createTempWorkspace({ files: DOCS });
    expect(await guidance(workspace)).toEqual({ path: 'AGENTS.md', changed: true, created: true, regions: 2 });
    const written = read(workspace);
    expect(written).toContain('- `api`: API Reference\n- `guides`: Guides\n');
    expect(written).not.toContain('guides/install');
    const mtime = fs.statSync(workspace.path('AGENTS.md')).mtimeMs;
    expect(await guidance(workspace)).toEqual({ path: 'AGENTS.md', changed: false, created: false, regions: 2 });
    expect(read(workspace)).toBe(written);
    expect(fs.statSync(workspace.path('AGENTS.md')).mtimeMs).toBe(mtime);
  });

  it('keeps every byte outside the block, and does not churn when pages are added', async () => {
    const before = '\uFEFF# Project rules\r\n\r\nUse tabs.\t \r\n';
    const after = '\r\n## Later section\r\nno final newline';
    await using workspace = await createTempWorkspace({ files: { ...DOCS, 'AGENTS.md': `${before}${GUIDANCE_BEGIN_MARKER}\r\nstale\r\n${GUIDANCE_END_MARKER}${after}` } });
    expect((await guidance(workspace)).changed).toBe(true);
    const written = read(workspace);
    expect(written.startsWith(before)).toBe(true);
    expect(written.endsWith(after)).toBe(true);
    expect(written).not.toContain('stale');
    workspace.write('docs/guides/deploy.md', '# Deploy\n');
    workspace.write('docs/api/server.md', '# Server\n');
    expect((await guidance(workspace)).changed).toBe(false);
    expect(read(workspace)).toBe(written);
    workspace.write('docs/ops/runbook.md', '# Runbook\n');
    expect((await guidance(workspace)).changed).toBe(true);
    expect(read(workspace)).toContain('- `ops`: ops\r\n');
  });

  it('refuses broken markers and leaves the file alone', async () => {
    const broken = `# Rules\n${GUIDANCE_BEGIN_MARKER}\nno end marker\n`;
    await using workspace = await createTempWorkspace({ files: { ...DOCS, 'AGENTS.md': broken } });
    await expect(guidance(workspace)).rejects.toThrow(/AGENTS\.md: has broken brass-agent docs map markers/);
    expect(read(workspace)).toBe(broken);
  });

  it('respects a deny rule on the file', async () => {
    await using workspace = await createTempWorkspace({ files: { ...DOCS, '.brass-agent.json': JSON.stringify({ permissions: { deny: ['Write(AGENTS.md)'] } }) } });
    await expect(guidance(workspace)).rejects.toThrow(/denied/);
    expect(fs.existsSync(workspace.path('AGENTS.md'))).toBe(false);
  });
});
