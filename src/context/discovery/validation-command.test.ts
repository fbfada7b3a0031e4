import { describe, expect, it } from 'vitest';
import { commandsFromScripts, scriptArgv, typescriptCheckArgv } from './validation-command.js';

describe('commandsFromScripts', () => {
  it('picks one script per kind, typecheck first, and says how to run it', () => {
    const scripts = { lint: 'eslint .', test: 'vitest run', 'type-check': 'tsc --noEmit', check: 'npm run lint && npm test', build: 'tsc' };
    expect(commandsFromScripts({ scripts, packageManager: 'pnpm', cwd: '.' }).map((command) => [command.kind, command.name, command.command])).toEqual([
      ['typecheck', 'typecheck', 'pnpm run type-check'],
      ['test', 'test', 'pnpm test'],
      ['lint', 'lint', 'pnpm run lint'],
      ['check', 'check', 'pnpm run check'],
    ]);
  });

  it.each([
    { scripts: { test: 'echo "Error: no test specified" && exit 1', 'test:unit': 'vitest run' }, expected: ['npm run test:unit'] },
    { scripts: { test: 'jest --watch', 'test:ci': 'jest --ci' }, expected: ['npm run test:ci'] },
    { scripts: { typecheck: 'tsc --noEmit', tsc: 'tsc --noEmit' }, expected: ['npm run typecheck'] },
    { scripts: { test: 42 }, expected: [] },
  ])('skips placeholders, watch modes and non-strings: $scripts', ({ scripts, expected }) => {
    expect(commandsFromScripts({ scripts, packageManager: 'npm', cwd: '.' }).map((command) => command.command)).toEqual(expected);
  });

  it('names commands of a nested package after its directory', () => {
    const [command] = commandsFromScripts({ scripts: { test: 'node --test' }, packageManager: 'npm', cwd: 'packages/api' });
    expect(command).toMatchObject({ name: 'test (packages/api)', cwd: 'packages/api', argv: ['npm', 'test'] });
  });

  it('runs scripts the way each package manager does (bun test is not a script)', () => {
    expect(scriptArgv('bun', 'test')).toEqual(['bun', 'run', 'test']);
    expect(scriptArgv('yarn', 'lint')).toEqual(['yarn', 'run', 'lint']);
    expect(typescriptCheckArgv('npm')).toEqual(['npx', '--no-install', 'tsc', '--noEmit']);
  });
});
