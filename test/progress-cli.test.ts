import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { runCli } from './support/run-cli.js';
import { createAgentWorkspace, type AgentWorkspace } from './support/agent-workspace.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from './support/scripted-llm-server.js';
import { hasTmux, startTmux } from './support/tmux-terminal.js';

// Progress on stderr (issue 18, item 3), as a user sees it: the built CLI, a
// validation command that takes over a second, a model that answers slowly.
// Plain lines when stderr is a pipe, a spinner in a real terminal (tmux),
// nothing with --json unless --progress, nothing with --quiet.

const TIMEOUT_MS = 90_000;
const SLOW_TEST = "setTimeout(() => { console.log('1 test failed'); process.exit(1); }, 1500);\n";
const FRAMES = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;

describe('progress on stderr', () => {
  let agent: AgentWorkspace;
  let server: ScriptedLlmServer;

  beforeAll(async () => {
    // One workspace for every case: its only validation command is `npm test`, which takes 1.5 s and fails.
    agent = await createAgentWorkspace({ 'package.json': JSON.stringify({ name: 'slow', scripts: { test: 'node slow-test.mjs' } }), 'slow-test.mjs': SLOW_TEST });
    server = await startScriptedLlmServer({ script: () => ({ text: 'Nothing to change.', delayMs: 1500 }) });
  }, TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await agent?.[Symbol.asyncDispose]();
  });

  const discover = (...flags: string[]) => runCli(['discover', 'the failing test', '--cwd', agent.workspace.root, ...flags], { env: agent.env(), timeoutMs: TIMEOUT_MS });

  it('plain lines on a pipe: the command when it starts, its outcome and time when it ends', { timeout: TIMEOUT_MS }, async () => {
    const result = await discover();
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('running npm test …\n');
    expect(result.stderr).toMatch(/^✗ npm test: exit 1 \(\d+\.\d s\)$/m);
    // A pipe gets no spinner: no carriage return, no frame.
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr).not.toMatch(FRAMES);
  });

  it('nothing with --json, unless --progress asks for it; nothing with --quiet; both together are a usage error', { timeout: TIMEOUT_MS }, async () => {
    const [json, forced, quiet, both] = await Promise.all([discover('--json'), discover('--json', '--progress'), discover('--quiet'), discover('--quiet', '--progress')]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ version: 1, commands: [{ name: 'test', ran: true, exitCode: 1 }] });
    expect(json.stderr).not.toContain('npm test');
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ version: 1 });
    expect(forced.stderr).toContain('running npm test …');
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('npm test');
    expect(quiet.stdout).toContain('npm test');
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--progress.*cannot be used with.*--quiet/);
  });

  it('run: says it is waiting for a slow model; --protocol-json keeps stderr quiet and records model.started', { timeout: TIMEOUT_MS }, async () => {
    const env = agent.env(server);
    const human = await runCli(['run', 'explain the project', '--no-run', '--cwd', agent.workspace.root], { env, timeoutMs: TIMEOUT_MS });
    expect(human.code).toBe(0);
    expect(human.stderr).toContain('waiting for the model …\n');
    // Propose mode: the model's text goes to stderr with the progress, and no diff means an empty stdout.
    expect(human.stderr).toContain('Nothing to change.');
    expect(human.stdout).toBe('');
    const protocol = await runCli(['run', 'explain the project', '--no-run', '--protocol-json', '--cwd', agent.workspace.root], { env, timeoutMs: TIMEOUT_MS });
    expect(protocol.code).toBe(0);
    expect(protocol.stderr).not.toContain('waiting for the model');
    const types = protocol.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { type: string }).type);
    expect(types.indexOf('model.started')).toBeGreaterThan(types.indexOf('discovery.completed'));
    expect(types.indexOf('model.started')).toBeLessThan(types.indexOf('model.completed'));
  });

  it.runIf(hasTmux())('a spinner with the elapsed time in a real terminal, replaced by the outcome line', { timeout: TIMEOUT_MS }, async () => {
    const terminal = startTmux([process.execPath, CLI_PATH, 'discover', 'the failing test', '--cwd', agent.workspace.root], { env: { ...agent.env(), TERM: 'xterm-256color' }, cwd: agent.workspace.root });
    try {
      await terminal.waitFor(new RegExp(`${FRAMES.source} running npm test · 1 s`), 30_000);
      expect(await terminal.waitForExit(60_000)).toBe(0);
      const screen = terminal.screen();
      expect(screen).toMatch(/✗ npm test: exit 1 \(\d+\.\d s\)/);
      // The frame was cleared, not left behind.
      expect(screen).not.toMatch(FRAMES);
    } finally {
      terminal.close();
    }
  });
});
