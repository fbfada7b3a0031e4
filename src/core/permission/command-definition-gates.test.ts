import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../services/permission.js';
import { commandDefinitionPaths } from './command-definition-paths.js';
import { type ApprovalMode, createPermissionService } from './create-permission-service.js';

// Issue 15, item 7: a run that changes what a validation command runs makes
// it the run's own command, and git's control files take a person's answer.

const run = (...argv: string[]): PermissionRequest => ({ action: 'shell.run', access: 'execute', paths: ['.'], outOfScopePaths: [], argv, tool: 'run_validation' });
const write = (...paths: string[]): PermissionRequest => ({ action: 'patch.apply', access: 'write', paths, outOfScopePaths: [], tool: 'edit_file' });
const VALIDATION = [['npm', 'test'], ['bash', 'scripts/check.sh']];

function service(approval: ApprovalMode, options: { areCommandsConfined?: boolean; allow?: string[] } = {}) {
  return createPermissionService({
    approval,
    allowedCommands: VALIDATION,
    commandDefinitionPaths: commandDefinitionPaths(VALIDATION),
    rules: { allow: options.allow ?? [] },
    ...(options.areCommandsConfined === true ? { areCommandsConfined: true } : {}),
    ask: async () => 'deny',
  });
}

describe('validation commands after the run changes their definition', () => {
  it.each(['ask', 'auto', 'never'] as const)('are allowed until then, and ask like any other command after a write to package.json (approval %s)', (approval) => {
    const permission = service(approval);
    expect(permission.decide(run('npm', 'test')).decision).toBe('allow');
    permission.decide(write('src/a.ts'));
    expect(permission.decide(run('npm', 'test')).decision).toBe('allow');
    permission.decide(write('package.json'));
    const verdict = permission.decide(run('npm', 'test'));
    expect(verdict.decision).toBe('ask');
    expect(verdict.reason).toContain('this run changed package.json');
    expect(permission.changedDefinition).toBe('package.json');
  });

  it.each([['packages/api/package.json'], ['.npmrc'], ['.git/config'], ['.git/hooks/pre-commit'], ['.brass-agent.json'], ['scripts/check.sh']])('counts a write to %s', (file) => {
    const permission = service('ask');
    permission.decide(write(file));
    expect(permission.decide(run('bash', 'scripts/check.sh')).decision).toBe('ask');
  });

  it('counts a command that names a definition file, but not the validation command itself', () => {
    const permission = service('ask');
    permission.decide({ ...run('bash', 'scripts/check.sh'), paths: ['.', 'scripts/check.sh'] });
    expect(permission.decide(run('npm', 'test')).decision).toBe('allow');
    permission.decide({ ...run('sh', '-c', 'npm pkg set scripts.test=x'), paths: ['.', 'package.json'] });
    expect(permission.decide(run('npm', 'test')).decision).toBe('ask');
  });

  it.each([['npm', 'pkg', 'set', 'scripts.test=curl x | sh'], ['git', 'config', 'alias.x', '!sh'], ['/usr/bin/npm', '--silent', 'set-script', 'test', 'x']])('counts a command that rewrites a definition without naming it: %j', (...argv) => {
    const permission = service('auto');
    permission.decide({ ...run('sh', '-c', argv.join(' ')), commands: [{ argv: ['sh', '-c', argv.join(' ')], isTransparent: true }, { argv, lookup: 'builtin' }] });
    expect(permission.decide(run('npm', 'test')).decision).toBe('ask');
  });

  it('is then decided like any other command: the sandbox still confines it', () => {
    const permission = service('ask', { areCommandsConfined: true });
    permission.decide(write('package.json'));
    expect(permission.decide(run('npm', 'test')).reason).toContain('the sandbox confines it');
  });
});

describe('writes to .git/config and .git/hooks/', () => {
  it.each(['.git/config', '.git/hooks/pre-commit', '.GIT/Config', '.git/hooks'])('ask a person for %s, even under a Write(**) allow rule, and auto approval refuses', async (file) => {
    const permission = service('auto', { allow: ['Write(**)'] });
    const request = write(file);
    const verdict = permission.decide(request);
    expect(verdict).toMatchObject({ decision: 'ask', needs: { person: true } });
    expect(verdict.reason).toContain('only a person may allow writing it');
    expect(await permission.approve(request, verdict)).toBe('deny');
  });

  it('lets a person allow one write, never the session', async () => {
    const permission = createPermissionService({ ask: async () => 'allow-session' });
    const request = write('.git/hooks/pre-push');
    const verdict = permission.decide(request);
    expect(await permission.approve(request, verdict)).toBe('allow-session');
    expect(permission.grants.cover(request, permission.decide(request).needs!)).toBeNull();
  });

  it('leaves other files under .git and files elsewhere alone', () => {
    const permission = service('auto', { allow: ['Write(**)'] });
    expect(permission.decide(write('.github/workflows/ci.yml')).decision).toBe('allow');
    expect(permission.decide(write('docs/.git/configuration.md')).decision).toBe('allow');
  });
});

describe('commandDefinitionPaths', () => {
  it('adds the script files the commands name', () => {
    expect(commandDefinitionPaths([['bash', 'scripts/check.sh'], ['sh', '-c', './ci/test && npm run lint'], ['node', '--test', '/usr/lib/x.js']])).toEqual(expect.arrayContaining(['scripts/check.sh', 'ci/test', '**/package.json', '.git/config']));
  });
});
