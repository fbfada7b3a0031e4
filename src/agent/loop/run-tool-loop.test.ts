import { describe, expect, it } from 'vitest';
import { createAgentTestKit, toolResults } from '../../../test/support/agent-test-kit.js';
import { FakeRandom, fakeSecret } from '../../../test/support/fake-secrets.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { runToolLoop } from './run-tool-loop.js';
import { MAX_TOOL_CALLS_PER_TURN, MAX_TOOL_RESULT_BYTES_PER_RUN, MAX_TOOL_RESULT_BYTES_PER_TURN } from './tool-call-budget.js';

const user = (content: string) => [{ role: 'user' as const, content }];

describe('runToolLoop', () => {
  it('sends the identical system prompt on every turn and appends nested context to the tool result once', async () => {
    await using workspace = await createTempWorkspace({
      git: true,
      files: { 'AGENTS.md': '# Root rules\n', 'pkg/AGENTS.md': '# Pkg rules\nUse tabs in pkg.\n', 'pkg/a.ts': 'export const a = 1;\n', 'pkg/b.ts': 'export const b = 2;\n' },
    });
    const kit = await createAgentTestKit({
      root: workspace.root,
      script: [
        { toolCalls: [{ name: 'read_file', input: { path: 'pkg/a.ts' } }] },
        { toolCalls: [{ name: 'read_file', input: { path: 'pkg/b.ts' } }] },
        { text: 'Both files export a constant.' },
      ],
    });
    const session = await kit.session();
    const result = await runToolLoop({ session, messages: user('what do pkg files export?'), maxSteps: 10, maxTokens: 10_000 });

    expect(result.stopReason).toBe('done');
    expect(result.finalText).toBe('Both files export a constant.');
    expect(result.steps).toBe(3);
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 15 });
    const systems = kit.llm.requests.map((request) => request.system);
    expect(systems).toHaveLength(3);
    for (const system of systems) expect(system).toBe(session.systemPrompt);
    expect(session.systemPrompt).toContain('pkg/AGENTS.md');
    expect(session.systemPrompt).not.toContain('Use tabs in pkg.');

    const [first, second] = toolResults(result.messages);
    expect(first!.content.startsWith('export const a = 1;\n\n<system-reminder>')).toBe(true);
    expect(first!.content).toContain('Use tabs in pkg.');
    expect(second!.content).toBe('export const b = 2;\n');
    // The reminder reached the model inside the tool result of the second request.
    expect(kit.llm.requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', toolName: 'read_file' });
    expect(JSON.stringify(kit.llm.requests[1]!.messages)).toContain('Use tabs in pkg.');

    expect(kit.events.filter((event) => event.type === 'text.delta').map((event) => (event.type === 'text.delta' ? event.text : '')).join('')).toBe('Both files export a constant.');
    expect(kit.events.filter((event) => event.type === 'action.completed')).toHaveLength(2);
    expect(kit.events.filter((event) => event.type === 'model.completed').map((event) => (event.type === 'model.completed' ? event.step : 0))).toEqual([1, 2, 3]);
  });

  it('answers a call with invalid JSON arguments or a non-object input with an error and goes on', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'A\n' } });
    const kit = await createAgentTestKit({
      root: workspace.root,
      script: [
        { toolCalls: [{ name: 'read_file', input: { __invalidJson: '{"path": "a.txt"' } }, { name: 'read_file', input: 'a.txt' }] },
        { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] },
        { text: 'done' },
      ],
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('read a'), maxSteps: 10, maxTokens: 10_000 });
    expect(result.stopReason).toBe('done');
    const [invalid, nonObject, valid] = toolResults(result.messages);
    expect(invalid).toMatchObject({ isError: true });
    expect(invalid!.content).toMatch(/arguments .* were not valid JSON/);
    expect(nonObject!.content).toMatch(/not valid JSON/);
    expect(valid).toMatchObject({ content: 'A\n' });
    expect(kit.events.filter((event) => event.type === 'action.failed').map((event) => (event.type === 'action.failed' ? event.error.code : ''))).toEqual(['invalid-json', 'invalid-json']);
  });

  it('answers an unknown tool with the list of tools, and bad arguments with the argument at fault', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({
      root: workspace.root,
      script: [{ toolCalls: [{ name: 'rm_rf', input: {} }, { name: 'read_file', input: { path: 7 } }] }, { text: 'ok' }],
    });
    const result = await runToolLoop({ session: await kit.session({ mode: 'read-only' }), messages: user('x'), maxSteps: 10, maxTokens: 10_000 });
    const [unknown, invalid] = toolResults(result.messages);
    expect(unknown!.content).toBe('There is no tool named "rm_rf". The tools are: read_file, search_text, list_dir, run_validation, delegate.');
    expect(invalid!.content).toMatch(/^Invalid arguments for read_file: path: .*string/);
    expect(result.stopReason).toBe('done');
  });

  it('refuses the third identical call, and stops when the model keeps repeating', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'A\n' } });
    const same = { toolCalls: [{ name: 'list_dir', input: { recursive: false, path: '.' } }] };
    // Key order must not matter: the same arguments in another order are the same call.
    const reordered = { toolCalls: [{ name: 'list_dir', input: { path: '.', recursive: false } }] };
    const kit = await createAgentTestKit({ root: workspace.root, script: [same, reordered, same, same, same, same, { text: 'never reached' }] });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 20, maxTokens: 100_000 });
    const results = toolResults(result.messages);
    expect(results.slice(0, 2).every((message) => message.isError !== true && message.content.includes('a.txt'))).toBe(true);
    expect(results[2]!.content).toBe('You already called list_dir with these arguments twice; use the earlier result or try something else.');
    expect(results.slice(2).every((message) => message.isError === true)).toBe(true);
    expect(result.stopReason).toBe('repeated-calls');
    expect(result.steps).toBe(6);
  });

  it('lets the same call run again after an edit changed what it sees', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'one\n' } });
    const read = { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] };
    const kit = await createAgentTestKit({
      root: workspace.root,
      script: [read, read, { toolCalls: [{ name: 'edit_file', input: { path: 'a.txt', old_string: 'one', new_string: 'two' } }] }, read, { text: 'edited' }],
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 20, maxTokens: 100_000 });
    const results = toolResults(result.messages);
    expect(results.map((message) => message.isError === true)).toEqual([false, false, false, false]);
    expect(results[3]!.content).toContain('two');
  });

  it('stops before a turn at maxSteps and at maxTokens', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'A\n', 'b.txt': 'B\n', 'c.txt': 'C\n' } });
    const readEach = (_request: unknown, index: number) => ({ text: `step ${index}`, toolCalls: [{ name: 'read_file', input: { path: ['a.txt', 'b.txt', 'c.txt'][index % 3] } }] });
    const stepsKit = await createAgentTestKit({ root: workspace.root, script: readEach });
    const bySteps = await runToolLoop({ session: await stepsKit.session(), messages: user('x'), maxSteps: 2, maxTokens: 1_000_000 });
    expect(bySteps).toMatchObject({ stopReason: 'max-steps', steps: 2, finalText: 'step 1' });
    expect(stepsKit.llm.requests).toHaveLength(2);

    const tokensKit = await createAgentTestKit({ root: workspace.root, script: (request, index) => ({ ...readEach(request, index), usage: { inputTokens: 400, outputTokens: 100 } }) });
    const byTokens = await runToolLoop({ session: await tokensKit.session(), messages: user('x'), maxSteps: 50, maxTokens: 1200 });
    expect(byTokens).toMatchObject({ stopReason: 'max-tokens', steps: 3, usage: { inputTokens: 1200, outputTokens: 300 } });
  });

  it('ends with llm-error and the failure when a model request fails', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 5, maxTokens: 1000 });
    expect(result.stopReason).toBe('llm-error');
    expect(result.error?.message).toContain('script exhausted');
    expect(result.steps).toBe(0);
  });

  it('ends as aborted when the signal aborts during a model turn', async () => {
    await using workspace = await createTempWorkspace();
    const controller = new AbortController();
    const kit = await createAgentTestKit({
      root: workspace.root,
      script: () => {
        controller.abort();
        return { hang: true };
      },
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 5, maxTokens: 1000, signal: controller.signal });
    expect(result.stopReason).toBe('aborted');
  });

  it('denies /etc/passwd with approval never: the model is told and the loop goes on', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'A\n' } });
    const kit = await createAgentTestKit({
      root: workspace.root,
      approval: 'never',
      script: [{ toolCalls: [{ name: 'read_file', input: { path: '/etc/passwd' } }] }, { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] }, { text: 'fine' }],
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 5, maxTokens: 10_000 });
    const [denied, allowed] = toolResults(result.messages);
    expect(denied!.isError).toBe(true);
    expect(denied!.content).toMatch(/^\/etc\/passwd: .*outside the workspace/);
    expect(denied!.content).not.toContain('root:');
    expect(allowed!.content).toBe('A\n');
    expect(result.stopReason).toBe('done');
    expect(kit.asked).toEqual([]);
    expect(kit.events.some((event) => event.type === 'approval.requested')).toBe(false);
  });

  it('asks about /etc/passwd with approval ask, emits the approval events, and denies on the answer', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({
      root: workspace.root,
      approval: 'ask',
      answer: 'deny',
      script: [{ toolCalls: [{ name: 'read_file', input: { path: '/etc/passwd' } }] }, { text: 'fine' }],
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 5, maxTokens: 10_000 });
    expect(kit.asked).toHaveLength(1);
    expect(kit.asked[0]!.request).toMatchObject({ action: 'fs.readFile', tool: 'read_file', outOfScopePaths: ['/etc/passwd'] });
    expect(kit.asked[0]!.diff).toBeNull();
    const requested = kit.events.find((event) => event.type === 'approval.requested');
    const resolved = kit.events.find((event) => event.type === 'approval.resolved');
    expect(requested).toMatchObject({ action: 'fs.readFile', tool: 'read_file', outOfScopePaths: ['/etc/passwd'], command: null, diff: null });
    expect(resolved).toMatchObject({ outcome: 'deny', approvalId: requested?.type === 'approval.requested' ? requested.approvalId : 'none' });
    expect(toolResults(result.messages)[0]!.isError).toBe(true);
    expect(result.stopReason).toBe('done');
  });

  it('redacts secrets of a file in the tool result the model gets and in events', async () => {
    const random = new FakeRandom(7);
    const token = fakeSecret(random, 'github-classic').value;
    await using workspace = await createTempWorkspace({ files: { 'config.ts': `export const token = '${token}';\n` } });
    const kit = await createAgentTestKit({
      root: workspace.root,
      script: [{ toolCalls: [{ name: 'read_file', input: { path: 'config.ts' } }, { name: 'search_text', input: { query: token.slice(0, 12) } }] }, { text: 'ok' }],
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 5, maxTokens: 10_000 });
    const sent = JSON.stringify(kit.llm.requests[1]!.messages.filter((message) => message.role === 'tool'));
    expect(sent).toContain('[REDACTED:github-token]');
    expect(sent).not.toContain(token);
    expect(JSON.stringify(kit.events)).not.toContain(token);
    expect(result.stopReason).toBe('done');
  });
});

// Issue 15 item 19: 12,000 read_file calls in one turn took 1.97 GB and crashed the run ("Invalid string length").
describe('runToolLoop: tool call and result bounds', () => {
  /** 100 files of 30 lines of 2 KB: one read returns about 60 KB. */
  const bigFiles = Object.fromEntries(Array.from({ length: 100 }, (_, file) => [`f${file}.txt`, `${'x'.repeat(2000)}\n`.repeat(30)]));
  /** Call number `index`: a read no other call repeats. */
  const readCall = (index: number) => ({ name: 'read_file', input: { path: `f${index % 100}.txt`, offset: 1 + Math.floor(index / 100) } });
  const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

  it('runs at most the per-turn bound of 12,000 calls and answers every other one "not run", with the reason', async () => {
    await using workspace = await createTempWorkspace({ files: bigFiles });
    const calls = Array.from({ length: 12_000 }, (_, index) => readCall(index));
    const kit = await createAgentTestKit({ root: workspace.root, script: [{ toolCalls: calls }, { text: 'done' }] });
    const result = await runToolLoop({ session: await kit.session({ mode: 'read-only' }), messages: user('read everything'), maxSteps: 5, maxTokens: 1_000_000 });

    expect(result.stopReason).toBe('done');
    const results = toolResults(result.messages);
    expect(results).toHaveLength(12_000);
    const ran = kit.events.filter((event) => event.type === 'action.started').length;
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThanOrEqual(MAX_TOOL_CALLS_PER_TURN);
    for (const refused of results.slice(MAX_TOOL_CALLS_PER_TURN)) {
      expect(refused).toMatchObject({ isError: true });
      expect(refused.content).toContain(`this turn made 12000 tool calls and at most ${MAX_TOOL_CALLS_PER_TURN} run per turn`);
    }
    // The results of the calls that ran stop at the per-turn bytes; the calls after that are told why.
    expect(results.slice(0, MAX_TOOL_CALLS_PER_TURN).some((entry) => entry.content.includes(`tool results of this turn reached ${MAX_TOOL_RESULT_BYTES_PER_TURN} bytes`))).toBe(true);
    const sent = kit.llm.requests[1]!.messages.filter((message) => message.role === 'tool').reduce((total, message) => total + bytesOf(message.content), 0);
    expect(sent).toBeLessThan(MAX_TOOL_RESULT_BYTES_PER_TURN + 12_000 * 400);
    expect(kit.events).toContainEqual({ type: 'warning', message: `the model made 12000 tool calls in one turn; ran the first ${MAX_TOOL_CALLS_PER_TURN} and told it the others were not run` });
  });

  it('cuts the result that passes the per-turn bytes and refuses the calls after it in that turn only', async () => {
    await using workspace = await createTempWorkspace({ files: bigFiles });
    const firstTurn = Array.from({ length: 30 }, (_, index) => readCall(index));
    const kit = await createAgentTestKit({ root: workspace.root, script: [{ toolCalls: firstTurn }, { toolCalls: [readCall(30)] }, { text: 'done' }] });
    const result = await runToolLoop({ session: await kit.session({ mode: 'read-only' }), messages: user('read'), maxSteps: 5, maxTokens: 1_000_000 });

    const results = toolResults(result.messages);
    const cutAt = results.findIndex((entry) => entry.content.includes('[... result cut: showing'));
    expect(cutAt).toBeGreaterThan(0);
    expect(results.slice(0, cutAt + 1).reduce((total, entry) => total + bytesOf(entry.content), 0)).toBeLessThan(MAX_TOOL_RESULT_BYTES_PER_TURN + 1024);
    for (const refused of results.slice(cutAt + 1, 30)) expect(refused.content).toMatch(/^Not run: the tool results of this turn reached/);
    // The next turn has its own bytes again.
    expect(results[30]!.content).not.toMatch(/^Not run/);
    expect(results[30]!.isError).toBeUndefined();
  });

  it('refuses every call once the results of the loop reach the per-run bytes, telling the model to answer', async () => {
    await using workspace = await createTempWorkspace({ files: bigFiles });
    const perTurn = 16;
    const turns = Math.ceil(MAX_TOOL_RESULT_BYTES_PER_RUN / (perTurn * 60_000)) + 2;
    const kit = await createAgentTestKit({
      root: workspace.root,
      script: (_request, index) => (index < turns ? { toolCalls: Array.from({ length: perTurn }, (_, call) => readCall(index * perTurn + call)) } : { text: 'done' }),
    });
    const result = await runToolLoop({ session: await kit.session({ mode: 'read-only' }), messages: user('read'), maxSteps: turns + 2, maxTokens: 10_000_000 });

    expect(result.stopReason).toBe('done');
    const results = toolResults(result.messages);
    expect(results.reduce((total, entry) => total + bytesOf(entry.content), 0)).toBeLessThan(MAX_TOOL_RESULT_BYTES_PER_RUN + results.length * 400);
    const lastTurn = results.slice(-perTurn);
    for (const refused of lastTurn) expect(refused.content).toMatch(/^Not run: the tool results of this run reached \d+ bytes.*answer with what you have/);
  });
});

describe('runToolLoop timing', () => {
  it("emits model.started before each request, and a call's durationMs leaves out the time the person took to answer its approval", async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    // A clock only the test moves: the person "takes" 60 s to answer, the write itself takes no time.
    let nowMs = 1_000_000;
    const kit = await createAgentTestKit({
      root: workspace.root,
      approval: 'ask',
      answer: () => {
        nowMs += 60_000;
        return 'allow-once';
      },
      script: [{ toolCalls: [{ name: 'shell', input: { command: 'cat a.txt' } }] }, { text: 'done' }],
    });
    const { createAgentSession } = await import('../session/create-agent-session.js');
    const session = await createAgentSession({ ...kit.environment, services: { ...kit.environment.services, clock: { now: () => nowMs } } }, { mode: 'write', name: 'main', edits: kit.edits });
    const result = await runToolLoop({ session, messages: user('show a'), maxSteps: 10, maxTokens: 10_000 });
    expect(result.stopReason).toBe('done');
    expect(kit.asked).toHaveLength(1);
    const types = kit.events.map((event) => event.type).filter((type) => type.startsWith('model.'));
    expect(types).toEqual(['model.started', 'model.completed', 'model.started', 'model.completed']);
    const completed = kit.events.find((event) => event.type === 'action.completed');
    expect(completed?.type === 'action.completed' ? completed.durationMs : null).toBe(0);
  });
});
