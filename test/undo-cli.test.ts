import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIX_SCRIPT, createAgentWorkspace, type AgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { type ScriptedTurn, startScriptedLlmServer } from './support/scripted-llm-server.js';

// Checkpoints and `brass-agent undo` (issue 14): the workspace is
// checkpointed under XDG_STATE_HOME before a run's first change; what the
// model's commands change is reported and restorable, byte for byte and
// mode for mode. Whether commands run sandboxed does not matter here.

const TIMEOUT_MS = 120_000;
const SERVICE = 'src/user/user-service.ts';
const EXECUTABLE = 'scripts/build.sh';
const BINARY = 'assets/logo.bin';

/** The model runs one shell command, then stops. */
const shellScript = (command: string): ScriptedTurn[] => [{ text: 'Running it.', toolCalls: [{ name: 'shell', arguments: { command } }] }, { text: 'Done.' }];

async function runScripted(agent: AgentWorkspace, script: readonly ScriptedTurn[], extra: string[] = []) {
  const server = await startScriptedLlmServer({ script });
  try {
    return await runCli(['run', 'do it', '--no-run', '--mode', 'write', '--approval', 'auto', '--json', ...extra, '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
  } finally {
    await server.close();
  }
}

const undo = (agent: AgentWorkspace, ...flags: string[]) => runCli(['undo', ...flags, '--cwd', agent.workspace.root], { env: agent.env(), timeoutMs: TIMEOUT_MS });

/** Every file's permission bits, by relative path (node_modules aside). */
function modes(agent: AgentWorkspace): Map<string, number> {
  return new Map([...agent.snapshot().keys()].map((relative) => [relative, fs.statSync(agent.workspace.path(relative)).mode & 0o777]));
}

function checkpointsOf(agent: AgentWorkspace): string {
  return agent.home.path('state/brass-agent/checkpoints');
}

/** The blob files in the store. */
function blobs(agent: AgentWorkspace): string[] {
  const folder = path.join(checkpointsOf(agent), 'blobs');
  return fs.existsSync(folder) ? (fs.readdirSync(folder, { recursive: true }) as string[]).filter((name) => /[0-9a-f]{64}$/.test(name)) : [];
}

async function withExtras(): Promise<AgentWorkspace> {
  const agent = await createAgentWorkspace();
  agent.workspace.write(EXECUTABLE, '#!/bin/sh\necho build\n');
  fs.chmodSync(agent.workspace.path(EXECUTABLE), 0o755);
  agent.workspace.write(BINARY, Buffer.from([0, 1, 2, 255, 254, 0, 10]));
  return agent;
}

describe('brass-agent undo', () => {
  it('a model\'s `rm -rf src` is reported in files and events, and undo restores every byte and mode; a second undo finds nothing', { timeout: TIMEOUT_MS * 2 }, async () => {
    await using agent = await withExtras();
    const before = agent.snapshot();
    const beforeModes = modes(agent);
    const result = await runScripted(agent, shellScript(`rm -rf src scripts ${BINARY}`));
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { files: { path: string; status: string }[]; diff: string; summary: string };
    const deleted = [...before.keys()].filter((relative) => relative.startsWith('src/') || relative.startsWith('scripts/') || relative === BINARY).sort();
    expect(document.files.map((file) => file.path)).toEqual(deleted);
    expect(document.files.every((file) => file.status === 'deleted')).toBe(true);
    expect(document.diff).toContain(`diff --git a/${SERVICE} b/${SERVICE}`);
    expect(document.diff).toContain(`Binary files a/${BINARY} and /dev/null differ`);
    expect(document.summary).toMatch(/the run's commands changed \d+ file\(s\)/);
    expect(fs.existsSync(agent.workspace.path('src'))).toBe(false);
    // The command.changed_files event, as the human renderer shows it.
    expect(result.stderr).toMatch(/^ {2}changed by sh -c rm -rf src .*src\/auth\/auth-client\.ts \(deleted\)/m);

    const restored = await undo(agent, '--json');
    expect(restored.code).toBe(0);
    expect(JSON.parse(restored.stdout)).toEqual({ version: 1, restored: deleted, conflicts: [] });
    expect(agent.snapshot()).toEqual(before);
    expect(modes(agent)).toEqual(beforeModes);

    const again = await undo(agent, '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ version: 1, restored: [], conflicts: [] });
    expect(again.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^nothing to undo: /)]);
  });

  it('undoes a kept run; a file the user edited since is a conflict (exit 1, named), and --force restores it', { timeout: TIMEOUT_MS * 2 }, async () => {
    await using agent = await createAgentWorkspace();
    const before = agent.snapshot();
    const kept = await runScripted(agent, FIX_SCRIPT);
    expect(kept.code).toBe(0);
    expect(JSON.parse(kept.stdout)).toMatchObject({ state: 'applied', files: [{ path: SERVICE, status: 'modified' }] });
    agent.workspace.write(SERVICE, '// edited by hand after the run\n');

    const refused = await undo(agent, '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({ version: 1, restored: [], conflicts: [SERVICE] });
    expect(refused.stderr).toMatch(/^error: cannot undo the last run: src\/user\/user-service\.ts changed since it ended; nothing was restored$/m);
    expect(fs.readFileSync(agent.workspace.path(SERVICE), 'utf8')).toBe('// edited by hand after the run\n');

    const forced = await undo(agent, '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`restored ${SERVICE}`);
    expect(agent.snapshot()).toEqual(before);
  });

  it('a damaged store is one clear error and loses nothing in the workspace', { timeout: TIMEOUT_MS * 2 }, async () => {
    await using agent = await withExtras();
    expect((await runScripted(agent, shellScript('rm -rf src'))).code).toBe(0);
    const afterRun = agent.snapshot();
    for (const blob of blobs(agent)) fs.writeFileSync(path.join(checkpointsOf(agent), 'blobs', blob), 'garbage');

    const damaged = await undo(agent);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: the checkpoint store .* is damaged: blob [0-9a-f]{12} does not match its hash; nothing was restored \(remove .* to start over\)$/)]);
    expect(agent.snapshot()).toEqual(afterRun);

    const records = fs.readdirSync(path.join(checkpointsOf(agent), 'workspaces'));
    fs.writeFileSync(path.join(checkpointsOf(agent), 'workspaces', records[0]!, 'last-run.json'), '{"version":1,"workspa');
    const torn = await undo(agent, '--json');
    expect(torn.code).toBe(1);
    expect(JSON.parse(torn.stdout)).toMatchObject({ version: 1, error: { code: 'checkpoint-corrupt' } });
    expect(torn.stderr).toMatch(/^error: the checkpoint store .* is damaged: .*last-run\.json does not parse/m);
    expect(agent.snapshot()).toEqual(afterRun);
  });

  it('checkpoints a 100,000-file workspace storing each distinct content once, and refuses one above the byte limit with a clear warning', { timeout: TIMEOUT_MS * 3 }, async () => {
    await using agent = await createAgentWorkspace();
    const distinct = 50;
    for (let folder = 0; folder < 100; folder++) {
      const directory = agent.workspace.path(`data/d${folder}`);
      fs.mkdirSync(directory, { recursive: true });
      for (let index = 0; index < 1000; index++) fs.writeFileSync(path.join(directory, `f${index}.txt`), `content ${(folder * 1000 + index) % distinct}\n`);
    }
    const workspaceFiles = 14 + 100_000;
    const result = await runScripted(agent, shellScript('rm data/d0/f0.txt'));
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { files: { path: string; status: string }[] };
    expect(document.files).toEqual([{ path: 'data/d0/f0.txt', status: 'deleted', additions: 0, deletions: 1 }]);
    // Each distinct content once: the 50 data contents plus the example's own files (some of which may share content).
    const stored = blobs(agent).length;
    expect(stored).toBeGreaterThanOrEqual(distinct);
    expect(stored).toBeLessThanOrEqual(distinct + 14);
    expect(workspaceFiles).toBeGreaterThan(stored * 1000);
    const undone = await undo(agent, '--json');
    expect(JSON.parse(undone.stdout)).toMatchObject({ restored: ['data/d0/f0.txt'] });
    expect(fs.readFileSync(agent.workspace.path('data/d0/f0.txt'), 'utf8')).toBe('content 0\n');

    // Above the byte limit (a sparse file: no disk used): no checkpoint, the run goes on and says undo is unavailable.
    fs.rmSync(agent.workspace.path('data'), { recursive: true });
    const huge = fs.openSync(agent.workspace.path('huge.bin'), 'w');
    fs.ftruncateSync(huge, 1536 * 1024 * 1024);
    fs.closeSync(huge);
    const refused = await runScripted(agent, shellScript('echo hi > note.txt'));
    expect(refused.code).toBe(0);
    expect(refused.stderr).toMatch(/warning: the workspace's files hold 1536 MiB, more than the checkpoint limit of 1024 MiB: no checkpoint was taken; .*`brass-agent undo` is unavailable for this run/);
    expect(fs.readFileSync(agent.workspace.path('note.txt'), 'utf8')).toBe('hi\n');
  });
});

describe('a run\'s commands and its checkpoint', () => {
  it('a run rolled back after failing validation restores what its commands changed, not only its patch', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace({ '.brass-agent.json': '{ "agent": { "repairTurns": 1 } }\n' });
    const before = agent.snapshot();
    const script: ScriptedTurn[] = [
      { text: 'Cleaning up first.', toolCalls: [{ name: 'shell', arguments: { command: 'rm README.md && echo junk > junk.txt' } }] },
      { text: 'A wrong fix.', toolCalls: [{ name: 'edit_file', arguments: { path: SERVICE, old_string: 'getToken()', new_string: 'getTokn()', replace_all: true } }] },
      { text: 'Done.' },
      // The one repair turn: no further edit, so validation still fails and the run is rolled back.
      { text: 'I cannot fix it.' },
    ];
    const result = await runScripted(agent, script);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as { summary: string }).summary).toMatch(/rolled back.*the 2 file\(s\) its commands changed were restored from the checkpoint/);
    expect(agent.snapshot()).toEqual(before);
  });

  it('checkpoints before discovery\'s validation commands: what they write is the run\'s change, and undo removes it', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const packageJson = JSON.parse(fs.readFileSync(agent.workspace.path('package.json'), 'utf8')) as { scripts: Record<string, string> };
    packageJson.scripts.test = 'echo report > test-report.txt && vitest run';
    agent.workspace.write('package.json', JSON.stringify(packageJson, null, 2));
    const server = await startScriptedLlmServer({ script: [{ text: 'Nothing to do.' }] });
    try {
      const result = await runCli(['run', 'look around', '--mode', 'write', '--approval', 'auto', '--json', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect((JSON.parse(result.stdout) as { files: { path: string; status: string }[] }).files).toEqual([expect.objectContaining({ path: 'test-report.txt', status: 'added' })]);
    } finally {
      await server.close();
    }
    expect((await undo(agent)).code).toBe(0);
    expect(fs.existsSync(agent.workspace.path('test-report.txt'))).toBe(false);
  });
});
