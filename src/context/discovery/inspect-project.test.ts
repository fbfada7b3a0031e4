import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { ConfigSchema, type ConfigInput } from '../../config/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { createFileProbe } from './create-file-probe.js';
import { createPathFilter } from './create-path-filter.js';
import { inspectProject } from './inspect-project.js';

async function inspect(files: Record<string, string>, options: { config?: ConfigInput; signalFiles?: string[] } = {}) {
  await using workspace = await createTempWorkspace({ files });
  const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  const config = ConfigSchema.parse(options.config ?? {});
  const probe = createFileProbe(opened.runtime, createPathFilter({ excludeGlobs: [] }));
  return await inspectProject({ runtime: opened.runtime, probe, project: config.project, signalFiles: options.signalFiles ?? [] });
}

const manifest = (extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'app', scripts: { test: 'vitest run' }, ...extra });

describe('inspectProject', () => {
  const detections: { files: Record<string, string>; expected: string | null }[] = [
    { files: { 'package.json': manifest({ packageManager: 'pnpm@9.1.0+sha512.abc' }), 'yarn.lock': '' }, expected: 'pnpm' },
    { files: { 'package.json': manifest(), 'pnpm-lock.yaml': '' }, expected: 'pnpm' },
    { files: { 'package.json': manifest(), 'yarn.lock': '' }, expected: 'yarn' },
    { files: { 'package.json': manifest(), 'bun.lock': '' }, expected: 'bun' },
    { files: { 'package.json': manifest(), 'bun.lockb': '' }, expected: 'bun' },
    { files: { 'package.json': manifest(), 'package-lock.json': '{}' }, expected: 'npm' },
    { files: { 'package.json': manifest(), 'npm-shrinkwrap.json': '{}' }, expected: 'npm' },
    { files: { 'package.json': manifest({ packageManager: 'unknown@1' }) }, expected: 'npm' },
    { files: { 'README.md': 'no manifest' }, expected: null },
  ];
  it.each(detections)('detects $expected from $files', async ({ files, expected }) => {
    expect((await inspect(files)).packageManager).toBe(expected);
  });

  it('adds `tsc --noEmit` when there is a tsconfig and a local TypeScript but no typecheck script', async () => {
    const info = await inspect({ 'package.json': manifest(), 'tsconfig.json': '{}', 'node_modules/typescript/package.json': '{}' });
    expect(info.commands.map((command) => [command.name, command.command, command.source])).toEqual([
      ['typecheck', 'npx --no-install tsc --noEmit', 'tsconfig.json'],
      ['test', 'npm test', 'package.json'],
    ]);
    expect((await inspect({ 'package.json': manifest(), 'tsconfig.json': '{}' })).commands.map((command) => command.name)).toEqual(['test']);
  });

  it('adds the scripts of the package nearest to the signals, and reads workspaces', async () => {
    const info = await inspect(
      {
        'package.json': manifest({ workspaces: ['packages/*'] }),
        'pnpm-workspace.yaml': "packages:\n  - 'apps/*'\n  - \"!apps/legacy\"\n# done\n",
        'packages/api/package.json': JSON.stringify({ name: '@acme/api', scripts: { lint: 'eslint src', test: 'node --test' } }),
        'packages/api/src/server.ts': '',
      },
      { signalFiles: ['packages/api/src/server.ts'] },
    );
    expect(info.packageDirectories).toEqual(['.', 'packages/api']);
    expect(info.workspacePatterns).toEqual(['packages/*', 'apps/*']);
    expect(info.commands.map((command) => [command.name, command.cwd])).toEqual([
      ['test', '.'],
      ['test (packages/api)', 'packages/api'],
      ['lint (packages/api)', 'packages/api'],
    ]);
  });

  it('finds pytest, go and cargo commands', async () => {
    const info = await inspect({ 'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n', 'go.mod': 'module example.com/shop\n\ngo 1.22\n', 'Cargo.toml': '[package]\nname = "shop"\n' });
    expect(info.goModule).toBe('example.com/shop');
    expect(info.commands.map((command) => command.command)).toEqual(['go vet ./...', 'cargo check', 'pytest', 'go test ./...']);
  });

  it('lets project.validationCommands replace discovery and caps the list', async () => {
    const config = { project: { validationCommands: [{ name: 'types', command: 'tsc -p tsconfig.build.json' }, { name: 'unit', command: 'vitest run --reporter dot' }, { name: 'all', command: 'npm run lint && npm test' }], maxValidationCommands: 2 } };
    const info = await inspect({ 'package.json': manifest() }, { config });
    expect(info.commands.map((command) => [command.name, command.argv, command.source])).toEqual([
      ['types', ['tsc', '-p', 'tsconfig.build.json'], 'config'],
      ['unit', ['vitest', 'run', '--reporter', 'dot'], 'config'],
    ]);
    const shell = await inspect({}, { config: { project: { validationCommands: [{ name: 'all', command: 'npm run lint && npm test' }] } } });
    expect(shell.commands[0]!.argv).toEqual(['sh', '-c', 'npm run lint && npm test']);
  });

  it('warns about an unparseable package.json and a malformed configured command, and goes on', async () => {
    const info = await inspect({ 'package.json': '{ "scripts": ', 'yarn.lock': '' }, { config: { project: { validationCommands: [{ name: 'bad', command: 'npm "test' }] } } });
    expect(info.packageManager).toBe('yarn');
    expect(info.commands).toEqual([]);
    expect(info.warnings).toEqual(['package.json is not a valid JSON object: its scripts are ignored', 'project.validationCommands "bad": command: "npm \\"test" has an unterminated " quote; skipped']);
  });
});
