import { describe, expect, it } from 'vitest';
import { createPermissionService, createRuntime, WorkspaceScope } from '../../core/index.js';
import { createNodePathProbe } from '../../adapters/file-system/index.js';
import { createNodeServices } from '../../adapters/node-workspace/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { MAX_VALIDATION_OUTPUT_BYTES, runValidation } from './run-validation.js';

async function runtimeFor(root: string, allowedCommands: string[][], deny: string[] = []) {
  const scope = await WorkspaceScope.create({ root, probe: createNodePathProbe() });
  const permission = createPermissionService({ approval: 'never', allowedCommands, rules: { deny } });
  return createRuntime({ services: createNodeServices({ ripgrep: null, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, permission }), scope });
}

describe('runValidation', () => {
  it('runs each command through the runtime and keeps the tail of long output', async () => {
    await using workspace = await createTempWorkspace({
      files: { 'ok.js': 'console.log("fine");\n', 'noisy.js': 'for (let i = 0; i < 2000; i++) console.log(`line ${i} of noise`);\nconsole.error("the real error");\nprocess.exitCode = 1;\n' },
    });
    const commands = [
      { name: 'ok', argv: ['node', 'ok.js'] },
      { name: 'noisy', argv: ['node', 'noisy.js'] },
    ];
    const result = await runValidation(await runtimeFor(workspace.root, commands.map((command) => command.argv)), commands);
    expect(result.passed).toBe(false);
    expect(result.commands.map(({ name, command, exitCode, timedOut }) => ({ name, command, exitCode, timedOut }))).toEqual([
      { name: 'ok', command: 'node ok.js', exitCode: 0, timedOut: false },
      { name: 'noisy', command: 'node noisy.js', exitCode: 1, timedOut: false },
    ]);
    expect(result.commands[0]!.output).toBe('fine');
    const noisy = result.commands[1]!.output;
    expect(Buffer.byteLength(noisy)).toBeLessThan(MAX_VALIDATION_OUTPUT_BYTES + 100);
    expect(noisy.endsWith('line 1999 of noise\nthe real error')).toBe(true);
    expect(noisy.startsWith('[... ')).toBe(true);
  });

  it('counts a denied command as failed with the reason, and passes vacuously with no commands', async () => {
    await using workspace = await createTempWorkspace({ files: { 'ok.js': '\n' } });
    const argv = ['node', 'ok.js'];
    const result = await runValidation(await runtimeFor(workspace.root, [argv], ['Tool(run_validation)']), [{ name: 'ok', argv }]);
    expect(result.passed).toBe(false);
    expect(result.commands[0]).toMatchObject({ exitCode: null, timedOut: false });
    expect(result.commands[0]!.output).toMatch(/denied by rule Tool\(run_validation\)/);
    expect(await runValidation(await runtimeFor(workspace.root, []), [])).toEqual({ passed: true, commands: [] });
  });
});
