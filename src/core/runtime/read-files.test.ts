import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNodeFileSystem, createNodePathProbe } from '../../adapters/file-system/index.js';
import { listFiles } from '../../adapters/search/index.js';
import { createNodeShell } from '../../adapters/shell/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { MAX_READ_FILES_PATHS, type ReadFilesResult } from '../actions/agent-action.js';
import { WorkspaceScope } from '../path-scope/workspace-scope.js';
import { type PermissionServiceOptions, createPermissionService } from '../permission/create-permission-service.js';
import { systemClock } from '../services/clock.js';
import type { PermissionRequest, PermissionVerdict } from '../services/permission.js';
import type { Services } from '../services/services.js';
import { type RuntimeLimits, createRuntime } from './create-runtime.js';

/** A runtime over `workspace` whose permission service records every request it decides, and its verdict. */
async function open(workspace: TempWorkspace, permission: PermissionServiceOptions = {}, options: { wrap?: (services: Services) => Services; limits?: Partial<RuntimeLimits> } = {}) {
  const scope = await WorkspaceScope.create({ root: workspace.root, probe: createNodePathProbe() });
  const service = createPermissionService(permission);
  const trail: { request: PermissionRequest; verdict: PermissionVerdict }[] = [];
  const services: Services = {
    fileSystem: createNodeFileSystem({ list: listFiles, searchText: () => Promise.reject(new Error('search is not used here')) }),
    shell: createNodeShell({ baseEnv: { PATH: process.env.PATH ?? '' } }),
    permission: {
      decide: (request) => {
        const verdict = service.decide(request);
        trail.push({ request, verdict });
        return verdict;
      },
      approve: (request, verdict) => service.approve(request, verdict),
    },
    clock: systemClock,
  };
  const runtime = createRuntime({ services: options.wrap?.(services) ?? services, scope, ...(options.limits ? { limits: options.limits } : {}) });
  return { runtime, trail };
}

/** Each entry as its content, or its error code and message. */
function outcomesOf(result: ReadFilesResult): Record<string, string> {
  return Object.fromEntries(result.files.map((file) => [file.path, file.ok ? Buffer.from(result.data.subarray(file.start, file.end)).toString('utf8') : `${file.error.code}: ${file.error.message}`]));
}

describe('fs.readFiles', () => {
  it('decides and checks each file as its own fs.readFile: a denied or hostile file is refused, the others read', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const a = 1;\n', 'src/big.ts': 'x'.repeat(100), 'secret/key.ts': 'SECRET-KEY', 'src/own.ts': 'own\n' } });
    await using outside = await createTempWorkspace({ files: { 'secret.txt': 'OUTSIDE-SECRET' } });
    fs.symlinkSync(outside.path('secret.txt'), workspace.path('src/link-out.ts'));
    execFileSync('mkfifo', [workspace.path('src/pipe.ts')]);
    fs.linkSync(outside.path('secret.txt'), workspace.path('src/planted.ts'));
    const { runtime, trail } = await open(workspace, { rules: { deny: ['Read(secret/**)'] }, approval: 'never' });
    const paths = ['src/a.ts', 'secret/key.ts', 'src/link-out.ts', 'src/pipe.ts', 'src/planted.ts', 'src/missing.ts', 'src/big.ts', 'src/own.ts'];
    const observation = await runtime.execute({ kind: 'fs.readFiles', paths, maxBytes: 40 });
    if (!observation.ok) throw new Error(observation.error.message);
    expect(outcomesOf(observation.value)).toEqual({
      'src/a.ts': 'export const a = 1;\n',
      'secret/key.ts': 'denied: fs.readFile is denied (denied by rule Read(secret/**))',
      'src/link-out.ts': expect.stringMatching(/^outside-workspace: /),
      'src/pipe.ts': 'not-a-regular-file: src/pipe.ts is a FIFO, not a regular file',
      'src/planted.ts': expect.stringMatching(/^not-a-regular-file: src\/planted.ts has 2 hard links/),
      'src/missing.ts': 'not-found: src/missing.ts does not exist',
      'src/big.ts': 'x'.repeat(40),
      'src/own.ts': 'own\n',
    });
    expect(observation.value.files.find((file) => file.path === 'src/big.ts')).toMatchObject({ totalBytes: 100, truncated: true });
    expect(JSON.stringify(observation)).not.toContain('SECRET');
    expect(Buffer.from(observation.value.data).toString('utf8')).toBe(`export const a = 1;\n${'x'.repeat(40)}own\n`);
    // One request per file, exactly what its own fs.readFile asks, each decided.
    expect(trail.map(({ request }) => request)).toEqual([
      { action: 'fs.readFile', access: 'read', paths: ['src/a.ts'], outOfScopePaths: [] },
      { action: 'fs.readFile', access: 'read', paths: ['secret/key.ts'], outOfScopePaths: [] },
      { action: 'fs.readFile', access: 'read', paths: [], outOfScopePaths: [outside.path('secret.txt')] },
      { action: 'fs.readFile', access: 'read', paths: ['src/pipe.ts'], outOfScopePaths: [] },
      { action: 'fs.readFile', access: 'read', paths: ['src/planted.ts'], outOfScopePaths: [] },
      { action: 'fs.readFile', access: 'read', paths: ['src/missing.ts'], outOfScopePaths: [] },
      { action: 'fs.readFile', access: 'read', paths: ['src/big.ts'], outOfScopePaths: [] },
      { action: 'fs.readFile', access: 'read', paths: ['src/own.ts'], outOfScopePaths: [] },
    ]);
    expect(trail.map(({ verdict }) => verdict.decision)).toEqual(['allow', 'deny', 'ask', 'allow', 'allow', 'allow', 'allow', 'allow']);
    // The same file read on its own gives the same answer.
    const single = await runtime.execute({ kind: 'fs.readFile', path: 'secret/key.ts' });
    expect(single).toMatchObject({ ok: false, error: { code: 'denied', message: 'fs.readFile is denied (denied by rule Read(secret/**))' } });
  });

  it('reads a file outside that a person approved, with its own containment, after the files inside', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'inside\n' } });
    await using outside = await createTempWorkspace({ files: { 'shared.ts': 'approved outside\n' } });
    fs.symlinkSync(outside.root, workspace.path('linked'));
    const asked: PermissionRequest[] = [];
    const { runtime } = await open(workspace, { ask: async (request) => (asked.push(request), 'allow-once') });
    const observation = await runtime.execute({ kind: 'fs.readFiles', paths: ['linked/shared.ts', 'a.ts'] });
    if (!observation.ok) throw new Error(observation.error.message);
    expect(outcomesOf(observation.value)).toEqual({ [outside.path('shared.ts')]: 'approved outside\n', 'a.ts': 'inside\n' });
    expect(Buffer.from(observation.value.data).toString('utf8')).toBe('inside\napproved outside\n');
    expect(asked.map((request) => request.outOfScopePaths)).toEqual([[outside.path('shared.ts')]]);
  });

  it.each([
    { name: 'no paths', action: { paths: [] }, message: 'paths: must be a non-empty list of paths' },
    { name: 'too many paths', action: { paths: Array.from({ length: MAX_READ_FILES_PATHS + 1 }, (_, number) => `f${number}.ts`) }, message: `paths: holds ${MAX_READ_FILES_PATHS + 1} paths; at most ${MAX_READ_FILES_PATHS} per fs.readFiles` },
    { name: 'a path that is not a string', action: { paths: ['a.ts', 7 as unknown as string] }, message: 'paths[1]: must be a string' },
    { name: 'a cap over 1 MiB', action: { paths: ['a.ts'], maxBytes: 1024 * 1024 + 1 }, message: 'maxBytes: must be an integer from 0 to 1048576' },
    { name: 'more bytes than a batch may hold', action: { paths: Array.from({ length: 40 }, (_, number) => `f${number}.ts`) }, message: 'paths: 40 paths of up to 1048576 bytes each exceed 33554432 bytes per fs.readFiles; send fewer paths per action' },
  ])('refuses $name as invalid input, reading nothing', async ({ action, message }) => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'a\n' } });
    const { runtime, trail } = await open(workspace);
    const observation = await runtime.execute({ kind: 'fs.readFiles', ...action });
    expect(observation).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining(message) } });
    expect(trail).toEqual([]);
  });

  it('is decided path by path: policy check refuses it whole', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'a\n' } });
    const { runtime } = await open(workspace);
    await expect(runtime.check({ kind: 'fs.readFiles', paths: ['a.ts'] })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('fails whole with a timeout when its reads hang past actionTimeoutMs', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'a\n' } });
    const hanging = (services: Services): Services => ({ ...services, fileSystem: { ...services.fileSystem, readFiles: () => new Promise<never>(() => undefined) } });
    const { runtime } = await open(workspace, {}, { wrap: hanging, limits: { actionTimeoutMs: 50 } });
    const observation = await runtime.execute({ kind: 'fs.readFiles', paths: ['a.ts'] });
    expect(observation).toMatchObject({ ok: false, error: { code: 'timeout', message: 'fs.readFiles did not finish within 50 ms' } });
  });
});
