import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX_SCRIPT, createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer } from './support/scripted-llm-server.js';
import { makeOutsideSecret, makeSymlink } from './support/special-files.js';

// Issue 15, item 13: `--save-run DIR` with DIR a symlink planted in the
// repository must not write the run record where it points (`--patch-file`
// already refuses a symlink).
const TIMEOUT_MS = 120_000;

describe('--save-run through a planted symlink', () => {
  it('refuses DIR -> outside with exit 2 and writes nothing there', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const outside = makeOutsideSecret();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const target = path.dirname(outside.file);
      makeSymlink(agent.workspace.path('runs'), target);
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--save-run', 'runs', '--json', '--cwd', agent.workspace.root], {
        env: agent.env(server),
        cwd: agent.workspace.root,
        timeoutMs: TIMEOUT_MS,
      });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/--save-run: .*runs is a symbolic link/);
      expect(fs.readdirSync(target)).toEqual(['id_rsa']);
    } finally {
      await server.close();
      outside.dispose();
    }
  });
});
