import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../core/index.js';
import { openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { toolResultEventOf } from './tool-result-event-of.js';

describe('toolResultEventOf', () => {
  it('derives what each kind of action touched from a real runtime', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/api/a.ts': 'export const needle = 1;\n', 'big.txt': 'x'.repeat(100) } });
    const runtime = await openTestRuntime(workspace.root, { rules: { allow: ['Shell(true*)'] } });
    const run = async (action: AgentAction) => toolResultEventOf('tool', action, await runtime.execute(action));

    expect(await run({ kind: 'fs.readFile', path: 'src/api/a.ts' })).toEqual({ tool: 'tool', ok: true, paths: ['src/api/a.ts'], contentPaths: ['src/api/a.ts'] });
    expect(await run({ kind: 'fs.readFile', path: 'big.txt', maxBytes: 10 })).toEqual({ tool: 'tool', ok: true, paths: ['big.txt'] });
    expect(await run({ kind: 'fs.list', path: 'src' })).toEqual({ tool: 'tool', ok: true, paths: ['src'] });
    expect(await run({ kind: 'fs.searchText', query: 'needle', path: 'src' })).toEqual({ tool: 'tool', ok: true, paths: ['src', 'src/api/a.ts'] });
    expect(await run({ kind: 'shell.run', argv: ['true', 'api/a.ts'], cwd: 'src' })).toEqual({ tool: 'tool', ok: true, command: { argv: ['true', 'api/a.ts'], cwd: 'src' } });
    expect(await run({ kind: 'shell.run', argv: ['brass-test-command-that-does-not-exist'] })).toEqual({ tool: 'tool', ok: false });
    expect(await run({ kind: 'fs.readFile', path: 'missing.ts' })).toEqual({ tool: 'tool', ok: false });
  });
});
