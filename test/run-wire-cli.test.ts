import { describe, expect, it } from 'vitest';
import { FIX_SCRIPT, createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { type RecordedRequest, type ScriptedTurn, startScriptedLlmServer } from './support/scripted-llm-server.js';

// `brass-agent run` over both wire formats: what the endpoint receives, turn by turn.

const TIMEOUT_MS = 60_000;
const NESTED_GUIDANCE = '# Auth rules\nNever log tokens.\n';

/** The system prompt of a recorded request, as each wire format carries it. */
function systemPromptOf(request: RecordedRequest): string {
  if (request.format === 'anthropic') {
    const system = request.body.system;
    return typeof system === 'string' ? system : JSON.stringify((system as { text: string }[]).map((block) => block.text));
  }
  const messages = request.body.messages as { role: string; content: unknown }[];
  return JSON.stringify(messages.filter((message) => message.role === 'system').map((message) => message.content));
}

describe.each(['openai-compatible', 'anthropic'] as const)('brass-agent run against a %s endpoint', (provider) => {
  it('sends a byte-identical system prompt in every turn; nested context arrives in a tool result instead', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace({ 'src/auth/AGENTS.md': NESTED_GUIDANCE });
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const env = agent.env(server, { BRASS_LLM_PROVIDER: provider, BRASS_LLM_API_KEY: 'test-key-0123456789' });
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--cwd', agent.workspace.root], { env, timeoutMs: TIMEOUT_MS });
      expect(result.code, result.stderr).toBe(0);
      expect(server.requests).toHaveLength(3);
      expect(server.requests.every((request) => request.format === (provider === 'anthropic' ? 'anthropic' : 'openai'))).toBe(true);
      const prompts = server.requests.map(systemPromptOf);
      expect(prompts[0]).toContain('brass-agent');
      expect(new Set(prompts).size).toBe(1);
      // The manifest names the nested file; its body is not in the prompt but in the first tool result touching src/auth.
      expect(prompts[0]).not.toContain('Never log tokens.');
      expect(JSON.stringify(server.requests[1]!.body.messages)).toContain('Never log tokens.');
      if (provider === 'anthropic') expect(JSON.stringify(server.requests[0]!.body.system)).toContain('cache_control');
    } finally {
      await server.close();
    }
  });
});

describe('brass-agent run with a misbehaving model', () => {
  it('tells the model when a tool call has arguments that are not JSON, and the run goes on', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const script: ScriptedTurn[] = [{ fault: 'invalid-tool-json' }, ...FIX_SCRIPT];
    const server = await startScriptedLlmServer({ script });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code, result.stderr).toBe(0);
      expect(server.requests).toHaveLength(4);
      const toolResult = (server.requests[1]!.body.messages as { role: string; content: unknown }[]).find((message) => message.role === 'tool');
      expect(JSON.stringify(toolResult)).toMatch(/not valid JSON/i);
    } finally {
      await server.close();
    }
  });

  it('fails with exit 1 and one line when the stream breaks off mid-answer', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const before = agent.snapshot();
    const server = await startScriptedLlmServer({ script: [{ fault: 'malformed-stream' }, { fault: 'malformed-stream' }, { fault: 'malformed-stream' }] });
    try {
      const result = await runCli(['run', 'fix the failing typecheck', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(1);
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^✗ failed: .*(stream|response)/i);
      expect(agent.snapshot()).toEqual(before);
    } finally {
      await server.close();
    }
  });

  // Issue 15 item 20: 1.2 GiB of model text crashed a run after printing 536 MB.
  it('stops reading a reply past the bound of llm.maxOutputTokens and fails with one line, having printed no more than the bound', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const before = agent.snapshot();
    const floodBytes = 256 * 1024 * 1024;
    const server = await startScriptedLlmServer({ script: [{ fault: 'flood-text', bytes: floodBytes }] });
    try {
      const result = await runCli(['run', 'explain the code', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(result.code).toBe(1);
      // Default llm.maxOutputTokens 8192, 16 bytes a token.
      expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^✗ failed: the model's reply passed 131072 bytes, the bound for llm\.maxOutputTokens 8192; stopped reading it/);
      // Propose mode streams the text to stderr, beside a few progress lines.
      expect(result.stdout).toBe('');
      expect(result.stderr.length).toBeLessThanOrEqual(131_072 + 4096);
      expect(server.floodBytesWritten).toBeLessThan(floodBytes / 4);
      expect(server.requests).toHaveLength(1);
      expect(agent.snapshot()).toEqual(before);
    } finally {
      await server.close();
    }
  });

  // Issue 15 item 19: 12,000 read_file calls in one turn took 1.97 GB and crashed the run ("Invalid string length").
  it('runs 64 of 12,000 tool calls of one turn, answers the rest "not run", and finishes', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    // A larger output bound, so the 12,000 calls reach the loop instead of the stream bound.
    agent.home.write('large-replies.json', JSON.stringify({ llm: { maxOutputTokens: 200_000 } }));
    const calls = Array.from({ length: 12_000 }, (_, index) => ({ name: 'read_file', arguments: { path: 'package.json', offset: index + 1 } }));
    const server = await startScriptedLlmServer({ script: [{ toolCalls: calls }, { text: 'Read what I could.' }] });
    try {
      const result = await runCli(['run', 'read everything', '--no-run', '--mode', 'read-only', '--config', agent.home.path('large-replies.json'), '--cwd', agent.workspace.root], {
        env: agent.env(server),
        timeoutMs: TIMEOUT_MS,
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('the model made 12000 tool calls in one turn; ran the first 64 and told it the others were not run');
      const toolMessages = (server.requests[1]!.body.messages as { role: string; content: unknown }[]).filter((message) => message.role === 'tool');
      expect(toolMessages).toHaveLength(12_000);
      expect(toolMessages.filter((message) => JSON.stringify(message.content).includes('at most 64 run per turn'))).toHaveLength(12_000 - 64);
    } finally {
      await server.close();
    }
  });
});
