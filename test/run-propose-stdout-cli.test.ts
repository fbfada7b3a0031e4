import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIX_SCRIPT, createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer } from './support/scripted-llm-server.js';

// Issue 18, item 6: in propose mode the model's prose and the diff shared
// stdout, so `brass-agent run "…" --mode propose > fix.diff` was no patch.

const TIMEOUT_MS = 60_000;
const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
}

describe('brass-agent run --mode propose: stdout is the patch alone (issue 18, item 6)', () => {
  it('> fix.diff gives a file git apply takes; the prose, progress and summary are on stderr', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const root = agent.workspace.root;
    git(root, 'init', '-q', '.');
    git(root, 'config', 'commit.gpgsign', 'false');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'broken app');
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--mode', 'propose', '--no-run', '--cwd', root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^diff --git a\/src\/user\/user-service\.ts b\/src\/user\/user-service\.ts\n--- a\/src\/user\/user-service\.ts\n\+\+\+ b\/src\/user\/user-service\.ts\n@@ /);
      expect(result.stderr).toContain('Reading the auth client first.');
      expect(result.stderr).toContain('Renamed both calls to getAccessToken().');
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^● proposed: /);

      const patch = agent.home.write('fix.diff', result.stdout);
      git(root, 'apply', '--check', patch);
      git(root, 'apply', patch);
      expect(fs.readFileSync(agent.workspace.path('src/user/user-service.ts'), 'utf8').match(/getAccessToken\(\)/g)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('prints nothing on stdout when the model changes nothing', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: [{ text: 'Nothing needs to change.' }] });
    try {
      const result = await runCli(['run', 'explain the auth client', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Nothing needs to change.');
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^✓ completed: /);
    } finally {
      await server.close();
    }
  });

  it('keeps the model text on stdout in read-only mode, where the answer is the result', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: [{ text: 'It hands out tokens.' }] });
    try {
      const result = await runCli(['run', 'explain the auth client', '--mode', 'read-only', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('It hands out tokens.\n');
    } finally {
      await server.close();
    }
  });
});
