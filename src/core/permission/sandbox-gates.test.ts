import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../services/permission.js';
import { createPermissionService } from './create-permission-service.js';

// The two ways the sandbox changes approvals (issue 14): an unsandboxed command in an untrusted
// workspace asks and only a person may allow it; a sandbox that confines commands makes their prompt pointless.

const run = (...argv: string[]): PermissionRequest => ({ action: 'shell.run', access: 'execute', paths: ['.'], outOfScopePaths: [], argv, tool: 'shell' });
const unsandboxed = (request: PermissionRequest): PermissionRequest => ({ ...request, unsandboxedReason: 'no sandbox here' });

describe('the sandbox gate', () => {
  it('asks for an unsandboxed command even when it is the project\'s own validation command, and auto approval never allows it', async () => {
    const service = createPermissionService({ approval: 'auto', allowedCommands: [['npm', 'test']] });
    const request = unsandboxed(run('npm', 'test'));
    const verdict = service.decide(request);
    expect(verdict).toMatchObject({ decision: 'ask', needs: { sandbox: true } });
    expect(verdict.reason).toContain('it would run without a sandbox: no sandbox here');
    expect(await service.approve(request, verdict)).toBe('deny');
  });

  it('lets a person allow it once, never for the session', async () => {
    const service = createPermissionService({ ask: async () => 'allow-session' });
    const request = unsandboxed(run('make'));
    expect(await service.approve(request, service.decide(request))).toBe('allow-session');
    expect(service.grants.cover(request, service.decide(request).needs!)).toBeNull();
  });

  it('still denies by rule', () => {
    const service = createPermissionService({ rules: { deny: ['Shell(rm *)'] } });
    expect(service.decide(unsandboxed(run('rm', '-rf', 'src'))).decision).toBe('deny');
  });
});

describe('commands the sandbox confines', () => {
  const confined = createPermissionService({ areCommandsConfined: true, rules: { ask: ['Shell(git push*)'], deny: ['Shell(curl *)'] } });

  it('run without asking when they stay inside the workspace', () => {
    expect(confined.decide(run('rm', '-rf', 'src'))).toMatchObject({ decision: 'allow', reason: expect.stringContaining('the sandbox confines it') });
    expect(confined.decide({ ...run('sh', '-c', 'echo x > out.txt'), writesThroughRedirection: true }).decision).toBe('allow');
  });

  it('still ask for paths outside the workspace, paths that cannot be known and ask rules; deny rules win', () => {
    expect(confined.decide({ ...run('cat', '/etc/passwd'), outOfScopePaths: ['/etc/passwd'] }).decision).toBe('ask');
    expect(confined.decide({ ...run('sh', '-c', '$CMD'), unknownPathsReason: 'a variable' }).decision).toBe('ask');
    expect(confined.decide(run('git', 'push', 'origin')).decision).toBe('ask');
    expect(confined.decide(run('curl', 'https://example.invalid')).decision).toBe('deny');
  });

  it('ask as before without a confining sandbox', () => {
    expect(createPermissionService().decide(run('rm', '-rf', 'src')).decision).toBe('ask');
  });
});
