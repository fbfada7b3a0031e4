import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeFileSystem, createNodePathProbe } from '../../adapters/file-system/index.js';
import { listFiles } from '../../adapters/search/index.js';
import { createNodeShell } from '../../adapters/shell/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { WorkspaceScope } from '../path-scope/workspace-scope.js';
import { createPermissionService } from '../permission/create-permission-service.js';
import { systemClock } from '../services/clock.js';
import { createRuntime } from './create-runtime.js';

// Deleting files through a patch: the snapshot is kept, a rollback recreates
// the file byte for byte, and a deletion that cannot happen fails the whole
// patch before anything is written.

async function open(workspace: TempWorkspace) {
  const scope = await WorkspaceScope.create({ root: workspace.root, probe: createNodePathProbe() });
  const services = {
    fileSystem: createNodeFileSystem({ list: listFiles, searchText: () => Promise.reject(new Error('search is not used here')) }),
    shell: createNodeShell({ baseEnv: { PATH: process.env.PATH ?? '' } }),
    permission: createPermissionService({ approval: 'auto' }),
    clock: systemClock,
  };
  return createRuntime({ services, scope });
}

describe('patch deletions', () => {
  it('deletes a file and recreates it byte for byte on rollback', async () => {
    const bytes = 'keep me\r\nüñï\n';
    await using workspace = await createTempWorkspace({ files: { 'src/gone.ts': bytes, 'src/a.ts': 'a\n' } });
    const runtime = await open(workspace);
    const applied = await runtime.execute({ kind: 'patch.apply', edits: [{ path: 'src/gone.ts', content: null, expectedContent: bytes }, { path: 'src/a.ts', content: 'b\n' }] });
    expect(applied).toMatchObject({ ok: true, value: { files: [{ path: 'src/gone.ts', created: false, deleted: true }, { path: 'src/a.ts', created: false, deleted: false }] } });
    expect(fs.existsSync(workspace.path('src/gone.ts'))).toBe(false);
    if (!applied.ok) throw new Error('unreachable');
    const rolledBack = await runtime.execute({ kind: 'patch.rollback', patchId: applied.value.patchId });
    expect(rolledBack).toMatchObject({ ok: true, value: { restored: ['src/gone.ts', 'src/a.ts'], removed: [] } });
    expect(fs.readFileSync(workspace.path('src/gone.ts'), 'utf8')).toBe(bytes);
    expect(fs.readFileSync(workspace.path('src/a.ts'), 'utf8')).toBe('a\n');
  });

  it('refuses to delete a missing file, or a file changed since, and writes nothing', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'a\n', 'b.ts': 'b\n' } });
    const runtime = await open(workspace);
    const missing = await runtime.execute({ kind: 'patch.apply', edits: [{ path: 'a.ts', content: 'changed\n' }, { path: 'missing.ts', content: null }] });
    expect(missing).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('missing.ts does not exist, so it cannot be deleted') } });
    const stale = await runtime.execute({ kind: 'patch.apply', edits: [{ path: 'a.ts', content: 'changed\n' }, { path: 'b.ts', content: null, expectedContent: 'old b\n' }] });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect([fs.readFileSync(workspace.path('a.ts'), 'utf8'), fs.readFileSync(workspace.path('b.ts'), 'utf8')]).toEqual(['a\n', 'b\n']);
  });

  it('refuses an edit whose content is neither text nor null', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'a\n' } });
    const observation = await (await open(workspace)).execute({ kind: 'patch.apply', edits: [{ path: 'a.ts', content: 42 as unknown as string }] });
    expect(observation).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('edits[0].content') } });
    expect(fs.readFileSync(workspace.path('a.ts'), 'utf8')).toBe('a\n');
  });
});
