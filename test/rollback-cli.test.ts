import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { FIX_SCRIPT, createAgentWorkspace, type AgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer } from './support/scripted-llm-server.js';

// Recovery from a run that died with its change on disk: `brass-agent run`
// is killed (SIGKILL) or interrupted (SIGINT) while its applied patch is
// being validated; `brass-agent rollback --last` restores from the journal
// under XDG_STATE_HOME, byte for byte.

const TIMEOUT_MS = 90_000;
const SERVICE = 'src/user/user-service.ts';
/** Validation that never finishes on its own within the test: the run is still validating when it is stopped. */
const HANGING_PACKAGE_JSON = `${JSON.stringify({ name: 'broken-app', private: true, type: 'module', scripts: { typecheck: 'node -e "setTimeout(() => {}, 20000)"' } }, null, 2)}\n`;

/**
 * Starts `run --mode write --approval auto --protocol-json` and sends `signal`
 * once the patch.applied event is printed; resolves with the exit code and
 * the event types seen.
 */
function runUntilApplied(agent: AgentWorkspace, baseUrl: string, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; types: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, 'run', 'fix the failing typecheck', '--no-run', '--mode', 'write', '--approval', 'auto', '--protocol-json', '--cwd', agent.workspace.root], {
      env: agent.env({ baseUrl }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const types: string[] = [];
    let buffered = '';
    let hasSignalled = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\n')) !== -1) {
        const event = JSON.parse(buffered.slice(0, end)) as { type: string };
        buffered = buffered.slice(end + 1);
        types.push(event.type);
        if (event.type === 'patch.applied' && !hasSignalled) {
          hasSignalled = true;
          child.kill(signal);
        }
      }
    });
    child.stderr.resume();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the run did not end within ${TIMEOUT_MS} ms (events: ${types.join(', ')})`));
    }, TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, exitSignal) => {
      clearTimeout(timer);
      resolve({ code, signal: exitSignal, types });
    });
  });
}

async function killedDuringValidation(agent: AgentWorkspace): Promise<void> {
  const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
  try {
    const run = await runUntilApplied(agent, server.baseUrl, 'SIGKILL');
    expect(run.signal).toBe('SIGKILL');
    expect(run.types).toContain('patch.applied');
    expect(run.types).not.toContain('run.finished');
  } finally {
    await server.close();
  }
  // The process is gone; its change is still on disk.
  expect(fs.readFileSync(agent.workspace.path(SERVICE), 'utf8')).toContain('getAccessToken()');
}

describe('brass-agent rollback --last', () => {
  it('restores the files of a run killed with SIGKILL while validating its patch', { timeout: TIMEOUT_MS * 2 }, async () => {
    await using agent = await createAgentWorkspace({ 'package.json': HANGING_PACKAGE_JSON });
    const before = agent.snapshot();
    await killedDuringValidation(agent);

    const rollback = await runCli(['rollback', '--last', '--json', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(rollback.code).toBe(0);
    const document = JSON.parse(rollback.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({ version: 1, patchId: expect.any(String), restored: [SERVICE], removed: [] });
    expect(agent.snapshot()).toEqual(before);

    const again = await runCli(['rollback', '--last', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing to roll back');
    expect(again.stdout).toBe('');
  });

  it('refuses to overwrite files edited since, naming them, unless --force', { timeout: TIMEOUT_MS * 2 }, async () => {
    await using agent = await createAgentWorkspace({ 'package.json': HANGING_PACKAGE_JSON });
    const original = fs.readFileSync(agent.workspace.path(SERVICE));
    await killedDuringValidation(agent);
    agent.workspace.write(SERVICE, '// edited by hand after the crash\n');

    const refused = await runCli(['rollback', '--last', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: cannot roll back the last patch: src\/user\/user-service\.ts changed since it was applied; nothing was restored$/m);
    expect(fs.readFileSync(agent.workspace.path(SERVICE), 'utf8')).toBe('// edited by hand after the crash\n');

    const forced = await runCli(['rollback', '--last', '--force', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`restored ${SERVICE}`);
    expect(fs.readFileSync(agent.workspace.path(SERVICE))).toEqual(original);
  });

  it('needs --last', async () => {
    await using agent = await createAgentWorkspace();
    const result = await runCli(['rollback', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("required option '--last' not specified");
  });
});

describe('brass-agent run, interrupted', () => {
  it('rolls back an applied, unvalidated patch on Ctrl-C (SIGINT) and exits 1', { timeout: TIMEOUT_MS * 2 }, async () => {
    await using agent = await createAgentWorkspace({ 'package.json': HANGING_PACKAGE_JSON });
    const before = agent.snapshot();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const run = await runUntilApplied(agent, server.baseUrl, 'SIGINT');
      expect(run.code).toBe(1);
      expect(run.types).toContain('patch.rolled_back');
      expect(run.types.at(-1)).toBe('run.finished');
    } finally {
      await server.close();
    }
    expect(agent.snapshot()).toEqual(before);
    const rollback = await runCli(['rollback', '--last', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(rollback.stderr).toContain('nothing to roll back');
  });
});
