import { describe, expect, it } from 'vitest';
import { createAgentTestKit, toolResults } from '../../../test/support/agent-test-kit.js';
import type { RecordedLlmRequest, ScriptedReply } from '../../../test/support/scripted-llm.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { runToolLoop } from '../loop/index.js';

const user = (content: string) => [{ role: 'user' as const, content }];
const isChild = (request: RecordedLlmRequest) => !request.toolNames.includes('delegate');
const goalOf = (request: RecordedLlmRequest) => /Task: (.*)$/.exec(String(request.messages[0]?.content))?.[1] ?? '';

describe('delegate', () => {
  it('runs every task as a read-only child session, at most `concurrency` at once, and returns each report', async () => {
    await using workspace = await createTempWorkspace({ files: { 'notes.txt': 'on disk\n' } });
    let parentTurns = 0;
    let started = 0;
    let active = 0;
    let maxActive = 0;
    let releaseGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (releaseGate = resolve));
    const script = async (request: RecordedLlmRequest): Promise<ScriptedReply> => {
      if (!isChild(request)) {
        parentTurns += 1;
        if (parentTurns === 1) return { toolCalls: [{ name: 'write_file', input: { path: 'notes.txt', content: 'pending\n' } }] };
        if (parentTurns === 2) return { toolCalls: [{ name: 'delegate', input: { tasks: [{ goal: 'one' }, { goal: 'two' }, { goal: 'three' }] } }] };
        return { text: 'all reported' };
      }
      if (request.messages.length === 1) {
        started += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        // Hold the first children until two run together; a third at once would show as maxActive 3.
        if (started >= 2) releaseGate();
        await gate;
        return { toolCalls: [{ name: 'read_file', input: { path: 'notes.txt' } }] };
      }
      active -= 1;
      const seen = request.messages.at(-1)?.content ?? '';
      return { text: `report ${goalOf(request)}: ${seen.split('\n').at(-2)}`, usage: { inputTokens: 100, outputTokens: 50 } };
    };
    const kit = await createAgentTestKit({ root: workspace.root, config: { agent: { delegate: { concurrency: 2 } } }, script });
    const session = await kit.session({ mode: 'write' });
    const result = await runToolLoop({ session, messages: user('investigate'), maxSteps: 10, maxTokens: 1_000_000 });

    expect(result.stopReason).toBe('done');
    expect(maxActive).toBe(2);
    const children = kit.llm.requests.filter(isChild);
    expect(children).toHaveLength(6);
    for (const request of children) {
      expect(request.toolNames).toEqual(['read_file', 'search_text', 'list_dir', 'run_validation']);
      expect(request.system).toContain('You are a sub-agent');
      expect(request.system).not.toBe(session.systemPrompt);
    }
    const report = toolResults(result.messages).find((message) => message.toolName === 'delegate')!;
    expect(report.content.split('\n')[0]).toBe('3 of 3 delegated tasks finished.');
    // Children see the parent's pending edits, not the disk.
    for (const goal of ['one', 'two', 'three']) expect(report.content).toContain(`report ${goal}: pending`);
    expect(report.content).toMatch(/## Task 1 \(delegate-\d\): one\nStatus: done \(2 steps\)/);
    const agents = new Set(kit.events.flatMap((event) => ('agent' in event ? [event.agent] : [])));
    expect([...agents].sort()).toEqual(['delegate-1', 'delegate-2', 'delegate-3', 'main']);
    // Sub-agents' tokens count against the run's budget.
    expect(result.usage.inputTokens).toBe(3 * 10 + 3 * (10 + 100));
  });

  it('reports a task that times out and still returns the others', async () => {
    await using workspace = await createTempWorkspace();
    let parentTurns = 0;
    const kit = await createAgentTestKit({
      root: workspace.root,
      config: { agent: { delegate: { timeoutMs: 200 } } },
      script: (request) => {
        if (!isChild(request)) {
          parentTurns += 1;
          return parentTurns === 1 ? { toolCalls: [{ name: 'delegate', input: { tasks: [{ goal: 'slow' }, { goal: 'quick' }] } }] } : { text: 'ok' };
        }
        return goalOf(request) === 'slow' ? { hang: true } : { text: 'quick answer' };
      },
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 5, maxTokens: 100_000 });
    const report = toolResults(result.messages)[0]!;
    expect(report.isError).not.toBe(true);
    expect(report.content).toContain('1 of 2 delegated tasks finished.');
    expect(report.content).toMatch(/: slow\nStatus: timed out after 200 ms\n\n\(no report\)/);
    expect(report.content).toMatch(/: quick\nStatus: done \(1 step\)\n\nquick answer/);
    expect(result.stopReason).toBe('done');
  });

  it('rejects more than maxTasks tasks without starting any, and reports an unknown agent', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({
      root: workspace.root,
      config: { agent: { delegate: { maxTasks: 2 } } },
      script: (request) => {
        if (isChild(request)) return { text: 'child ran' };
        if (request.messages.length === 1) return { toolCalls: [{ name: 'delegate', input: { tasks: [{ goal: 'a' }, { goal: 'b' }, { goal: 'c' }] } }] };
        if (request.messages.length === 3) return { toolCalls: [{ name: 'delegate', input: { tasks: [{ goal: 'a', agent: 'ghost' }] } }] };
        return { text: 'ok' };
      },
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 5, maxTokens: 100_000 });
    const [tooMany, ghost] = toolResults(result.messages);
    expect(tooMany!.isError).toBe(true);
    expect(tooMany!.content).toMatch(/^Invalid arguments for delegate: tasks: .*2/);
    expect(ghost!.isError).toBe(true);
    expect(ghost!.content).toMatch(/Status: not started: .*agent ghost is not defined/);
    expect(kit.llm.requests.filter(isChild)).toEqual([]);
  });

  it('gives a child its own grants and no delegate, edit or shell tools', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const parent = await kit.session({ mode: 'autonomous' });
    expect(parent.tools.map((tool) => tool.definition.name)).toEqual(['read_file', 'search_text', 'list_dir', 'run_validation', 'edit_file', 'write_file', 'shell', 'delegate']);
    const child = await parent.createChild({});
    expect(child.name).toBe('delegate-1');
    expect((await parent.createChild({})).name).toBe('delegate-2');
    expect(child.mode).toBe('read-only');
    expect(child.tools.map((tool) => tool.definition.name)).toEqual(['read_file', 'search_text', 'list_dir', 'run_validation']);
    expect(child.grants).not.toBe(parent.grants);
    child.grants.grantAllTools();
    const request = { action: 'shell.run', access: 'execute' as const, tool: 'shell', paths: [], outOfScopePaths: [] };
    expect(child.grants.cover(request, { folder: false, rule: false, tool: true })).toBe('session');
    expect(parent.grants.cover(request, { folder: false, rule: false, tool: true })).toBeNull();
    expect(child.edits).toBe(parent.edits);
  });
});
