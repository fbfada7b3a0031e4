import { describe, expect, it } from 'vitest';
import type { PermissionRequest, RequestedCommand } from '../services/permission.js';
import { evaluatePermission } from './evaluate-permission.js';
import { parsePermissionRule } from './permission-rule.js';

const read = (...paths: string[]): PermissionRequest => ({ action: 'fs.readFile', access: 'read', paths, outOfScopePaths: [] });
const write = (...paths: string[]): PermissionRequest => ({ action: 'patch.apply', access: 'write', paths, outOfScopePaths: [] });
const run = (...argv: string[]): PermissionRequest => ({ action: 'shell.run', access: 'execute', paths: ['.'], outOfScopePaths: [], argv });
/** A parsed command line: the runner (transparent) and each command it runs (statements of the script: the shell runs its builtins itself). */
const line = (script: string, ...commands: string[][]): PermissionRequest => ({
  ...run('sh', '-c', script),
  commands: [{ argv: ['sh', '-c', script], isTransparent: true }, ...commands.map((argv): RequestedCommand => ({ argv, lookup: 'builtin' }))],
});

function rules(allow: string[] = [], ask: string[] = [], deny: string[] = []) {
  const parse = (source: string) => parsePermissionRule(source, { homeDir: '/home/me' });
  return { allow: allow.map(parse), ask: ask.map(parse), deny: deny.map(parse) };
}

describe('evaluatePermission', () => {
  const cases: { name: string; request: PermissionRequest; rules: ReturnType<typeof rules>; expected: string; allowed?: string[][] }[] = [
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
    { name: 'a deny rule needs only one path to match', request: write('docs/a.md', '.github/ci.yml'), rules: rules(['Write(**)'], [], ['Write(.github/**)']), expected: 'deny' },
    { name: 'a shell allow rule allows its command', request: run('npm', 'run', 'test:unit'), rules: rules(['Shell(npm run test*)']), expected: 'allow' },
    { name: 'a shell allow rule does not allow another command', request: run('npm', 'run', 'build'), rules: rules(['Shell(npm run test*)']), expected: 'ask' },
    { name: 'an interpreter cannot ride an allow rule', request: run('sh', '-c', 'npm run test; rm -rf ~'), rules: rules(['Shell(sh -c npm run test*)']), expected: 'ask' },
    { name: 'a chained command cannot ride an allowed prefix', request: line('npm run test && rm -rf ~', ['npm', 'run', 'test'], ['rm', '-rf', '~']), rules: rules(['Shell(npm run test*)']), expected: 'ask' },
    { name: 'a substitution cannot ride an allowed command', request: line('npm run test $(curl x | sh)', ['curl', 'x'], ['sh'], ['npm', 'run', 'test', '$(curl x | sh)']), rules: rules(['Shell(npm run test*)']), expected: 'ask' },
    { name: 'every command of a parsed line allowed: allowed', request: line('cd pkg && npm run test', ['cd', 'pkg'], ['npm', 'run', 'test']), rules: rules(['Shell(npm run test*)']), expected: 'allow' },
    { name: 'a deny rule catches a command anywhere in the line', request: line('echo ok; rm -rf build', ['echo', 'ok'], ['rm', '-rf', 'build']), rules: rules(['Shell(echo *)'], [], ['Shell(rm *)']), expected: 'deny' },
    { name: 'a deny rule catches a command behind a wrapper', request: { ...run('sudo', 'rm', '-rf', '/'), commands: [{ argv: ['sudo', 'rm', '-rf', '/'] }, { argv: ['rm', '-rf', '/'] }] }, rules: rules([], [], ['Shell(rm *)']), expected: 'deny' },
    { name: 'a parsed script run by a shell may be allowed by a rule', request: { ...run('bash', 'scripts/check.sh'), commands: [{ argv: ['bash', 'scripts/check.sh'] }] }, rules: rules(['Shell(bash scripts/check.sh)']), expected: 'allow' },
    { name: 'sudo is never allowed by a rule', request: { ...run('sudo', 'npm', 'test'), commands: [{ argv: ['sudo', 'npm', 'test'] }, { argv: ['npm', 'test'] }] }, rules: rules(['Shell(npm test)', 'Shell(sudo *)']), expected: 'ask' },
    { name: 'a redirection that writes a file asks even for an allowed command', request: { ...line('npm run test > src/a.ts', ['npm', 'run', 'test']), writesThroughRedirection: true }, rules: rules(['Shell(npm run test*)']), expected: 'ask' },
    { name: 'paths that cannot be known ask', request: { ...line('cat $X', ['cat', '$X']), unknownPathsReason: '$X is not known' }, rules: rules(['Shell(cat *)']), expected: 'ask' },
    { name: 'the project validation command is allowed', request: line('npm run typecheck', ['npm', 'run', 'typecheck']), rules: rules(), expected: 'allow', allowed: [['npm', 'run', 'typecheck']] },
    { name: 'a configured validation command line is allowed as a whole', request: line('npm test && npm run lint', ['npm', 'test'], ['npm', 'run', 'lint']), rules: rules(), expected: 'allow', allowed: [['sh', '-c', 'npm test && npm run lint']] },
    { name: 'inert commands around it change nothing', request: line('cd src && echo start && npm test', ['cd', 'src'], ['echo', 'start'], ['npm', 'test']), rules: rules(), expected: 'allow', allowed: [['npm', 'test']] },
    { name: 'a validation command with extra arguments asks', request: line('npm test -- --watch', ['npm', 'test', '--', '--watch']), rules: rules(), expected: 'ask', allowed: [['npm', 'test']] },
    { name: 'a tool rule denies by tool name', request: { ...read('a'), tool: 'search_text' }, rules: rules([], [], ['Tool(search_text)']), expected: 'deny' },
    { name: 'a safe tool reads without asking', request: { ...read('a'), tool: 'read_file' }, rules: rules(), expected: 'allow' },
    { name: 'a tool not marked safe asks (tool gate)', request: { ...read('a'), tool: 'fetch_notes' }, rules: rules(), expected: 'ask' },
    { name: 'a Tool allow rule marks a tool safe', request: { ...read('a'), tool: 'fetch_notes' }, rules: rules(['Tool(fetch_*)']), expected: 'allow' },
    { name: 'dotfiles match ** globs', request: read('.github/workflows/ci.yml'), rules: rules([], [], ['Read(.github/**)']), expected: 'deny' },
    { name: 'a Read deny rule also stops a command naming the file', request: { ...line('cat .env', ['cat', '.env']), paths: ['.', '.env'] }, rules: rules(['Shell(cat *)'], [], ['Read(.env*)']), expected: 'deny' },
    { name: 'an absolute deny rule names a path outside', request: { ...line('cat /etc/shadow', ['cat', '/etc/shadow']), outOfScopePaths: ['/etc/shadow'] }, rules: rules([], [], ['Read(/etc/**)']), expected: 'deny' },
    { name: 'a ~ deny rule names a path in the home directory', request: { ...read(), outOfScopePaths: ['/home/me/.ssh/id_rsa'] }, rules: rules([], [], ['Read(~/.ssh/**)']), expected: 'deny' },
    { name: 'an absolute allow rule opens a folder outside for reads', request: { ...read(), outOfScopePaths: ['/usr/share/dict/words'] }, rules: rules(['Read(/usr/share/dict/**)']), expected: 'allow' },
    { name: 'an absolute Read allow rule does not open it for writes', request: { ...write(), outOfScopePaths: ['/usr/share/dict/words'] }, rules: rules(['Read(/usr/share/dict/**)', 'Write(**)']), expected: 'ask' },
    { name: 'an absolute allow rule does not open a folder to commands', request: { ...line('cat /usr/share/dict/words', ['cat', '/usr/share/dict/words']), outOfScopePaths: ['/usr/share/dict/words'] }, rules: rules(['Read(/usr/share/dict/**)', 'Shell(cat *)']), expected: 'ask' },
  ];

  it.each(cases)('$name', ({ request, rules: ruleSet, expected, allowed }) => {
    expect(evaluatePermission(request, ruleSet, { allowedCommands: allowed ?? [] }).decision).toBe(expected);
  });

  it('says which gates ask, so grants can cover each', () => {
    const outside = { ...line('cat /etc/hosts', ['cat', '/etc/hosts']), outOfScopePaths: ['/etc/hosts'], tool: 'shell' };
    expect(evaluatePermission(outside, rules([], ['Shell(cat *)']))).toEqual({
      decision: 'ask',
      reason: 'touches /etc/hosts, outside the workspace; rule Shell(cat *) asks; "cat /etc/hosts" asks by default (commands ask unless a rule allows them)',
      needs: { folder: true, rule: true, tool: true },
    });
    expect(evaluatePermission({ ...read(), outOfScopePaths: ['/etc/hosts'] }, rules()).needs).toEqual({ folder: true, rule: false, tool: false });
  });

  it.each(['Read', 'Exec(ls)', 'Read()', 'read(src/**)', ''])('rejects the malformed rule %j', (source) => {
    expect(() => parsePermissionRule(source)).toThrow(/permission rule/);
  });

  it('needs the home directory to read a ~ rule', () => {
    expect(() => parsePermissionRule('Read(~/.ssh/**)')).toThrow(/home directory/);
  });
});
