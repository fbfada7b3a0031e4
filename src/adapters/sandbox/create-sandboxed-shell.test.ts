import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrassError, CommandStartError, WorkspaceScope, createPermissionService, createRuntime, systemClock, type SandboxStatus, type ShellRunRequest } from '../../core/index.js';
import { createNodeFileSystem, createNodePathProbe } from '../file-system/index.js';
import { listFiles, searchWithNode } from '../search/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { findExecutable } from '../shell/find-executable.js';
import { createNodeShell } from '../shell/node-shell.js';
import { createSandboxedShell, type SandboxSettings } from './create-sandboxed-shell.js';
import { probeBubblewrap } from './probe-bubblewrap.js';

// These tests run the real bubblewrap (CI installs Debian's bubblewrap): a sandbox that silently turned itself off would fail them.
const SETTINGS: SandboxSettings = { mode: 'auto', network: false, readOnlyPaths: [], writablePaths: [] };
const runner = createNodeShell({ _internal: { terminateGraceMs: 300, exitDrainMs: 200 } });

let workspace: TempWorkspace;
let home: TempWorkspace;
let outside: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace({ git: true, files: { 'src/a.ts': 'export const a = 1;\n' } });
  home = await createTempWorkspace({ files: { '.ssh/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n', '.bashrc': 'export PS1=ok\n' } });
  outside = await createTempWorkspace();
});

afterAll(async () => {
  await workspace.dispose();
  await home.dispose();
  await outside.dispose();
});

function shellWith(options: { settings?: Partial<SandboxSettings>; isWorkspaceTrusted?: boolean; status?: SandboxStatus } = {}) {
  return createSandboxedShell({
    baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    homeDir: home.root,
    settings: { ...SETTINGS, ...options.settings },
    isWorkspaceTrusted: options.isWorkspaceTrusted ?? false,
    _internal: { runner, ...(options.status ? { probe: () => Promise.resolve({ status: options.status!, bwrapPath: null }) } : {}) },
  });
}

function script(text: string, extra: Partial<ShellRunRequest> = {}): ShellRunRequest {
  return { argv: ['sh', '-c', text], cwd: workspace.root, workspaceRoot: workspace.root, timeoutMs: 10_000, maxOutputBytes: 64 * 1024, ...extra };
}

describe('the bubblewrap sandbox', () => {
  let shell: ReturnType<typeof shellWith>;
  beforeAll(() => {
    shell = shellWith();
  });

  it('is active on this machine', async () => {
    expect(await shell.status()).toMatchObject({ state: 'active', detail: expect.stringMatching(/^bubblewrap \d/) });
  });

  it('lets a command write the workspace and reports it ran sandboxed', async () => {
    const result = await shell.run(script('echo built > out.txt && cat src/a.ts'));
    expect(result).toMatchObject({ exitCode: 0, sandboxed: true, stdout: 'export const a = 1;\n' });
    expect(fs.readFileSync(workspace.path('out.txt'), 'utf8')).toBe('built\n');
  });

  it('hides the home directory: ~/.ssh/id_rsa cannot be read, ~/.bashrc written there is gone afterwards', async () => {
    const result = await shell.run(script(`cat "$HOME/.ssh/id_rsa"; cat ${home.path('.ssh/id_rsa')}; echo pwned >> "$HOME/.bashrc"; echo "home=$HOME"`));
    expect(result.stdout).not.toContain('secret');
    expect(result.stdout).toContain(`home=${home.root}`);
    expect(result.stderr).toMatch(/No such file/);
    expect(fs.readFileSync(home.path('.bashrc'), 'utf8')).toBe('export PS1=ok\n');
  });

  it('keeps the rest of the machine read-only and /tmp private', async () => {
    const target = outside.path('escaped.txt');
    const hostFile = `/tmp/brass-host-only-${process.pid}.txt`;
    fs.writeFileSync(hostFile, 'host\n');
    const result = await shell.run(script(`echo x > ${target}; echo y > /etc/brass-agent-escape; echo z > /tmp/private.txt && ls /tmp`)).finally(() => fs.rmSync(hostFile));
    // Only the mount points of the workspace's own directories show through the private /tmp.
    expect(result.stdout).toContain('private.txt\n');
    expect(result.stdout).not.toContain('brass-host-only');
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync('/etc/brass-agent-escape')).toBe(false);
    expect(fs.existsSync('/tmp/private.txt')).toBe(false);
  });

  it('keeps .git/config, .git/hooks and brass-agent config read-only, and removes a config file a command created', async () => {
    fs.mkdirSync(workspace.path('.git/hooks'), { recursive: true });
    const before = fs.readFileSync(workspace.path('.git/config'), 'utf8');
    const result = await shell.run(
      script('printf "#!/bin/sh\\necho hook\\n" > .git/hooks/pre-commit; echo "[core]\\n  fsmonitor = ./evil" >> .git/config; echo "{ \\"approval\\": \\"auto\\" }" > .brass-agent.json; mkdir -p .brass-agent && echo x > .brass-agent/agent.md; echo done'),
    );
    expect(result).toMatchObject({ exitCode: 0, sandboxed: true });
    expect(fs.existsSync(workspace.path('.git/hooks/pre-commit'))).toBe(false);
    expect(fs.readFileSync(workspace.path('.git/config'), 'utf8')).toBe(before);
    expect(fs.existsSync(workspace.path('.brass-agent.json'))).toBe(false);
    expect(fs.existsSync(workspace.path('.brass-agent'))).toBe(false);
    expect(result.stderr).toMatch(/removed \.brass-agent\.json, \.brass-agent, which the command created/);
  });

  it('has no network: a listener on 127.0.0.1 cannot be reached unless sandbox.network is on', async () => {
    const server = net.createServer((socket) => socket.end('hello\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const connect = `const s = require('net').connect(${port}, '127.0.0.1'); s.on('data', (d) => { process.stdout.write(d); process.exit(0); }); s.on('error', (e) => { console.log(e.code); process.exit(3); });`;
    try {
      const offline = await shell.run({ ...script(''), argv: [process.execPath, '-e', connect] });
      expect(offline.exitCode).toBe(3);
      expect(offline.stdout).toMatch(/ECONNREFUSED|ENETUNREACH/);
      const online = await shellWith({ settings: { network: true } }).run({ ...script(''), argv: [process.execPath, '-e', connect] });
      expect(online).toMatchObject({ exitCode: 0, stdout: 'hello\n' });
    } finally {
      server.close();
    }
  });

  it('kills the whole process tree at the timeout: a command that forks without bound, and one that ignores SIGTERM', async () => {
    const marker = `${Date.now() % 100_000}.${process.pid}`;
    const bomb = await shell.run(script(`trap '' TERM; while :; do sleep ${marker} & done`, { timeoutMs: 1_500 }));
    expect(bomb.timedOut).toBe(true);
    expect(await survivorsAfterTeardown(`sleep ${marker}`)).toEqual([]);
    const stubborn = await shell.run(script(`trap '' TERM; sleep ${marker}1 & sleep ${marker}2; wait`, { timeoutMs: 500 }));
    expect(stubborn.timedOut).toBe(true);
    expect(await survivorsAfterTeardown(`sleep ${marker}`)).toEqual([]);
  });

  it('reports a missing program as a start error, as an unsandboxed start would', async () => {
    await expect(shell.run({ ...script(''), argv: ['brass-agent-no-such-program'] })).rejects.toSatisfy((error) => CommandStartError.isInstance(error) && /command not found/.test((error as Error).message));
  });

  it('shows read-only paths and writable paths from the settings', async () => {
    outside.write('tool/readme.txt', 'tool\n');
    fs.mkdirSync(outside.path('cache'));
    const configured = shellWith({ settings: { readOnlyPaths: [outside.path('tool')], writablePaths: [outside.path('cache')] } });
    const result = await configured.run(script(`cat ${outside.path('tool/readme.txt')}; echo c > ${outside.path('cache/x')}; echo r > ${outside.path('tool/y')}`));
    expect(result.stdout).toBe('tool\n');
    expect(fs.readFileSync(outside.path('cache/x'), 'utf8')).toBe('c\n');
    expect(fs.existsSync(outside.path('tool/y'))).toBe(false);
  });
});

describe('without a sandbox', () => {
  const missing: SandboxStatus = { state: 'unavailable', reason: 'bubblewrap (bwrap) is not installed', fix: 'install bubblewrap' };

  it('refuses a workspace command in an untrusted workspace unless a person approved it', async () => {
    const shell = shellWith({ status: missing });
    expect(await shell.isolationFor('workspace')).toMatchObject({ kind: 'ask', reason: expect.stringContaining('bubblewrap (bwrap) is not installed') });
    await expect(shell.run(script('echo ran > ran.txt'))).rejects.toSatisfy((error) => BrassError.isInstance(error) && error.code === 'sandbox-unavailable');
    expect(fs.existsSync(workspace.path('ran.txt'))).toBe(false);
    const approved = await shell.run(script('echo ran', { isUnsandboxedApproved: true }));
    expect(approved).toMatchObject({ exitCode: 0, sandboxed: false, unsandboxedNote: expect.stringContaining('approved') });
  });

  it('runs brass-agent\'s own programs, and a trusted workspace\'s commands with a note', async () => {
    expect(await shellWith({ status: missing }).run(script('echo ok', { origin: 'brass' }))).toMatchObject({ stdout: 'ok\n', sandboxed: false });
    const trusted = await shellWith({ status: missing, isWorkspaceTrusted: true }).run(script('echo ok'));
    expect(trusted).toMatchObject({ stdout: 'ok\n', sandboxed: false, unsandboxedNote: 'ran without a sandbox (bubblewrap (bwrap) is not installed)' });
  });

  it('refuses every workspace command with sandbox.mode "required", trusted or not', async () => {
    const shell = shellWith({ status: missing, isWorkspaceTrusted: true, settings: { mode: 'required' } });
    await expect(shell.run(script('echo ok', { isUnsandboxedApproved: true }))).rejects.toThrow(/sandbox\.mode is "required"/);
  });

  it('does not probe with sandbox.mode "off"', async () => {
    const shell = shellWith({ settings: { mode: 'off' }, isWorkspaceTrusted: true });
    expect(await shell.status()).toMatchObject({ state: 'off' });
    expect(await shell.run(script('echo ok'))).toMatchObject({ sandboxed: false, unsandboxedNote: expect.stringContaining('sandbox.mode is "off"') });
  });
});

describe('the variable llm.apiKeyEnv names (issue 15, item 17)', () => {
  // A custom name no secret-name rule recognises: only being named as the key variable scrubs it.
  const baseEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', MYCORP_GATEWAY: 'gateway-value-1234', VISIBLE: 'yes' };

  it.each([
    { title: 'sandboxed', settings: SETTINGS, isWorkspaceTrusted: false, sandboxed: true },
    { title: 'unsandboxed', settings: { ...SETTINGS, mode: 'off' as const }, isWorkspaceTrusted: true, sandboxed: false },
  ])('never reaches a child command, $title, even when passEnv lists it', async ({ settings, isWorkspaceTrusted, sandboxed }) => {
    const shell = createSandboxedShell({ baseEnv, homeDir: home.root, settings, isWorkspaceTrusted, secretVariables: ['MYCORP_GATEWAY'] });
    const result = await shell.run(script('echo "${MYCORP_GATEWAY-unset} ${VISIBLE-unset}"', { passEnv: ['MYCORP_GATEWAY'] }));
    expect(result).toMatchObject({ exitCode: 0, sandboxed, stdout: 'unset yes\n' });
  });
});

describe('probeBubblewrap', () => {
  // Issue 21: one process, the trial sandbox running bwrap's own --version, tells whether it works and which it is.
  it('names the version the trial sandbox prints, also for a bwrap under /tmp (which the trial hides)', async () => {
    const realBwrap = await findExecutable('bwrap', process.env);
    if (realBwrap === null) throw new Error('these tests need bubblewrap');
    const version = execFileSync(realBwrap, ['--version'], { encoding: 'utf8' }).trim().split('\n')[0]!;
    await using stand = await createTempWorkspace();
    expect(stand.root.startsWith('/tmp/')).toBe(true);
    fs.copyFileSync(realBwrap, stand.path('bwrap'));
    fs.chmodSync(stand.path('bwrap'), 0o755);
    const probe = await probeBubblewrap({ PATH: `${stand.root}${path.delimiter}${process.env.PATH ?? ''}` });
    expect(probe).toEqual({ bwrapPath: stand.path('bwrap'), status: { state: 'active', detail: `${version} (${stand.path('bwrap')})` } });
  });

  it('says bwrap is not installed, with the fix, when PATH has none', async () => {
    await using empty = await createTempWorkspace();
    expect((await probeBubblewrap({ PATH: empty.root })).status).toMatchObject({ state: 'unavailable', reason: 'bubblewrap (bwrap) is not installed', fix: expect.stringContaining('apt-get install bubblewrap') });
  });

  it('says user namespaces are blocked when the trial run fails that way', async () => {
    await using stand = await createTempWorkspace();
    stand.write('bwrap', '#!/bin/sh\necho "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n');
    fs.chmodSync(stand.path('bwrap'), 0o755);
    const probe = await probeBubblewrap({ PATH: `${stand.root}${path.delimiter}${process.env.PATH ?? ''}` });
    expect(probe).toMatchObject({ bwrapPath: null, status: { state: 'unavailable', reason: expect.stringMatching(/^user namespaces are blocked here/), fix: expect.stringContaining('unprivileged_userns_clone') } });
  });
});

describe('the runtime over the sandbox service', () => {
  const missing: SandboxStatus = { state: 'unavailable', reason: 'bubblewrap (bwrap) is not installed', fix: 'install bubblewrap' };

  async function runtimeWith(permission: Parameters<typeof createPermissionService>[0]) {
    const scope = await WorkspaceScope.create({ root: workspace.root, probe: createNodePathProbe() });
    return createRuntime({ services: { fileSystem: createNodeFileSystem({ list: listFiles, searchText: searchWithNode }), shell: shellWith({ status: missing }), permission: createPermissionService(permission), clock: systemClock }, scope });
  }

  it('never runs an unsandboxed command of an untrusted workspace on auto approval, and runs it on a person\'s yes', async () => {
    const unattended = await runtimeWith({ approval: 'auto' });
    const refused = await unattended.execute({ kind: 'shell.run', argv: ['sh', '-c', 'echo ran > by-auto.txt'], tool: 'shell' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'sandbox-unavailable', message: expect.stringMatching(/^not run: the workspace is not trusted/) } });
    expect(fs.existsSync(workspace.path('by-auto.txt'))).toBe(false);
    const asked: string[] = [];
    const attended = await runtimeWith({ ask: async (request) => (asked.push(request.unsandboxedReason ?? ''), 'allow-once') });
    const ran = await attended.execute({ kind: 'shell.run', argv: ['sh', '-c', 'echo ran'], tool: 'shell' });
    expect(ran).toMatchObject({ ok: true, value: { stdout: 'ran\n', sandboxed: false } });
    expect(asked).toEqual([expect.stringContaining('bubblewrap (bwrap) is not installed')]);
  });
});

describe('programs in hidden directories', () => {
  it('shows the directory of one of brass-agent\'s own programs, never of a workspace command\'s', async () => {
    home.write('tools/bin/probe', '#!/bin/sh\necho probe ok\n');
    fs.chmodSync(home.path('tools/bin/probe'), 0o755);
    home.write('tools/bin/secret.txt', 'secret\n');
    const shell = shellWith();
    expect(await shell.run(script('', { argv: [home.path('tools/bin/probe')], origin: 'brass' }))).toMatchObject({ exitCode: 0, stdout: 'probe ok\n', sandboxed: true });
    const denied = await shell.run(script('', { argv: [home.path('tools/bin/probe')] }));
    expect(denied.exitCode).not.toBe(0);
    expect(denied.stdout).toBe('');
  });
});

describe('the user config file', () => {
  it('stays read-only in a writable path, and one a command created there is removed (it would decide trust)', async () => {
    const configFile = workspace.path('.xdg/brass-agent/config.json');
    const shell = createSandboxedShell({ baseEnv: { PATH: process.env.PATH ?? '' }, homeDir: home.root, settings: SETTINGS, isWorkspaceTrusted: false, protectedFiles: [configFile], _internal: { runner } });
    const created = await shell.run(script(`mkdir -p .xdg/brass-agent && echo '{ "trustedWorkspaces": ["/"] }' > ${configFile}`));
    expect(created.exitCode).toBe(0);
    expect(fs.existsSync(configFile)).toBe(false);
    expect(created.stderr).toContain('removed .xdg/brass-agent/config.json');
    workspace.write('.xdg/brass-agent/config.json', '{}\n');
    const overwritten = await shell.run(script(`echo '{ "trustedWorkspaces": ["/"] }' > ${configFile}`));
    expect(overwritten.exitCode).not.toBe(0);
    expect(fs.readFileSync(configFile, 'utf8')).toBe('{}\n');
  });
});

/**
 * The processes whose command line holds `needle`, once the kernel has had
 * its moment: the sandbox's pid namespace is killed when its first process
 * dies, but the kernel reaps dozens of members asynchronously, so on a busy
 * machine `ps` right after the run can still list some that are being torn
 * down. Polls for up to TEARDOWN_MS; what is left then survived the kill.
 */
async function survivorsAfterTeardown(needle: string): Promise<string[]> {
  const deadline = Date.now() + TEARDOWN_MS;
  for (;;) {
    const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(needle));
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const TEARDOWN_MS = 3_000;
