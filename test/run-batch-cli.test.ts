import { describe, expect, it } from 'vitest';
import { createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { firstUserMessage, startScriptedLlmServer } from './support/scripted-llm-server.js';

// `brass-agent run --batch-file` and `--flow`: several runs in one command,
// each a whole run against the scripted model, with a summary and the worst
// exit code.

const TIMEOUT_MS = 60_000;
const FLOWS_CONFIG = `${JSON.stringify({ flows: { fix: { steps: [{ name: 'plan' }, { name: 'implement' }, { name: 'review' }] } } }, null, 2)}\n`;

describe('brass-agent run --batch-file', () => {
  it('runs each goal of a text file in order and prints a summary table', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    agent.home.write('goals.txt', '# two questions\nexplain the auth client\n\nexplain the user service\n');
    const server = await startScriptedLlmServer({ script: [{ text: 'It hands out tokens.' }, { text: 'It reads users.' }] });
    try {
      const result = await runCli(['run', '--batch-file', 'goals.txt', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), cwd: agent.home.root, timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      expect(server.requests.map(firstUserMessage).map((message) => message.split('\n')[1])).toEqual(['explain the auth client', 'explain the user service']);
      // Propose mode: stdout carries only diffs (none here), the table goes to stderr (issue 18, item 6).
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^goal +state +files$/m);
      expect(result.stderr).toMatch(/^explain the auth client +completed +-$/m);
      expect(result.stderr).toMatch(/^explain the user service +completed +-$/m);
      expect(result.stderr).toContain('2 of 2 goal(s) run, 0 not ok');
    } finally {
      await server.close();
    }
  });

  it('goes on after a failed goal and exits with the worst code; --json gives one document', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    agent.home.write('goals.json', JSON.stringify(['first goal', { goal: 'second goal' }, 'third goal']));
    const server = await startScriptedLlmServer({ script: [{ text: 'One.' }, { fault: 'http-status', status: 400 }, { text: 'Three.' }] });
    try {
      const result = await runCli(['run', '--batch-file', 'goals.json', '--no-run', '--json', '--cwd', agent.workspace.root], { env: agent.env(server), cwd: agent.home.root, timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(1);
      const document = JSON.parse(result.stdout) as { version: number; results: { goal: string; state: string; exitCode: number; runs: { finalText: string }[] }[] };
      expect(document.version).toBe(1);
      expect(document.results.map(({ goal, state, exitCode }) => ({ goal, state, exitCode }))).toEqual([
        { goal: 'first goal', state: 'completed', exitCode: 0 },
        { goal: 'second goal', state: 'failed', exitCode: 1 },
        { goal: 'third goal', state: 'completed', exitCode: 0 },
      ]);
      expect(document.results[2]!.runs[0]!.finalText).toBe('Three.');
    } finally {
      await server.close();
    }
  });

  it('refuses a batch file that is not a list of goals (exit 2)', async () => {
    await using agent = await createAgentWorkspace();
    agent.home.write('goals.json', '[ 42 ]');
    const result = await runCli(['run', '--batch-file', agent.home.path('goals.json'), '--cwd', agent.workspace.root], { env: agent.env({ baseUrl: 'http://127.0.0.1:9/v1' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --batch-file: item 0: /m);
  });
});

describe('brass-agent run --flow', () => {
  it("runs the flow's steps in order, each goal carrying the previous step's final text", { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace({ '.brass-agent.json': FLOWS_CONFIG });
    const server = await startScriptedLlmServer({ script: [{ text: 'Plan: rename getToken in user-service.' }, { text: 'Implemented.' }, { text: 'Looks right.' }] });
    try {
      const result = await runCli(['run', 'fix the login', '--flow', 'fix', '--no-run', '--json', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      const document = JSON.parse(result.stdout) as { flow: string; state: string; steps: { step: string; state: string; finalText: string }[] };
      expect(document).toMatchObject({ version: 1, flow: 'fix', state: 'completed' });
      expect(document.steps.map((step) => [step.step, step.finalText])).toEqual([
        ['plan', 'Plan: rename getToken in user-service.'],
        ['implement', 'Implemented.'],
        ['review', 'Looks right.'],
      ]);
      expect(firstUserMessage(server.requests[0]!)).not.toContain('previous step');
      expect(firstUserMessage(server.requests[1]!)).toContain('fix the login\n\nThe previous step of this flow (plan) ended with:\nPlan: rename getToken in user-service.');
      expect(firstUserMessage(server.requests[2]!)).toContain('The previous step of this flow (implement) ended with:\nImplemented.');
    } finally {
      await server.close();
    }
  });

  it('stops at the first failed step', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace({ '.brass-agent.json': FLOWS_CONFIG });
    const server = await startScriptedLlmServer({ script: [{ fault: 'http-status', status: 400 }, { text: 'never asked' }] });
    try {
      const result = await runCli(['run', 'fix the login', '--flow', 'fix', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('── flow fix · step 1/3: plan');
      expect(result.stderr).not.toContain('step 2/3');
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
