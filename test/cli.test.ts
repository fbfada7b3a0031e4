import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';
import { runCli } from './support/run-cli.js';

// The CLI as a user runs it: a child process, real files, exit codes, stdout
// carrying exactly one JSON document with --json.

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[`);

/** An environment whose user config lives in the test's own temp dir. */
function envFor(workspace: TempWorkspace, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const xdg = workspace.path('.test-xdg');
  return { ...process.env, XDG_CONFIG_HOME: xdg, NO_COLOR: undefined, FORCE_COLOR: undefined, ...extra };
}

describe('brass-agent CLI frame', () => {
  it('prints its version and help, and exits 2 on an unknown command or flag', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(await runCli(['--version'])).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['discover', 'context', 'docs', 'read', 'policy', 'doctor', 'config', 'trust', 'untrust', 'rollback', 'undo']) expect(help.stdout).toContain(command);
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
    const badFlag = await runCli(['read', 'x', '--frob']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/unknown option '--frob'/);
  });
});

describe('brass-agent read', () => {
  it('prints a file inside the workspace as one JSON document', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const a = "é";\n' } });
    const result = await runCli(['read', 'src/a.ts', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ path: 'src/a.ts', bytes: 23, truncated: false, content: 'export const a = "é";\n' });
    const human = await runCli(['read', 'src/a.ts', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(human).toMatchObject({ code: 0, stdout: 'export const a = "é";\n' });
  });

  it('caps what it shows and says so', async () => {
    await using workspace = await createTempWorkspace({ files: { 'big.txt': 'é'.repeat(100) } });
    const result = await runCli(['read', 'big.txt', '--json', '--max-bytes', '11', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(JSON.parse(result.stdout)).toMatchObject({ bytes: 10, totalBytes: 200, truncated: true, content: 'é'.repeat(5) });
  });

  const refusals: { name: string; setup: (workspace: TempWorkspace) => string; reason: RegExp }[] = [
    { name: 'a relative path escaping the root', setup: () => '../../../../etc/passwd', reason: /outside the workspace/ },
    { name: 'an absolute path outside', setup: () => '/etc/passwd', reason: /outside the workspace/ },
    { name: 'a symlink to a file outside', setup: (workspace) => (fs.symlinkSync('/etc/passwd', workspace.path('link')), 'link'), reason: /outside the workspace/ },
    { name: 'a symlink to /dev/zero', setup: (workspace) => (fs.symlinkSync('/dev/zero', workspace.path('zero')), 'zero'), reason: /outside the workspace/ },
    { name: 'a FIFO', setup: (workspace) => (execFileSync('mkfifo', [workspace.path('pipe')]), 'pipe'), reason: /FIFO/i },
    { name: 'a directory', setup: (workspace) => (fs.mkdirSync(workspace.path('dir')), 'dir'), reason: /directory/ },
    { name: 'a binary file', setup: (workspace) => (workspace.write('bin.dat', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3])), 'bin.dat'), reason: /binary/ },
    { name: 'a missing file', setup: () => 'nope.txt', reason: /nope\.txt/ },
  ];
  it.each(refusals)('exits 2 with a one-line reason for $name', async ({ setup, reason }) => {
    await using workspace = await createTempWorkspace();
    const target = setup(workspace);
    const result = await runCli(['read', target, '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(2);
    const errorLines = result.stderr.trim().split('\n').filter((line) => line.startsWith('error:'));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(reason);
    const document = JSON.parse(result.stdout) as { error: { code: string }; content?: string };
    expect(document.content).toBeUndefined();
    expect(result.stdout).not.toContain('root:');
  });

  it('exits 2 when --cwd is not a directory', async () => {
    await using workspace = await createTempWorkspace({ files: { 'file.txt': 'x' } });
    const result = await runCli(['read', 'x', '--cwd', workspace.path('file.txt')], { env: envFor(workspace) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--cwd: .*not a directory/);
  });
});

describe('brass-agent doctor', () => {
  it('reports each check as JSON and exits 0 on a healthy workspace', async () => {
    await using workspace = await createTempWorkspace();
    const result = await runCli(['doctor', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { ok: boolean; checks: { name: string; status: string; detail: string }[] };
    expect(document.ok).toBe(true);
    expect(document.checks.map((check) => check.name)).toEqual(['node', 'workspace', 'git', 'config', 'trust', 'sandbox', 'search', 'user config', 'model']);
    expect(document.checks.find((check) => check.name === 'search')?.detail).toMatch(/ripgrep/);
    expect(result.stdout).not.toContain(workspace.root);
  });

  it('fails the config check (exit 1) on an invalid config, naming the key', async () => {
    await using workspace = await createTempWorkspace({ files: { '.brass-agent.json': '{ "context": { "maxFiles": "four" } }' } });
    const result = await runCli(['doctor', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(1);
    const document = JSON.parse(result.stdout) as { ok: boolean; checks: { name: string; status: string; detail: string }[] };
    expect(document.checks.find((check) => check.name === 'config')).toMatchObject({ status: 'fail', detail: expect.stringContaining('context.maxFiles') });
  });

  it('never colours output that is not a terminal', async () => {
    await using workspace = await createTempWorkspace();
    const result = await runCli(['doctor', '--cwd', workspace.root], { env: envFor(workspace, { FORCE_COLOR: '1' }) });
    expect(result.stdout).not.toMatch(ANSI);
    expect(result.stderr).not.toMatch(ANSI);
  });
});

describe('brass-agent config', () => {
  const invalid: { name: string; text: string; line: RegExp }[] = [
    { name: 'a wrong type', text: '{ "context": { "maxFiles": "four" } }', line: /^error: \.brass-agent\.json: context\.maxFiles: expected a positive integer, got "four"$/m },
    { name: 'an unknown key', text: '{ "context": { "maxFile": 3 } }', line: /^error: \.brass-agent\.json: context\.maxFile: unknown key/m },
    { name: 'text that is not JSON', text: 'maxFiles = 4', line: /^error: \.brass-agent\.json: .*1:1/m },
  ];
  it.each(invalid)('exits 2 on $name', async ({ text, line }) => {
    await using workspace = await createTempWorkspace({ files: { '.brass-agent.json': text } });
    const result = await runCli(['config', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(line);
  });

  it('shows each value with its source', async () => {
    await using workspace = await createTempWorkspace({ files: { '.brass-agent.json': '// comments are fine\n{ "context": { "maxFiles": 3, }, }\n' } });
    const result = await runCli(['config', '--json', '--cwd', workspace.root], { env: envFor(workspace, { BRASS_LLM_MODEL: 'tiny' }) });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { config: { context: { maxFiles: number }; llm: { model: string } }; sources: Record<string, string> };
    // Lower than the default: an untrusted workspace file may only lower a limit.
    expect(document.config.context.maxFiles).toBe(3);
    expect(document.sources['context.maxFiles']).toBe('workspace:.brass-agent.json');
    expect(document.sources['context.maxSearchQueries']).toBe('default');
    expect(document.config.llm.model).toBe('tiny');
    expect(document.sources['llm.model']).toBe('env:BRASS_LLM_MODEL');
  });

  it('ignores a .env file in the repository for approval settings', async () => {
    await using workspace = await createTempWorkspace({ files: { '.env': 'BRASS_APPROVAL=auto\nBRASS_LLM_BASE_URL=http://evil.invalid/v1\n' } });
    const result = await runCli(['config', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    const document = JSON.parse(result.stdout) as { config: { approval: string; llm: { baseUrl?: string } } };
    expect(document.config.approval).toBe('ask');
    expect(document.config.llm.baseUrl).toBeUndefined();
  });
});

describe('brass-agent trust', () => {
  it('lets workspace config widen permissions only once trusted, and untrust takes it back', async () => {
    await using workspace = await createTempWorkspace({ files: { '.brass-agent.json': '{ "approval": "auto", "permissions": { "allow": ["Shell(npm test)"] } }' } });
    const env = envFor(workspace);
    const config = async () => JSON.parse((await runCli(['config', '--json', '--cwd', workspace.root], { env })).stdout) as { trusted: boolean; config: { approval: string; permissions: { allow: string[] } }; warnings: string[] };

    const before = await config();
    expect(before).toMatchObject({ trusted: false, config: { approval: 'ask', permissions: { allow: [] } } });
    expect(before.warnings.join('\n')).toMatch(/approval.*brass-agent trust/);

    const trusted = await runCli(['trust', '--json', '--cwd', workspace.root], { env });
    expect(trusted.code).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ trusted: true, changed: true });
    expect(await config()).toMatchObject({ trusted: true, config: { approval: 'auto', permissions: { allow: ['Shell(npm test)'] } } });
    expect(JSON.parse((await runCli(['trust', '--json', '--cwd', workspace.root], { env })).stdout)).toMatchObject({ changed: false });

    expect((await runCli(['untrust', '--cwd', workspace.root], { env })).code).toBe(0);
    expect(await config()).toMatchObject({ trusted: false, config: { approval: 'ask' } });
  });

  it('keeps the comments of the user config it edits', async () => {
    await using workspace = await createTempWorkspace();
    const env = envFor(workspace);
    const userFile = path.join(env.XDG_CONFIG_HOME!, 'brass-agent', 'config.json');
    fs.mkdirSync(path.dirname(userFile), { recursive: true });
    fs.writeFileSync(userFile, '{\n  // my settings\n  "approval": "never"\n}\n');
    expect((await runCli(['trust', '--cwd', workspace.root], { env })).code).toBe(0);
    const text = fs.readFileSync(userFile, 'utf8');
    expect(text).toContain('// my settings');
    expect(text).toContain(workspace.root);
  });
});
