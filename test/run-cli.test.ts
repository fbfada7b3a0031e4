import { describe, expect, it } from 'vitest';
import { FIX_SCRIPT, createAgentWorkspace } from './support/agent-workspace.js';
import { closedPort } from './support/closed-port.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer } from './support/scripted-llm-server.js';

// `brass-agent run` as a user runs it: the built CLI as a child process, a
// temp copy of examples/broken-app, a real scripted model server on loopback.
// Discovery runs with --no-run here (the write tests run validation for real).

const TIMEOUT_MS = 60_000;
const NO_PROVIDER_LINE =
  'error: no LLM provider configured: set BRASS_LLM_PROVIDER and BRASS_LLM_MODEL (e.g. openai-compatible + BRASS_LLM_BASE_URL=http://127.0.0.1:11434/v1 for Ollama), or llm.provider in .brass-agent.json';

/** The `role: tool` messages of a recorded OpenAI-compatible request. */
function toolMessages(body: Record<string, unknown>): string[] {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  return messages.filter((message) => message.role === 'tool').map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));
}

describe('brass-agent run', () => {
  it('proposes by default: streams the text to stderr, prints only the diff on stdout, writes nothing', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const before = agent.snapshot();
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.stderr).toContain('→ read_file src/auth/auth-client.ts');
      expect(result.code).toBe(0);
      // In propose mode stdout is the patch alone (issue 18, item 6): the model's text goes to stderr.
      expect(result.stderr).toContain('Reading the auth client first.');
      expect(result.stderr).toContain('Renamed both calls to getAccessToken().');
      expect(result.stdout).not.toContain('Reading the auth client');
      expect(result.stdout).toMatch(/^--- a\/src\/user\/user-service\.ts$/m);
      expect(result.stdout).toMatch(/^\+.*this\.auth\.getAccessToken\(\)/m);
      expect(result.stdout).not.toContain(`${String.fromCharCode(0x1b)}[`);
      expect(result.stderr).toMatch(/● proposed: /);
      expect(agent.snapshot()).toEqual(before);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('exits 2 with --ci when a patch was proposed but not applied', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--ci', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('prints every event as one versioned JSON line with --protocol-json, and nothing else on stdout', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--protocol-json', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      const events = lines.map((line) => JSON.parse(line) as { version: number; time: string; type: string; [key: string]: unknown });
      for (const event of events) {
        expect(event.version).toBe(1);
        expect(Number.isNaN(Date.parse(event.time))).toBe(false);
      }
      expect(events[0]!.type).toBe('run.started');
      expect(events.at(-1)).toMatchObject({ type: 'run.finished', state: 'proposed' });
      const types = events.map((event) => event.type);
      expect(types).toContain('text.delta');
      expect(types).toContain('patch.proposed');
      expect(events.find((event) => event.type === 'action.started')).toMatchObject({ tool: 'read_file', input: { path: 'src/auth/auth-client.ts' }, agent: 'main' });
      expect(result.stdout).not.toContain(agent.home.root);
    } finally {
      await server.close();
    }
  });

  it('prints exactly one document with --json', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--json', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      const document = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(Object.keys(document)).toEqual(['version', 'runId', 'state', 'summary', 'finalText', 'files', 'diff', 'steps', 'usage']);
      expect(document).toMatchObject({
        version: 1,
        state: 'proposed',
        finalText: 'Renamed both calls to getAccessToken().',
        files: [{ path: 'src/user/user-service.ts', status: 'modified', additions: 2, deletions: 2 }],
        steps: 3,
        usage: { inputTokens: 30, outputTokens: 15 },
      });
      expect(document.diff).toMatch(/^--- a\/src\/user\/user-service\.ts$/m);
    } finally {
      await server.close();
    }
  });

  it('exits 2 with one line when no provider is configured', async () => {
    await using agent = await createAgentWorkspace();
    const result = await runCli(['run', 'fix it', '--no-run', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(NO_PROVIDER_LINE);
    expect(result.stdout).toBe('');
  });

  it('builds and prints the prompt with --dry-run, without a provider and without a model call', async () => {
    await using agent = await createAgentWorkspace();
    const result = await runCli(['run', 'fix the failing typecheck', '--dry-run', '--no-run', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('── system prompt ──');
    expect(result.stdout).toMatch(/── first message ──\nGoal:\nfix the failing typecheck/);
    expect(result.stdout).toContain('read_file');
  });

  it('fails with exit 1 and one line when the endpoint is unreachable', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const port = await closedPort();
    const result = await runCli(['run', 'fix it', '--no-run', '--cwd', agent.workspace.root], { env: agent.env({ baseUrl: `http://127.0.0.1:${port}/v1` }), timeoutMs: TIMEOUT_MS });
    expect(result.code).toBe(1);
    const finalLine = result.stderr.trimEnd().split('\n').at(-1)!;
    expect(finalLine).toMatch(/^✗ failed: .*127\.0\.0\.1/);
    expect(result.stdout).toBe('');
  });

  it('retries after an HTTP 500 and finishes', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: [{ fault: 'http-status', status: 500 }, ...FIX_SCRIPT] });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('Renamed both calls');
      expect(server.requests).toHaveLength(4);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['read_file', { path: '/etc/passwd' }, /outside the workspace/],
    ['shell', { command: 'cat /etc/passwd' }, /outside the workspace/],
  ])('refuses %s of /etc/passwd with --approval never, tells the model, and goes on', { timeout: TIMEOUT_MS }, async (tool, input, told) => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: [{ toolCalls: [{ name: tool, arguments: input }] }, { text: 'I may not read that file; nothing else to do.' }] });
    try {
      const result = await runCli(['run', 'show me the users', '--no-run', '--mode', 'write', '--approval', 'never', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('I may not read that file');
      expect(result.stdout + result.stderr).not.toMatch(/root:.*:0:0:/);
      expect(server.requests).toHaveLength(2);
      const messages = toolMessages(server.requests[1]!.body);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(told);
      expect(messages[0]).not.toMatch(/root:.*:0:0:/);
    } finally {
      await server.close();
    }
  });

  it('refuses --json with --protocol-json, and still prints one error document for --json', async () => {
    await using agent = await createAgentWorkspace();
    const result = await runCli(['run', 'x', '--json', '--protocol-json', '--cwd', agent.workspace.root], { env: agent.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --json and --protocol-json cannot be used together: pick one output format\n');
    expect(JSON.parse(result.stdout)).toEqual({ version: 1, error: { code: 'usage', message: '--json and --protocol-json cannot be used together: pick one output format' } });
  });

  it.each([
    ['no goal', ['run'], /a GOAL is required/],
    ['--apply-patch-file in read-only mode', ['run', '--apply-patch-file', 'fix.diff', '--mode', 'read-only'], /--apply-patch-file cannot run in read-only mode/],
    ['a goal with --batch-file', ['run', 'x', '--batch-file', 'goals.txt'], /give no GOAL with it/],
    ['an unknown mode', ['run', 'x', '--mode', 'yolo'], /argument 'yolo' is invalid/],
    ['an unknown flow', ['run', 'x', '--flow', 'release'], /--flow: unknown flow "release"; the config defines no flows/],
  ])('exits 2 with one line for %s', async (_name, args, message) => {
    await using agent = await createAgentWorkspace();
    const result = await runCli([...args, '--cwd', agent.workspace.root], { env: agent.env({ baseUrl: 'http://127.0.0.1:9/v1' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});
