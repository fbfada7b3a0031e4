import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { firstUserMessage, startScriptedLlmServer } from './support/scripted-llm-server.js';
import { makeFifo } from './support/special-files.js';
import { hasTmux, startTmux } from './support/tmux-terminal.js';

// Issue 18, item 6: a CI log could be handed to `discover`, not to the
// agent. `run --validation-output FILE|-` gives discovery the log's signals,
// read by the same code as discover's, and quotes its tail in the first message.

const TIMEOUT_MS = 60_000;
/** A file the broken app's own failures never name: only the log leads discovery to it. */
const NAMED = 'src/config/app-config.ts';
const CI_LOG = `${NAMED}(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n`;

describe('brass-agent run --validation-output (issue 18, item 6)', () => {
  it('reads the signals of a log file: the file it names is read for the prompt, and the log is quoted', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const log = agent.home.write('ci.log', CI_LOG);
    const server = await startScriptedLlmServer({ script: [{ text: 'The config types are off.' }] });
    try {
      const result = await runCli(['run', 'fix the CI failure', '--no-run', '--validation-output', log, '--protocol-json', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      const discovery = result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; files?: { path: string; reason: string }[] })
        .find((event) => event.type === 'discovery.completed');
      expect(discovery?.files).toContainEqual({ path: NAMED, reason: 'direct' });
      const message = firstUserMessage(server.requests[0]!);
      expect(message).toContain(`File ${NAMED}`);
      expect(message).toContain(`Validation output you were given (as if a validation command printed it):\n\`\`\`\n${CI_LOG}\`\`\``);
    } finally {
      await server.close();
    }
  });

  it('reads the log from stdin with -, for every goal of a batch', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    agent.home.write('goals.txt', 'fix the CI failure\nexplain the CI failure\n');
    const server = await startScriptedLlmServer({ script: [{ text: 'First.' }, { text: 'Second.' }] });
    try {
      const result = await runCli(['run', '--batch-file', 'goals.txt', '--no-run', '--validation-output', '-', '--cwd', agent.workspace.root], {
        env: agent.env(server),
        cwd: agent.home.root,
        input: CI_LOG,
        timeoutMs: TIMEOUT_MS,
      });
      expect(result.code).toBe(0);
      expect(server.requests).toHaveLength(2);
      for (const request of server.requests) expect(firstUserMessage(request)).toContain(`File ${NAMED}`);
    } finally {
      await server.close();
    }
  });

  it('caps a huge log: its head and its tail are read (the error at the end of a CI log is found) and the run goes on', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const log = agent.home.write('huge.log', `${'noise line of a very long CI log\n'.repeat(200_000)}${CI_LOG}`);
    expect(fs.statSync(log).size).toBeGreaterThan(4 * 1024 * 1024);
    const result = await runCli(['run', 'fix the CI failure', '--no-run', '--dry-run', '--json', '--validation-output', log, '--cwd', agent.workspace.root], { env: agent.env(), timeoutMs: TIMEOUT_MS });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { prompt: { firstMessage: string } };
    expect(document.prompt.firstMessage).toContain(`File ${NAMED}`);
    expect(document.prompt.firstMessage.length).toBeLessThan(1024 * 1024);
  });

  it.each([
    ['a missing file', () => 'missing.log', /^error: --validation-output: missing\.log does not exist$/m],
    ['a directory', (home: string) => home, /^error: --validation-output: .*director/m],
    ['a FIFO (without waiting for a writer)', (home: string) => makeFifo(`${home}/ci.fifo`), /^error: --validation-output: .*regular file/m],
  ])('refuses %s with exit 2 and one line naming the flag', { timeout: TIMEOUT_MS }, async (_what, source, message) => {
    await using agent = await createAgentWorkspace();
    const result = await runCli(['run', 'fix it', '--dry-run', '--validation-output', source(agent.home.root), '--cwd', agent.workspace.root], { env: agent.env(), cwd: agent.home.root, timeoutMs: TIMEOUT_MS });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('refuses --validation-output with --apply-patch-file (no model reads the log)', async () => {
    const result = await runCli(['run', '--apply-patch-file', 'fix.diff', '--validation-output', 'ci.log']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: --validation-output gives the model failures to work on; --apply-patch-file calls no model: drop one of them');
  });

  it.runIf(hasTmux()).each([
    ['run', 'fix it', '--dry-run'],
    ['discover', '--no-run'],
  ])('refuses - when stdin is a terminal instead of waiting for input (%s, the same reader)', { timeout: TIMEOUT_MS }, async (...command) => {
    await using agent = await createAgentWorkspace();
    const terminal = startTmux([process.execPath, CLI_PATH, ...command, '--validation-output', '-', '--cwd', agent.workspace.root], { env: agent.env(), cwd: agent.home.root, columns: 200 });
    try {
      await terminal.waitFor('error: --validation-output: - reads the log from stdin, but stdin is a terminal');
      expect(await terminal.waitForExit()).toBe(2);
    } finally {
      terminal.close();
    }
  });
});
