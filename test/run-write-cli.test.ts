import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffFile } from '../src/agent/patch/index.js';
import { FIX_SCRIPT, createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { type ScriptedTurn, startScriptedLlmServer } from './support/scripted-llm-server.js';

// `brass-agent run` in write mode on a temp copy of examples/broken-app: the
// patch is applied, the example's real validation (tsc, vitest from the
// repository's node_modules) decides whether it stays. Also the patch files.

const TIMEOUT_MS = 120_000;
const SERVICE = 'src/user/user-service.ts';

/** A "fix" that still fails the type check: the model then gives up on its repair turns. */
const BAD_FIX_SCRIPT = (_request: unknown, index: number): ScriptedTurn =>
  index === 0
    ? { text: 'Renaming the calls.', toolCalls: [{ name: 'edit_file', arguments: { path: SERVICE, old_string: 'getToken()', new_string: 'getTokn()', replace_all: true } }] }
    : { text: 'I cannot fix this.' };

describe('brass-agent run --mode write', () => {
  it('applies a fix that passes validation and keeps it', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--mode', 'write', '--approval', 'auto', '--cwd', agent.workspace.root], {
        env: agent.env(server),
        timeoutMs: TIMEOUT_MS,
      });
      expect(result.stderr).toContain('✓ validation passes: typecheck (exit 0), test (exit 0)');
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`✓ patch applied: ${SERVICE} (+2 −2)`);
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^✓ applied: /);
      const service = fs.readFileSync(agent.workspace.path(SERVICE), 'utf8');
      expect(service).not.toContain('getToken()');
      expect(service.match(/getAccessToken\(\)/g)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('rolls back a fix that fails validation byte for byte and exits 1', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: BAD_FIX_SCRIPT });
    try {
      const before = agent.snapshot();
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--mode', 'write', '--approval', 'auto', '--json', '--cwd', agent.workspace.root], {
        env: agent.env(server),
        timeoutMs: TIMEOUT_MS,
      });
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({ version: 1, state: 'rolled-back' });
      expect(result.stderr).toMatch(/↺ patch rolled back: restored src\/user\/user-service\.ts/);
      expect(agent.snapshot()).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('without a terminal to ask on, approval ask denies the patch: it stays proposed (and --ci exits 2)', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const before = agent.snapshot();
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--mode', 'write', '--ci', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(2);
      expect(result.stderr.match(/no terminal to ask on/g)).toHaveLength(1);
      expect(result.stderr).toContain('  approval: denied');
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^● proposed: the patch was not applied/);
      expect(agent.snapshot()).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('writes the diff with --patch-file, and applies exactly that diff later with --apply-patch-file, no model needed', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    let diff: string;
    try {
      const proposed = await runCli(['run', 'fix the failing typecheck', '--no-run', '--patch-file', 'review/fix.diff', '--cwd', agent.workspace.root], {
        env: agent.env(server),
        cwd: agent.home.root,
        timeoutMs: TIMEOUT_MS,
      });
      expect(proposed.code).toBe(0);
      diff = fs.readFileSync(agent.home.path('review/fix.diff'), 'utf8');
      expect(diff).toMatch(/^--- a\/src\/user\/user-service\.ts$/m);
      expect(proposed.stdout).toContain(diff);
      expect(fs.readFileSync(agent.workspace.path(SERVICE), 'utf8')).toContain('getToken()');
    } finally {
      await server.close();
    }

    // No provider at all: applying a reviewed patch calls no model.
    const applied = await runCli(['run', '--apply-patch-file', agent.home.path('review/fix.diff'), '--no-run', '--approval', 'auto', '--json', '--cwd', agent.workspace.root], {
      env: agent.env(),
      timeoutMs: TIMEOUT_MS,
    });
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ state: 'applied', diff, steps: 0 });
    const service = fs.readFileSync(agent.workspace.path(SERVICE), 'utf8');
    expect(service.match(/getAccessToken\(\)/g)).toHaveLength(2);

    // The same patch again is stale now: refused, nothing written.
    const before = agent.snapshot();
    const stale = await runCli(['run', '--apply-patch-file', agent.home.path('review/fix.diff'), '--no-run', '--approval', 'auto', '--cwd', agent.workspace.root], {
      env: agent.env(),
      timeoutMs: TIMEOUT_MS,
    });
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(/^error: --apply-patch-file: .*user-service\.ts/m);
    expect(agent.snapshot()).toEqual(before);
  });

  it('says so and writes no --patch-file when nothing changed', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: [{ text: 'Nothing to change.' }] });
    try {
      const result = await runCli(['run', 'look around', '--no-run', '--patch-file', 'fix.diff', '--cwd', agent.workspace.root], { env: agent.env(server), cwd: agent.home.root, timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('the run changed nothing: fix.diff was not written');
      expect(fs.existsSync(agent.home.path('fix.diff'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('records the run with --save-run: events, result, patch and prompt', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--save-run', 'runs', '--json', '--cwd', agent.workspace.root], {
        env: agent.env(server),
        cwd: agent.home.root,
        timeoutMs: TIMEOUT_MS,
      });
      expect(result.code).toBe(0);
      const document = JSON.parse(result.stdout) as { runId: string; diff: string };
      const folder = agent.home.path(path.join('runs', document.runId));
      const files = fs.readdirSync(folder).sort();
      expect(files).toEqual(expect.arrayContaining(['events.jsonl', 'patch.diff', 'result.json']));
      const events = fs.readFileSync(path.join(folder, 'events.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { version: number; type: string });
      expect(events[0]).toMatchObject({ version: 1, type: 'run.started' });
      expect(events.at(-1)).toMatchObject({ version: 1, type: 'run.finished', state: 'proposed' });
      expect(JSON.parse(fs.readFileSync(path.join(folder, 'result.json'), 'utf8'))).toEqual(document);
      expect(fs.readFileSync(path.join(folder, 'patch.diff'), 'utf8')).toBe(document.diff);
    } finally {
      await server.close();
    }
  });

  it('validates a reviewed patch like any applied change: a good one is kept (exit 0), one that breaks the typecheck is rolled back (exit 1)', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const original = fs.readFileSync(agent.workspace.path(SERVICE), 'utf8');
    const fixed = original.replaceAll('getToken()', 'getAccessToken()');
    agent.home.write('good.diff', diffFile(SERVICE, original, fixed).text);
    const good = await runCli(['run', '--apply-patch-file', agent.home.path('good.diff'), '--approval', 'auto', '--json', '--cwd', agent.workspace.root], { env: agent.env(), timeoutMs: TIMEOUT_MS });
    expect(good.stderr).toContain('✓ validation passes: typecheck (exit 0), test (exit 0)');
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ state: 'applied' });

    agent.home.write('bad.diff', diffFile(SERVICE, fixed, `${fixed}export const broken: number = 'not a number';\n`).text);
    const before = agent.snapshot();
    const bad = await runCli(['run', '--apply-patch-file', agent.home.path('bad.diff'), '--approval', 'auto', '--json', '--cwd', agent.workspace.root], { env: agent.env(), timeoutMs: TIMEOUT_MS });
    expect(bad.stderr).toMatch(/✗ validation fails: typecheck \(exit [1-9]/);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ state: 'rolled-back' });
    expect(agent.snapshot()).toEqual(before);
  });
});
