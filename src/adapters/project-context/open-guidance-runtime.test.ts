import { describe, expect, it } from 'vitest';
import { openTestParts } from '../../../test/support/open-test-runtime.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { openGuidanceRuntime } from './open-guidance-runtime.js';

describe('openGuidanceRuntime', () => {
  it('is the workspace runtime when the project root is the workspace root', async () => {
    await using workspace = await createTempWorkspace({ git: true });
    const parts = await openTestParts(workspace.root);
    expect(await openGuidanceRuntime({ projectRoot: workspace.root, workspace: parts })).toBe(parts.runtime);
  });

  it('above the workspace: reads the project root, denies everything else, and leaves the workspace scope alone', async () => {
    await using repo = await createTempWorkspace({ git: true, files: { 'AGENTS.md': 'root\n', 'app/a.ts': '' } });
    const parts = await openTestParts(repo.path('app'));
    const runtime = await openGuidanceRuntime({ projectRoot: repo.root, workspace: parts });
    expect(runtime.scope.root).toBe(repo.root);
    const read = await runtime.execute({ kind: 'fs.readFile', path: 'AGENTS.md' });
    expect(read.ok && read.value.content).toBe('root\n');
    const write = await runtime.execute({ kind: 'patch.apply', edits: [{ path: 'AGENTS.md', content: 'owned' }] });
    expect(write).toMatchObject({ ok: false, error: { code: 'denied' } });
    const shell = await runtime.execute({ kind: 'shell.run', argv: ['true'] });
    expect(shell).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(parts.runtime.scope.allowedRoots).toEqual([]);
    expect((await parts.runtime.execute({ kind: 'fs.readFile', path: '../AGENTS.md' })).ok).toBe(false);
  });
});
