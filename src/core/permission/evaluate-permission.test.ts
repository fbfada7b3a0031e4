import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../services/permission.js';
import { createPermissionService } from './create-permission-service.js';
import { evaluatePermission } from './evaluate-permission.js';
import { parsePermissionRule } from './permission-rule.js';

const read = (...paths: string[]): PermissionRequest => ({ action: 'fs.readFile', access: 'read', paths, outOfScopePaths: [] });
const write = (...paths: string[]): PermissionRequest => ({ action: 'patch.apply', access: 'write', paths, outOfScopePaths: [] });
const run = (...argv: string[]): PermissionRequest => ({ action: 'shell.run', access: 'execute', paths: ['.'], outOfScopePaths: [], argv });

function rules(allow: string[] = [], ask: string[] = [], deny: string[] = []) {
  return { allow: allow.map(parsePermissionRule), ask: ask.map(parsePermissionRule), deny: deny.map(parsePermissionRule) };
}

describe('evaluatePermission', () => {
  const cases: { name: string; request: PermissionRequest; rules: ReturnType<typeof rules>; expected: string }[] = [
    { name: 'reads inside are allowed by default', request: read('src/a.ts'), rules: rules(), expected: 'allow' },
    { name: 'writes ask by default', request: write('src/a.ts'), rules: rules(), expected: 'ask' },
    { name: 'commands ask by default', request: run('npm', 'test'), rules: rules(), expected: 'ask' },
    { name: 'LLM calls are allowed by default', request: { action: 'llm.complete', access: 'network', paths: [], outOfScopePaths: [] }, rules: rules(), expected: 'allow' },
    { name: 'outside paths ask even for reads', request: { ...read(), outOfScopePaths: ['/etc/passwd'] }, rules: rules(['Read(**)']), expected: 'ask' },
    { name: 'deny beats allow', request: read('.env'), rules: rules(['Read(**)'], [], ['Read(.env*)']), expected: 'deny' },
    { name: 'deny beats ask', request: write('docs/a.md'), rules: rules([], ['Write(docs/**)'], ['Write(docs/**)']), expected: 'deny' },
    { name: 'ask beats allow', request: write('docs/a.md'), rules: rules(['Write(docs/**)'], ['Write(**/*.md)']), expected: 'ask' },
    { name: 'an allow rule allows a write', request: write('docs/a.md'), rules: rules(['Write(docs/**)']), expected: 'allow' },
    { name: 'a write rule needs every path to match', request: write('docs/a.md', 'src/b.ts'), rules: rules(['Write(docs/**)']), expected: 'ask' },
    { name: 'a shell allow rule allows its command', request: run('npm', 'run', 'test:unit'), rules: rules(['Shell(npm run test*)']), expected: 'allow' },
    { name: 'a shell allow rule does not allow another command', request: run('npm', 'run', 'build'), rules: rules(['Shell(npm run test*)']), expected: 'ask' },
    { name: 'an interpreter cannot ride an allow rule', request: run('sh', '-c', 'npm run test; rm -rf ~'), rules: rules(['Shell(sh -c npm run test*)']), expected: 'ask' },
    { name: 'a tool rule denies by tool name', request: { ...read('a'), tool: 'search_text' }, rules: rules([], [], ['Tool(search_text)']), expected: 'deny' },
    { name: 'dotfiles match ** globs', request: read('.github/workflows/ci.yml'), rules: rules([], [], ['Read(.github/**)']), expected: 'deny' },
  ];
  it.each(cases)('$name', ({ request, rules: ruleSet, expected }) => {
    expect(evaluatePermission(request, ruleSet).decision).toBe(expected);
  });

  it.each(['Read', 'Exec(ls)', 'Read()', 'read(src/**)', ''])('rejects the malformed rule %j', (source) => {
    expect(() => parsePermissionRule(source)).toThrow(/permission rule/);
  });
});

describe('createPermissionService', () => {
  it('refuses asks when nobody can be asked', async () => {
    const service = createPermissionService();
    const request = write('a.ts');
    expect(await service.approve(request, service.decide(request))).toBe('deny');
  });

  it('auto-approves asks but never a deny', async () => {
    const service = createPermissionService({ approval: 'auto', rules: { deny: ['Write(secrets/**)'] } });
    const asked = write('a.ts');
    const denied = write('secrets/k');
    expect(await service.approve(asked, service.decide(asked))).toBe('allow-once');
    expect(service.decide(denied).decision).toBe('deny');
    expect(await service.approve(denied, service.decide(denied))).toBe('deny');
  });

  it('remembers an allow-session answer but asks again after allow-once', async () => {
    const answers: string[] = [];
    const service = createPermissionService({
      ask: async (request) => {
        answers.push(request.action);
        return request.action === 'patch.apply' ? 'allow-session' : 'allow-once';
      },
    });
    for (let round = 0; round < 2; round += 1) {
      await service.approve(write('a.ts'), service.decide(write('a.ts')));
      await service.approve(run('make'), service.decide(run('make')));
    }
    expect(answers).toEqual(['patch.apply', 'shell.run', 'shell.run']);
  });

  it('never remembers a grant for paths outside the workspace', async () => {
    let asked = 0;
    const service = createPermissionService({ ask: async () => ((asked += 1), 'allow-session') });
    const outside: PermissionRequest = { ...read(), outOfScopePaths: ['/etc/hosts'] };
    await service.approve(outside, service.decide(outside));
    await service.approve(outside, service.decide(outside));
    expect(asked).toBe(2);
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
