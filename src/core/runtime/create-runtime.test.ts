import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeFileSystem, createNodePathProbe } from '../../adapters/file-system/index.js';
import { listFiles } from '../../adapters/search/index.js';
import { loadShellParser } from '../../adapters/shell-parser/index.js';
import { createNodeShell } from '../../adapters/shell/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { WorkspaceScope } from '../path-scope/workspace-scope.js';
import type { ShellParser } from '../path-scope/shell-syntax.js';
import { type PermissionServiceOptions, createPermissionService } from '../permission/create-permission-service.js';
import { systemClock } from '../services/clock.js';
import type { PermissionRequest } from '../services/permission.js';
import type { Services } from '../services/services.js';
import { type RuntimeLimits, createRuntime } from './create-runtime.js';

// The runtime's gates end to end on Node: real files and symlinks, real
// child processes, the real shell parser. Each action is prepared, decided,
// approved (or not), prepared again right before it runs, then run.

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

async function open(workspace: TempWorkspace, permission: PermissionServiceOptions = {}, options: { wrap?: (services: Services) => Services; limits?: Partial<RuntimeLimits> } = {}) {
  const scope = await WorkspaceScope.create({ root: workspace.root, probe: createNodePathProbe() });
  const service = createPermissionService(permission);
  const services: Services = {
    fileSystem: createNodeFileSystem({ list: listFiles, searchText: () => Promise.reject(new Error('search is not used here')) }),
    shell: createNodeShell({ baseEnv: { PATH: process.env.PATH ?? '' } }),
    permission: service,
    clock: systemClock,
  };
  return { runtime: createRuntime({ services: options.wrap?.(services) ?? services, scope, shellParser: parser, ...(options.limits ? { limits: options.limits } : {}) }), service };
}

/** A workspace with `link-out`, a symlinked directory that leads outside it. */
async function withOutside() {
  const workspace = await createTempWorkspace({ files: { 'src/a.ts': 'inside\n' } });
  const outside = await createTempWorkspace({ files: { 'secret.txt': 'outside secret\n' } });
  fs.symlinkSync(outside.root, workspace.path('link-out'));
  return { workspace, outside, async [Symbol.asyncDispose]() { await workspace.dispose(); await outside.dispose(); } };
}

describe('runtime gates', () => {
  it('treats a symlinked directory inside that points outside as outside: refused unless a person approves', async () => {
    await using fixture = await withOutside();
    const refused = await (await open(fixture.workspace, { approval: 'auto' })).runtime.execute({ kind: 'fs.readFile', path: 'link-out/secret.txt' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'outside-workspace' } });
    expect(JSON.stringify(refused)).not.toContain('outside secret');
    const asked: PermissionRequest[] = [];
    const { runtime } = await open(fixture.workspace, { ask: async (request) => (asked.push(request), 'allow-once') });
    const approved = await runtime.execute({ kind: 'fs.readFile', path: 'link-out/secret.txt' });
    expect(approved).toMatchObject({ ok: true, value: { content: 'outside secret\n' } });
    expect(asked.map((request) => request.outOfScopePaths)).toEqual([[fixture.outside.path('secret.txt')]]);
  });

  it('asks before a shell command reaches outside; allow-once is used up, allow-session keeps the folder', async () => {
    await using fixture = await withOutside();
    const answers = ['allow-once', 'allow-session'] as const;
    const asked: PermissionRequest[] = [];
    const { runtime } = await open(fixture.workspace, { ask: async (request) => (asked.push(request), answers[asked.length - 1] ?? 'deny') });
    const command = { kind: 'shell.run', argv: ['sh', '-c', `cat ${fixture.outside.path('secret.txt')}`] } as const;
    expect(await runtime.execute(command)).toMatchObject({ ok: true, value: { stdout: 'outside secret\n' } });
    expect(await runtime.execute(command)).toMatchObject({ ok: true, value: { stdout: 'outside secret\n' } });
    // The folder grant outlives the call; reading it again needs no approval (reads need no tool approval).
    expect(await runtime.execute({ kind: 'fs.readFile', path: fixture.outside.path('secret.txt') })).toMatchObject({ ok: true, value: { content: 'outside secret\n' } });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ outOfScopePaths: [fixture.outside.path('secret.txt')], commands: [{ argv: ['sh', '-c', `cat ${fixture.outside.path('secret.txt')}`], isTransparent: true }, { argv: ['cat', fixture.outside.path('secret.txt')] }] });
  });

  it('never lets --approval auto override a deny rule', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const { runtime } = await open(workspace, { approval: 'auto', rules: { deny: ['Shell(rm *)'] } });
    const denied = await runtime.execute({ kind: 'shell.run', argv: ['sh', '-c', 'echo ok; rm a.txt'] });
    expect(denied).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(fs.existsSync(workspace.path('a.txt'))).toBe(true);
  });

  it('does not let a chained command ride an allow rule', async () => {
    await using workspace = await createTempWorkspace();
    const { runtime } = await open(workspace, { approval: 'never', rules: { allow: ['Shell(echo *)'] } });
    expect(await runtime.execute({ kind: 'shell.run', argv: ['sh', '-c', 'echo hi'] })).toMatchObject({ ok: true, value: { stdout: 'hi\n' } });
    const chained = await runtime.execute({ kind: 'shell.run', argv: ['sh', '-c', 'echo hi && touch pwned'] });
    expect(chained).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(fs.existsSync(workspace.path('pwned'))).toBe(false);
  });

  it('checks again right before running: a path swapped for a symlink while a person decided is refused', async () => {
    await using fixture = await withOutside();
    fs.mkdirSync(fixture.workspace.path('data'));
    const { runtime } = await open(fixture.workspace, {
      ask: async () => {
        // While the person reads the question, `data` becomes a way out of the workspace.
        fs.rmSync(fixture.workspace.path('data'), { recursive: true });
        fs.symlinkSync(fixture.outside.root, fixture.workspace.path('data'));
        return 'allow-once';
      },
    });
    const swapped = await runtime.execute({ kind: 'shell.run', argv: ['touch', 'data/flag'] });
    expect(swapped).toMatchObject({ ok: false, error: { code: 'denied', message: expect.stringMatching(/changed while it waited for approval/) } });
    expect(fs.existsSync(fixture.outside.path('flag'))).toBe(false);
  });

  it('says what it would decide without running or asking', async () => {
    await using fixture = await withOutside();
    const { runtime } = await open(fixture.workspace, { ask: async () => Promise.reject(new Error('must not ask')) });
    const check = await runtime.check({ kind: 'shell.run', argv: ['sh', '-c', 'cat link-out/secret.txt > copy.txt'] });
    expect(check.verdict.decision).toBe('ask');
    expect(check.outOfScope.map((item) => item.path)).toEqual([fixture.outside.path('secret.txt')]);
    expect(check.request).toMatchObject({ writesThroughRedirection: true, paths: ['.', 'copy.txt'] });
    expect(fs.existsSync(fixture.workspace.path('copy.txt'))).toBe(false);
  });
});

// One deadline per action (one timer, one controller) instead of one per step:
// what each step's own timer guaranteed must still hold.
describe('runtime deadline', () => {
  /** A file system whose reads never settle (a dead mount); real child processes cannot stand in for it. */
  const hangingReads = (seen: { aborted: boolean }) => (services: Services): Services => ({
    ...services,
    fileSystem: {
      ...services.fileSystem,
      readFile: ({ signal }) =>
        new Promise<never>(() => {
          signal?.addEventListener('abort', () => (seen.aborted = true));
        }),
    },
  });

  it('fails an fs action that hangs with a timeout after actionTimeoutMs, and aborts its service call', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const seen = { aborted: false };
    const { runtime } = await open(workspace, {}, { wrap: hangingReads(seen), limits: { actionTimeoutMs: 50 } });
    const hung = await runtime.execute({ kind: 'fs.readFile', path: 'a.txt' });
    expect(hung).toMatchObject({ ok: false, error: { code: 'timeout', message: 'fs.readFile did not finish within 50 ms' } });
    expect(seen.aborted).toBe(true);
  });

  it('lets an outer signal cancel an fs action that hangs', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const seen = { aborted: false };
    const { runtime } = await open(workspace, {}, { wrap: hangingReads(seen) });
    const controller = new AbortController();
    const pending = runtime.execute({ kind: 'fs.readFile', path: 'a.txt' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(seen.aborted).toBe(true);
  });

  it('does not count the time a person takes to approve', async () => {
    await using fixture = await withOutside();
    const { runtime } = await open(
      fixture.workspace,
      { ask: () => new Promise((resolve) => setTimeout(() => resolve('allow-once'), 1_500)) },
      { limits: { actionTimeoutMs: 1_000 } },
    );
    expect(await runtime.execute({ kind: 'fs.readFile', path: 'link-out/secret.txt' })).toMatchObject({ ok: true, value: { content: 'outside secret\n' } });
  });

  it('gives a command its own timeout, not what is left of actionTimeoutMs', async () => {
    await using workspace = await createTempWorkspace();
    const { runtime } = await open(workspace, { approval: 'auto' }, { limits: { actionTimeoutMs: 50 } });
    expect(await runtime.execute({ kind: 'shell.run', argv: ['sleep', '0.3'], timeoutMs: 10_000 })).toMatchObject({ ok: true, value: { exitCode: 0 } });
  });

  it('asks the shell for isolation only for a command', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const asked: string[] = [];
    const { runtime } = await open(workspace, { approval: 'auto' }, {
      wrap: (services) => ({ ...services, shell: { ...services.shell, isolationFor: async (origin) => (asked.push(origin), { kind: 'host' }) } }),
    });
    expect(await runtime.execute({ kind: 'fs.readFile', path: 'a.txt' })).toMatchObject({ ok: true });
    expect(await runtime.execute({ kind: 'fs.stat', path: 'a.txt' })).toMatchObject({ ok: true });
    expect(await runtime.execute({ kind: 'fs.list' })).toMatchObject({ ok: true });
    expect(asked).toEqual([]);
    expect(await runtime.execute({ kind: 'shell.run', argv: ['true'] })).toMatchObject({ ok: true });
    expect(asked).toEqual(['workspace']);
  });

  it("refuses a shell.run action that claims the person's own origin (only the CLI starts their editor), before anything runs", async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const asked: string[] = [];
    const { runtime } = await open(workspace, { approval: 'auto' }, {
      wrap: (services) => ({ ...services, shell: { ...services.shell, isolationFor: async (origin) => (asked.push(origin), { kind: 'host' }) } }),
    });
    const forged = { kind: 'shell.run', argv: ['touch', 'made.txt'], origin: 'person' } as unknown as Parameters<typeof runtime.execute>[0];
    const observation = await runtime.execute(forged);
    expect(observation).toMatchObject({ ok: false, error: { message: expect.stringMatching(/origin/) } });
    expect(asked).toEqual([]);
    await expect(fs.promises.access(path.join(workspace.root, 'made.txt'))).rejects.toThrow();
  });

  // Issue 21: the nested-context walk lists by name through the same gates.
  it('lists by name and depth through the permission service, and refuses a path as a name before anything is decided', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a/AGENTS.md': '', 'a/b/c/AGENTS.md': '', 'a/x.ts': '', 'secret/AGENTS.md': '' } });
    const decided: PermissionRequest[] = [];
    const { runtime } = await open(workspace, { rules: { deny: ['Read(secret)'] } }, {
      wrap: (services) => ({ ...services, permission: { ...services.permission, decide: (request) => (decided.push(request), services.permission.decide(request)) } }),
    });
    const listed = await runtime.execute({ kind: 'fs.list', path: 'a', recursive: true, names: ['AGENTS.md'], maxDepth: 2 });
    expect(listed).toMatchObject({ ok: true, value: { entries: [{ path: 'a/AGENTS.md', kind: 'file' }], truncated: false } });
    expect(decided.map((request) => [request.action, request.paths])).toEqual([['fs.list', ['a']]]);
    expect(await runtime.execute({ kind: 'fs.list', path: 'secret', recursive: true, names: ['AGENTS.md'] })).toMatchObject({ ok: false, error: { code: 'denied' } });
    decided.length = 0;
    const refused = await runtime.execute({ kind: 'fs.list', recursive: true, names: ['../AGENTS.md'] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('names[0]: "../AGENTS.md" contains a path separator') } });
    expect(decided).toEqual([]);
  });
});
