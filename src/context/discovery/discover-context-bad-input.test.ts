import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { ConfigSchema, type ConfigInput } from '../../config/index.js';
import { createPermissionService, createRuntime } from '../../core/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { discoverContext, type DiscoverContextOptions } from './discover-context.js';
import { toDiscoverJson } from './discovery-result.js';

// The bad-input list of issue 4: every case finishes, loses nothing, leaks nothing.

async function discoverIn(workspace: TempWorkspace, options: Omit<DiscoverContextOptions, 'runtime' | 'config'> & { config?: ConfigInput } = {}) {
  const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  const { config, ...rest } = options;
  return discoverContext({
    runtime: opened.runtime,
    config: ConfigSchema.parse(config ?? {}),
    createCommandRuntime: (planned) => createRuntime({ services: { ...opened.services, permission: createPermissionService({ allowedCommands: planned.map((command) => command.argv) }) }, scope: opened.scope }),
    ...rest,
  });
}

const brokenAuth = {
  'src/auth.ts': 'export class AuthClient {\n  getAccessToken(): string {\n    return "t";\n  }\n}\n',
  'src/user.ts': "import type { AuthClient } from './auth.js';\nexport const token = (auth: AuthClient) => auth.getToken();\n",
};
const brokenAuthError = "src/user.ts(2,49): error TS2339: Property 'getToken' does not exist on type 'AuthClient'.";

describe('discoverContext on bad input', () => {
  it('reads 100 MB of validation output in bounded time and still finds the signal', async () => {
    await using workspace = await createTempWorkspace({ files: brokenAuth });
    const noise = 'x'.repeat(120) + '\n';
    const output = `${brokenAuthError}\n${noise.repeat(Math.ceil((100 * 1024 * 1024) / noise.length))}`;
    const result = await discoverIn(workspace, { run: false, validationOutput: output });
    expect(result.files[0]!.path).toBe('src/auth.ts');
  }, 30_000);

  it('survives binary garbage and ANSI escapes around the real error', async () => {
    await using workspace = await createTempWorkspace({ files: brokenAuth });
    const garbage = String.fromCharCode(...Array.from({ length: 20_000 }, (_unused, index) => (index * 7919) % 256));
    const output = `${garbage}\n\u001b[96msrc/user.ts\u001b[0m(\u001b[93m2\u001b[0m,49): error TS2339: Property 'getToken' does not exist on type 'AuthClient'.\r\n${garbage}`;
    const result = await discoverIn(workspace, { run: false, validationOutput: output });
    expect(result.files.map((file) => file.path)).toEqual(['src/auth.ts', 'src/user.ts']);
    expect(JSON.stringify(toDiscoverJson(result))).not.toContain(String.fromCharCode(0x1b));
  });

  it('stops a hanging validation command at its timeout and runs the next one', async () => {
    await using workspace = await createTempWorkspace({ files: { ...brokenAuth, 'hang.mjs': 'setInterval(() => {}, 1000);\n', 'check.mjs': `console.log(${JSON.stringify(brokenAuthError)});\n` } });
    const config = { project: { validationCommands: [{ name: 'hang', command: 'node hang.mjs' }, { name: 'check', command: 'node check.mjs' }] } };
    const result = await discoverIn(workspace, { config, commandTimeoutMs: 500 });
    expect(result.commands.map((command) => [command.name, command.ran, command.timedOut])).toEqual([
      ['hang', true, true],
      ['check', true, false],
    ]);
    expect(result.commands[0]!.exitCode).toBeNull();
    expect(result.files[0]!.path).toBe('src/auth.ts');
  }, 20_000);

  it('records a command that cannot start and goes on', async () => {
    await using workspace = await createTempWorkspace({ files: brokenAuth });
    const config = { project: { validationCommands: [{ name: 'ghost', command: 'brass-no-such-command-xyz --check' }] } };
    const result = await discoverIn(workspace, { config, validationOutput: brokenAuthError });
    expect(result.commands[0]).toMatchObject({ name: 'ghost', ran: false, exitCode: null, durationMs: null });
    expect(result.commands[0]!.problem).toMatch(/brass-no-such-command-xyz/);
    expect(result.files[0]!.path).toBe('src/auth.ts');
  });

  it('works without a package.json', async () => {
    await using workspace = await createTempWorkspace({ files: brokenAuth });
    const result = await discoverIn(workspace, { validationOutput: brokenAuthError });
    expect(result.packageManager).toBeNull();
    expect(result.commands).toEqual([]);
    expect(result.summary).toMatch(/^Project commands: none found$/m);
    expect(result.files[0]!.path).toBe('src/auth.ts');
  });

  it('reads paths with spaces and non-ASCII characters', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/my dir/ünïcødé.ts': 'export const préférence = missingThing;\n', 'src/lib/missing thing.ts': 'export const missingThing = 1;\n' } });
    const output = "src/my dir/ünïcødé.ts(1,26): error TS2304: Cannot find name 'missingThing'.";
    const result = await discoverIn(workspace, { run: false, validationOutput: output });
    expect(result.signals.paths).toEqual([{ path: 'src/my dir/ünïcødé.ts', line: 1, column: 26 }]);
    expect(result.files.map((file) => file.path)).toEqual(['src/lib/missing thing.ts', 'src/my dir/ünïcødé.ts']);
  });

  it('never reads a signal path that is a symlink out of the workspace or a FIFO', async () => {
    await using outside = await createTempWorkspace({ files: { 'secret.ts': 'export const SECRET_VALUE = 42;\n' } });
    await using workspace = await createTempWorkspace({ files: { 'src/ok.ts': 'export const ok = 1;\n' } });
    fs.symlinkSync(outside.path('secret.ts'), workspace.path('src/link.ts'));
    execFileSync('mkfifo', [workspace.path('src/pipe.ts')]);
    const output = ['src/link.ts(1,1): error TS1: a', 'src/pipe.ts(1,1): error TS1: b', `${outside.path('secret.ts')}(1,1): error TS1: c`, 'src/ok.ts(1,1): error TS1: d'].join('\n');
    const result = await discoverIn(workspace, { run: false, validationOutput: output });
    const document = JSON.stringify(toDiscoverJson(result));
    expect(result.files.map((file) => file.path)).toEqual(['src/ok.ts']);
    expect(result.signals.paths.map((path) => path.path)).toEqual(['src/ok.ts']);
    expect(document).not.toContain('SECRET_VALUE');
    expect(document).not.toContain('link.ts');
    expect(document).not.toContain('pipe.ts');
  });

  it('caps a search for an identifier that appears in 50,000 places', async () => {
    const line = 'export const x = sharedHelper(sharedHelper);\n';
    const files = Object.fromEntries(Array.from({ length: 500 }, (_unused, index) => [`src/gen/file-${String(index).padStart(3, '0')}.ts`, line.repeat(50)]));
    await using workspace = await createTempWorkspace({ files: { ...files, 'src/main.ts': 'export const y = sharedHelper();\n' } });
    const result = await discoverIn(workspace, { run: false, validationOutput: "src/main.ts(1,18): error TS2304: Cannot find name 'sharedHelper'." });
    expect(result.searches).toEqual([{ query: 'sharedHelper', matches: 40, truncated: true }]);
    expect(result.files.map((file) => file.path)).toEqual(['src/main.ts']);
    expect(result.summary.length).toBeLessThan(3_000);
  }, 20_000);

  it('never reads or shows anything under excludeGlobs (.env*, secrets/**)', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        '.env': 'API_TOKEN=hunter2\n',
        'config/.env.local': 'API_TOKEN=hunter3\n',
        'secrets/keys.ts': 'export const signingKey = "sk_live_zzz";\nexport class KeyVault {}\n',
        'src/app.ts': "import { signingKey } from '../secrets/keys.js';\nexport const vault = new KeyVault(signingKey);\n",
      },
    });
    const output = [
      ".env(1,1): error TS1005: ';' expected.",
      'config/.env.local:1:1 - error TS1005: bad',
      "src/app.ts(2,27): error TS2304: Cannot find name 'KeyVault'.",
      "secrets/keys.ts(2,14): error TS2300: Duplicate identifier 'KeyVault'.",
    ].join('\n');
    const result = await discoverIn(workspace, { run: false, validationOutput: output, goal: 'check secrets/keys.ts and .env', config: { context: { excludeGlobs: ['.env*', 'secrets/**'] } } });
    const document = JSON.stringify(toDiscoverJson(result));
    expect(result.files.map((file) => file.path)).toEqual(['src/app.ts']);
    for (const leaked of ['hunter2', 'hunter3', 'sk_live_zzz', 'secrets/keys.ts', '.env']) expect(document).not.toContain(leaked);
    // The goal's own word `secrets` may explain a match; an excluded path may not.
    expect(result.files.flatMap((file) => file.why).join('\n')).not.toMatch(/secrets\/|\.env/);
  });

  it('finishes on one directory chain 2,000 levels deep (issue 15, item 22)', async () => {
    await using workspace = await createTempWorkspace({ files: brokenAuth });
    const chain = Array.from({ length: 2_000 }, () => 'd').join('/');
    fs.mkdirSync(workspace.path(chain), { recursive: true });
    fs.writeFileSync(workspace.path(`${chain}/x.ts`), 'export const x = 1;\n');
    try {
      const result = await discoverIn(workspace, { run: false, validationOutput: `${brokenAuthError}\n${chain}/x.ts(1,1): error TS1: deep\n` });
      expect(result.files[0]!.path).toBe('src/auth.ts');
    } finally {
      // fs.rmSync recurses once per level and would overflow the stack: remove the chain from the bottom.
      fs.rmSync(workspace.path(`${chain}/x.ts`));
      for (let directory = chain; directory !== '.'; directory = path.dirname(directory)) fs.rmdirSync(workspace.path(directory));
    }
  });
});
