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
});
