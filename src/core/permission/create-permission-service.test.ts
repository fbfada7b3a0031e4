import { describe, expect, it } from 'vitest';
import type { Clock } from '../services/clock.js';
import type { ApprovalOutcome, PermissionRequest } from '../services/permission.js';
import { type PermissionServiceOptions, createPermissionService } from './create-permission-service.js';
import { DEFAULT_APPROVAL_TTL_MS } from './session-grants.js';

// Gates and grants: what a session remembers from a person's structured
// answers, for how long, and what it never lets an answer or a mode override.

const read = (...paths: string[]): PermissionRequest => ({ action: 'fs.readFile', access: 'read', paths, outOfScopePaths: [] });
const write = (...paths: string[]): PermissionRequest => ({ action: 'patch.apply', access: 'write', paths, outOfScopePaths: [] });
const run = (...argv: string[]): PermissionRequest => ({ action: 'shell.run', access: 'execute', paths: ['.'], outOfScopePaths: [], argv, tool: 'shell' });
const outside = (request: PermissionRequest, ...paths: string[]): PermissionRequest => ({ ...request, outOfScopePaths: paths });

function manualClock(start = 1_000_000): Clock & { advance(ms: number): void } {
  let time = start;
  return { now: () => time, advance: (ms) => (time += ms) };
}

/** A service whose person answers from a script and records what was asked. */
function scripted(answers: (request: PermissionRequest) => ApprovalOutcome, options: Omit<PermissionServiceOptions, 'ask'> = {}) {
  const asked: PermissionRequest[] = [];
  const service = createPermissionService({ ...options, ask: async (request) => (asked.push(request), answers(request)) });
  const attempt = (request: PermissionRequest) => service.approve(request, service.decide(request));
  return { service, asked, attempt };
}

describe('createPermissionService', () => {
  it('refuses asks when nobody can be asked, or approval is "never"', async () => {
    for (const service of [createPermissionService(), createPermissionService({ approval: 'never', ask: async () => 'allow-once' })]) {
      expect(await service.approve(write('a.ts'), service.decide(write('a.ts')))).toBe('deny');
    }
  });

  it('auto-approves asks but never a deny rule, and never a path outside the workspace', async () => {
    const service = createPermissionService({ approval: 'auto', rules: { deny: ['Write(secrets/**)', 'Shell(rm *)'] } });
    const cases: [PermissionRequest, ApprovalOutcome][] = [
      [write('a.ts'), 'allow-once'],
      [run('npm', 'install'), 'allow-once'],
      [write('secrets/k'), 'deny'],
      [{ ...run('sh', '-c', 'true && rm -rf x'), commands: [{ argv: ['sh', '-c', 'true && rm -rf x'], isTransparent: true }, { argv: ['true'] }, { argv: ['rm', '-rf', 'x'] }] }, 'deny'],
      [outside(read(), '/etc/passwd'), 'deny'],
      [outside(run('cat', '/etc/passwd'), '/etc/passwd'), 'deny'],
      // Paths that cannot be known are code the agent runs: auto already trusts that.
      [{ ...run('node', '-e', 'x'), unknownPathsReason: 'node -e runs a program given inline' }, 'allow-once'],
    ];
    for (const [request, expected] of cases) expect(await service.approve(request, service.decide(request))).toBe(expected);
  });

  it('uses up an allow-once answer and keeps an allow-session answer for the tool', async () => {
    const { attempt, asked } = scripted((request) => (request.action === 'patch.apply' ? 'allow-session' : 'allow-once'));
    for (let round = 0; round < 3; round += 1) {
      expect(await attempt({ ...write('a.ts'), tool: 'edit_file' })).not.toBe('deny');
      expect(await attempt(run('make'))).toBe('allow-once');
    }
    expect(asked.map((request) => request.action)).toEqual(['patch.apply', 'shell.run', 'shell.run', 'shell.run']);
  });

  it('grants a folder for the session: paths below it pass, others and unknown paths still ask', async () => {
    const { attempt, asked } = scripted(() => 'allow-session');
    expect(await attempt(outside(read(), '/opt/data/a.csv'))).toBe('allow-session');
    expect(await attempt(outside(read(), '/opt/data/a.csv/b'))).toBe('allow-session');
    expect(await attempt(outside(read(), '/opt/database'))).toBe('allow-session');
    expect(await attempt({ ...run('cat', '$X'), unknownPathsReason: '$X is not known' })).toBe('allow-session');
    expect(await attempt({ ...run('cat', '$X'), unknownPathsReason: '$X is not known' })).toBe('allow-session');
    // Asked: the first read, the other folder (not below /opt/data/a.csv), and both unknown commands.
    expect(asked.map((request) => request.outOfScopePaths[0] ?? request.unknownPathsReason)).toEqual(['/opt/data/a.csv', '/opt/database', '$X is not known', '$X is not known']);
  });

  it('covers both gates with one approval: a folder grant also lets that call run its tool, once', async () => {
    const { attempt, asked } = scripted(() => 'allow-session');
    expect(await attempt(outside(run('ls', '/srv/logs'), '/srv/logs'))).toBe('allow-session');
    expect(asked).toHaveLength(1);
    // The folder is granted; the shell tool is not (a later command inside the workspace asks again).
    expect(await attempt(run('make'))).toBe('allow-session');
    expect(asked).toHaveLength(2);
  });

  it('binds a once grant to the exact operation, uses it up, and lets it expire', async () => {
    const clock = manualClock();
    const { service, attempt, asked } = scripted(() => 'deny', { clock });
    const request = outside(run('cat', '/etc/hosts'), '/etc/hosts');
    service.grants.grantOnce(request);
    expect(await attempt(outside(run('cat', '/etc/hostname'), '/etc/hostname'))).toBe('deny');
    expect(await attempt(request)).toBe('allow-once');
    expect(await attempt(request)).toBe('deny');
    service.grants.grantOnce(request);
    clock.advance(DEFAULT_APPROVAL_TTL_MS + 1);
    expect(await attempt(request)).toBe('deny');
    expect(asked).toHaveLength(3);
  });

  it('refuses an answer that arrives after the approval expired', async () => {
    const clock = manualClock();
    const service = createPermissionService({ clock, approvalTtlMs: 60_000, ask: async () => (clock.advance(60_001), 'allow-once') });
    expect(await service.approve(write('a.ts'), service.decide(write('a.ts')))).toBe('deny');
  });

  it.each([['Deny once'], ['yes'], ['allow'], [undefined], [{ outcome: 'allow-once' }]])('takes only structured choices: %j counts as deny', async (answer) => {
    const service = createPermissionService({ ask: async () => answer as unknown as ApprovalOutcome });
    expect(await service.approve(write('a.ts'), service.decide(write('a.ts')))).toBe('deny');
  });

  it('never lets a session grant cover an ask rule', async () => {
    const { attempt, asked } = scripted(() => 'allow-session', { rules: { ask: ['Write(docs/**)'] } });
    await attempt({ ...write('docs/a.md'), tool: 'edit_file' });
    await attempt({ ...write('docs/a.md'), tool: 'edit_file' });
    expect(asked).toHaveLength(2);
  });

  it('grants all tools for the session, but never a folder that way', async () => {
    const { service, attempt, asked } = scripted(() => 'deny');
    service.grants.grantAllTools();
    expect(await attempt(run('make'))).toBe('allow-session');
    expect(await attempt({ ...write('a.ts'), tool: 'write_file' })).toBe('allow-session');
    expect(await attempt(outside(run('cat', '/etc/hosts'), '/etc/hosts'))).toBe('deny');
    expect(asked).toHaveLength(1);
  });

  it("keeps a sub-agent's grants apart from its parent's", async () => {
    const parent = scripted(() => 'allow-session');
    await parent.attempt(run('make'));
    const child = scripted(() => 'allow-session', { grants: parent.service.grants.createChild() });
    await child.attempt(run('make'));
    await child.attempt(outside(read(), '/opt/data'));
    expect(child.asked).toHaveLength(2);
    await parent.attempt(outside(read(), '/opt/data'));
    expect(parent.asked).toHaveLength(2);
  });

  it("allows the project's own validation commands exactly, unless a rule asks or denies", () => {
    const service = createPermissionService({ allowedCommands: [['npm', 'run', 'typecheck']], rules: { deny: ['Shell(npm run lint)'], ask: ['Shell(npm test)'] } });
    expect(service.decide(run('npm', 'run', 'typecheck')).decision).toBe('allow');
    expect(service.decide(run('npm', 'run', 'typecheck', '--', '--watch')).decision).toBe('ask');
    const both = createPermissionService({ allowedCommands: [['npm', 'test'], ['npm', 'run', 'lint']], rules: { deny: ['Shell(npm run lint)'], ask: ['Shell(npm test)'] } });
    expect(both.decide(run('npm', 'test')).decision).toBe('ask');
    expect(both.decide(run('npm', 'run', 'lint')).decision).toBe('deny');
  });
});
