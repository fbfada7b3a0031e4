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

const REPOSITORY = path.resolve(import.meta.dirname, '..', '..', '..');
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'parsers', '__fixtures__', name), 'utf8');

/** Discovery on a real temp workspace, real ripgrep, real child processes; commands allowed exactly as the CLI allows them. */
async function discoverIn(workspace: TempWorkspace, options: Omit<DiscoverContextOptions, 'runtime' | 'config'> & { config?: ConfigInput; isAllowingCommands?: boolean } = {}) {
  const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  const { config: configInput, isAllowingCommands = true, ...rest } = options;
  const config = ConfigSchema.parse(configInput ?? {});
  return discoverContext({
    runtime: opened.runtime,
    config,
    ...(isAllowingCommands
      ? {
          createCommandRuntime: (planned) =>
            createRuntime({ services: { ...opened.services, permission: createPermissionService({ allowedCommands: planned.map((command) => command.argv) }) }, scope: opened.scope }),
        }
      : {}),
    ...rest,
  });
}

function copyBrokenApp(workspace: TempWorkspace): void {
  fs.cpSync(path.join(REPOSITORY, 'examples', 'broken-app'), workspace.root, { recursive: true });
}

describe('discoverContext', () => {
  it('finds the definition a failure is about, not only the file it is reported in (broken-app, tsc output)', async () => {
    await using workspace = await createTempWorkspace();
    copyBrokenApp(workspace);
    const result = await discoverIn(workspace, { validationOutput: fixture('broken-app-typecheck.txt'), run: false });
    expect(result.files.map((file) => [file.path, file.reason])).toEqual([
      ['src/auth/auth-client.ts', 'search'],
      ['src/user/user-service.ts', 'direct'],
    ]);
    expect(result.files[0]!.why[0]).toMatch(/^defines AuthClient, the type named in "Property 'getToken' does not exist on type 'AuthClient'\."/);
    expect(result.files[0]!.content).toContain('getAccessToken(): string {');
    expect(result.signals).toEqual({
      paths: [
        { path: 'src/user/user-service.ts', line: 14, column: 86 },
        { path: 'src/user/user-service.ts', line: 21, column: 42 },
      ],
      identifiers: ['AuthClient', 'getToken'],
    });
    expect(result.commands.map((command) => [command.name, command.command, command.ran])).toEqual([
      ['typecheck', 'npm run typecheck', false],
      ['test', 'npm test', false],
    ]);
    expect(result.summary.split('\n').map((line) => line.split(':')[0])).toEqual(['Project commands (npm)', 'Context discovery', 'Discovered paths', 'Read context files']);
  });

  it('reads the same answer from Vitest output alone, through the type of `this.auth`', async () => {
    await using workspace = await createTempWorkspace();
    copyBrokenApp(workspace);
    const result = await discoverIn(workspace, { validationOutput: fixture('broken-app-vitest.txt'), run: false });
    expect(result.files[0]!.path).toBe('src/auth/auth-client.ts');
    expect(result.files.map((file) => file.path)).toContain('src/user/user-service.ts');
  });

  it('runs the allowed validation commands and reads their output', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        'package.json': JSON.stringify({ scripts: { typecheck: 'node check.mjs', test: 'node -e "process.exit(0)"' } }),
        'check.mjs': "console.log(\"src/price.ts(2,10): error TS2304: Cannot find name 'taxRate'.\");\nprocess.exit(2);\n",
        'src/price.ts': 'export function price(amount: number) {\n  return amount * taxRate;\n}\n',
        'src/rates.ts': 'export const taxRate = 0.2;\n',
      },
    });
    const result = await discoverIn(workspace, {});
    expect(result.commands.map((command) => [command.name, command.ran, command.exitCode])).toEqual([
      ['typecheck', true, 2],
      ['test', true, 0],
    ]);
    expect(result.files.map((file) => file.path)).toEqual(['src/rates.ts', 'src/price.ts']);
    expect(result.searches).toEqual([{ query: 'taxRate', matches: 3, truncated: false }]);
    expect(toDiscoverJson(result).commands[0]).toEqual({ name: 'typecheck', command: 'npm run typecheck', ran: true, exitCode: 2, durationMs: expect.any(Number), sandboxed: true, outputTail: expect.any(Array) });
  });

  it('records a command the permission service refuses and goes on', async () => {
    await using workspace = await createTempWorkspace({ files: { 'package.json': JSON.stringify({ scripts: { test: 'node -e "process.exit(1)"' } }), 'src/a.ts': 'export const a = 1;\n' } });
    const result = await discoverIn(workspace, { isAllowingCommands: false, validationOutput: 'src/a.ts(1,14): error TS1: boom' });
    expect(result.commands[0]).toMatchObject({ name: 'test', ran: false, exitCode: null, durationMs: null });
    expect(result.commands[0]!.problem).toMatch(/needs approval|denied/);
    expect(result.warnings[0]).toMatch(/^test \(npm test\): /);
    expect(result.files.map((file) => file.path)).toEqual(['src/a.ts']);
  });

  it('ranks files changed in the git working tree', async () => {
    await using workspace = await createTempWorkspace({
      git: true,
      files: { 'src/config.ts': 'export const limit = 1;\n', 'src/use.ts': "import { limit } from './config.js';\nexport const twice = limit * 2;\n", 'src/other.ts': 'export const other = 1;\n' },
    });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace.root, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' } });
    git('add', '.');
    git('commit', '-q', '-m', 'initial');
    workspace.write('src/other.ts', 'export const other = 2;\n');
    const result = await discoverIn(workspace, { run: false, goal: 'why is `twice` wrong' });
    expect(result.files.find((file) => file.path === 'src/other.ts')?.why).toEqual(['changed in the git working tree']);
  });

  it('takes paths and code from the goal alone', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/session/token-store.ts': 'export class TokenStore {}\n', 'src/session/index.ts': "export { TokenStore } from './token-store.js';\n", 'src/unrelated.ts': 'export const x = 1;\n' } });
    const result = await discoverIn(workspace, { run: false, goal: 'make `TokenStore` expire entries (see src/session/index.ts)' });
    expect(result.files.map((file) => file.path)).toEqual(['src/session/index.ts', 'src/session/token-store.ts']);
    expect(result.files[0]!.why).toContain('named in the goal');
  });

  it('follows tsconfig path aliases and workspace packages to definitions', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
        'tsconfig.json': '{ // comments are fine\n "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["apps/web/src/*"] } } }',
        'packages/ids/package.json': JSON.stringify({ name: '@acme/ids' }),
        'packages/ids/src/index.ts': 'export function makeId(prefix: string): string {\n  return prefix;\n}\n',
        'apps/web/src/lib/format.ts': 'export function formatName(first: string): string {\n  return first;\n}\n',
        'apps/web/src/page.ts': "import { formatName } from '@/lib/format';\nimport { makeId } from '@acme/ids';\nexport const label = formatName('a', 'b') + makeId();\n",
      },
    });
    const output = 'apps/web/src/page.ts(3,22): error TS2554: Expected 1 arguments, but got 2.\napps/web/src/page.ts(3,44): error TS2554: Expected 1 arguments, but got 0.';
    const result = await discoverIn(workspace, { run: false, validationOutput: output });
    expect(result.files.map((file) => file.path).slice(0, 2).sort()).toEqual(['apps/web/src/lib/format.ts', 'packages/ids/src/index.ts']);
    expect(result.searches).toEqual([]);
  });

  it('finds the files of output printed inside a workspace package', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
        'packages/api/package.json': JSON.stringify({ name: '@acme/api' }),
        'packages/api/src/routes.ts': "import { Handler } from './handler.js';\nexport const route: Handler = { path: '/' };\n",
        'packages/api/src/handler.ts': 'export interface Handler {\n  method: string;\n}\n',
      },
    });
    const output = "src/routes.ts(2,37): error TS2353: Object literal may only specify known properties, and 'path' does not exist in type 'Handler'.";
    const result = await discoverIn(workspace, { run: false, validationOutput: output });
    expect(result.files.map((file) => file.path)).toEqual(['packages/api/src/handler.ts', 'packages/api/src/routes.ts']);
  });

  it('does nothing when context discovery is disabled', async () => {
    await using workspace = await createTempWorkspace({ files: { 'package.json': JSON.stringify({ scripts: { test: 'node -e "process.exit(1)"' } }) } });
    const result = await discoverIn(workspace, { config: { context: { enabled: false } }, validationOutput: 'src/a.ts:1:1 error' });
    expect(result).toMatchObject({ isEnabled: false, commands: [], files: [], searches: [] });
    expect(result.summary).toMatch(/disabled/);
  });

  it('honours maxFiles and maxSearchQueries', async () => {
    await using workspace = await createTempWorkspace({
      files: Object.fromEntries(['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].map((name) => [`src/${name.toLowerCase()}.ts`, `export class ${name} {}\n`])),
    });
    const output = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].map((name) => `src/main.ts(1,1): error TS2304: Cannot find name '${name}'.`).join('\n');
    workspace.write('src/main.ts', 'export {};\n');
    const result = await discoverIn(workspace, { run: false, validationOutput: output, config: { context: { maxFiles: 2, maxSearchQueries: 4 } } });
    expect(result.searches).toHaveLength(4);
    expect(result.files).toHaveLength(2);
  });
});
