import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileCheckpointStore } from '../../adapters/checkpoint-store/index.js';
import { createFileJournal } from '../../adapters/patch-journal/index.js';
import { createFileSessionStore } from '../../adapters/session-store/index.js';
import { BrassError } from '../../core/index.js';
import { createAgentTestKit, toolResults, type AgentTestKitOptions } from '../../../test/support/agent-test-kit.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import type { AgentEvent, AgentMode } from '../events/agent-event.js';
import { createSessionEngine, type CreateSessionEngineOptions } from './create-session-engine.js';
import type { SessionEngine } from './session-engine.js';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}

async function project(files: Record<string, string> = {}): Promise<TempWorkspace> {
  const workspace = await createTempWorkspace({ files: { 'src/a.js': 'export const a = 1;\n', 'src/b.js': 'export const b = 2;\n', ...files } });
  cleanups.push(() => workspace.dispose());
  return workspace;
}

interface Harness {
  engine: SessionEngine;
  events: AgentEvent[];
  kit: Awaited<ReturnType<typeof createAgentTestKit>>;
}

async function open(workspace: TempWorkspace, script: AgentTestKitOptions['script'], options: { mode?: AgentMode; approval?: 'ask' | 'auto' | 'never'; config?: AgentTestKitOptions['config']; extra?: Partial<CreateSessionEngineOptions> } = {}): Promise<Harness> {
  const kit = await createAgentTestKit({ root: workspace.root, script, approval: options.approval ?? 'auto', config: { agent: { repairTurns: 1 }, ...options.config } });
  const engine = await createSessionEngine({
    environment: kit.environment,
    mode: options.mode ?? 'propose',
    journal: createFileJournal({ directory: tempDir('brass-journal-') }),
    checkpoints: createFileCheckpointStore({ directory: tempDir('brass-checkpoints-') }),
    store: null,
    discovery: { run: false },
    modelLabel: 'scripted/model',
    ...options.extra,
  });
  cleanups.push(() => engine.close());
  const events: AgentEvent[] = [];
  engine.subscribe((event) => events.push(event));
  return { engine, events, kit };
}

/** Resolves once `predicate` holds for an event (checked on each new one). */
function waitForEvent(harness: Harness, predicate: (event: AgentEvent) => boolean): Promise<AgentEvent> {
  const found = harness.events.find(predicate);
  if (found !== undefined) return Promise.resolve(found);
  return new Promise((resolve) => {
    const stop = harness.engine.subscribe((event) => {
      if (!predicate(event)) return;
      stop();
      resolve(event);
    });
  });
}

describe('the session engine', () => {
  it('runs several turns on one history with a byte-identical system prompt, discovery only on the first', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ text: 'Hello, I looked.' }, { toolCalls: [{ name: 'read_file', input: { path: 'src/b.js' } }] }, { text: 'b is 2.' }]);
    const first = await harness.engine.send('what is in src/a.js?');
    expect(first).toMatchObject({ state: 'completed', finalText: 'Hello, I looked.' });
    const second = await harness.engine.send('and b?');
    expect(second).toMatchObject({ state: 'completed', finalText: 'b is 2.' });

    const requests = harness.kit.llm.requests;
    expect(requests).toHaveLength(3);
    expect(requests[1]!.system).toBe(requests[0]!.system);
    expect(requests[2]!.system).toBe(requests[0]!.system);
    // Turn 2 sees turn 1: the first message (goal + discovery), the answer, then the new message.
    expect(requests[1]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(requests[1]!.messages[0]!.content).toContain('what is in src/a.js?');
    expect(requests[1]!.messages[2]!.content).toBe('and b?');
    expect(harness.events.filter((event) => event.type === 'discovery.completed')).toHaveLength(1);
    const finished = harness.events.filter((event) => event.type === 'turn.finished');
    expect(finished.map((event) => event.type === 'turn.finished' && event.state)).toEqual(['completed', 'completed']);
    expect(harness.engine.history().map((turn) => [turn.user, turn.assistant])).toEqual([
      ['what is in src/a.js?', 'Hello, I looked.'],
      ['and b?', 'b is 2.'],
    ]);
  });

  it('accumulates the pending change across turns in propose mode', async () => {
    const workspace = await project();
    const editOf = (file: string, from: string, to: string) => ({ toolCalls: [{ name: 'edit_file', input: { path: file, old_string: from, new_string: to } }] });
    const harness = await open(workspace, [editOf('src/a.js', '= 1', '= 10'), { text: 'a done' }, editOf('src/b.js', '= 2', '= 20'), { text: 'b done' }]);
    expect((await harness.engine.send('change a')).state).toBe('proposed');
    expect((await harness.engine.send('now b too')).state).toBe('proposed');
    const diff = harness.engine.diff();
    expect(diff).toContain('+export const a = 10;');
    expect(diff).toContain('+export const b = 20;');
    expect(fs.readFileSync(path.join(workspace.root, 'src/a.js'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('sends a denial message back to the model in the denied call\'s result', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ toolCalls: [{ name: 'shell', input: { command: 'touch made-by-shell' } }] }, { text: 'ok, I will use printf' }], { mode: 'write', approval: 'ask' });
    const turn = harness.engine.send('make a file');
    const requested = await waitForEvent(harness, (event) => event.type === 'approval.requested');
    if (requested.type !== 'approval.requested') throw new Error('unreachable');
    expect(requested.command).toContain('touch made-by-shell');
    expect(harness.engine.answerApproval(requested.approvalId, { choice: 'deny', message: 'use printf instead' })).toBe(true);
    expect(harness.engine.answerApproval(requested.approvalId, { choice: 'once' })).toBe(false);
    await turn;
    const results = toolResults(harness.kit.llm.requests[1]!.messages);
    expect(results[0]!.isError).toBe(true);
    expect(results[0]!.content).toContain('The person denied this and said: use printf instead');
    expect(fs.existsSync(path.join(workspace.root, 'made-by-shell'))).toBe(false);
  });

  it('allows for the whole session when asked to', async () => {
    const workspace = await project();
    const shell = (name: string) => ({ toolCalls: [{ name: 'shell', input: { command: `touch ${name}` } }] });
    const harness = await open(workspace, [shell('one'), { text: 'made one' }, shell('one'), { text: 'again' }], { mode: 'write', approval: 'ask' });
    const first = harness.engine.send('touch one');
    const requested = await waitForEvent(harness, (event) => event.type === 'approval.requested');
    if (requested.type !== 'approval.requested') throw new Error('unreachable');
    harness.engine.answerApproval(requested.approvalId, { choice: 'session' });
    await first;
    await harness.engine.send('again');
    expect(harness.events.filter((event) => event.type === 'approval.requested')).toHaveLength(1);
  });

  it('cancels a turn without losing the session; an approval answered after the cancel is refused', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ toolCalls: [{ name: 'shell', input: { command: 'touch x' } }] }, { text: 'after cancel' }, { text: 'second turn works' }], { mode: 'write', approval: 'ask' });
    const turn = harness.engine.send('do it');
    const requested = await waitForEvent(harness, (event) => event.type === 'approval.requested');
    if (requested.type !== 'approval.requested') throw new Error('unreachable');
    expect(harness.engine.isBusy()).toBe(true);
    expect(harness.engine.cancel()).toBe(true);
    const outcome = await turn;
    expect(outcome.state).toBe('cancelled');
    expect(harness.engine.answerApproval(requested.approvalId, { choice: 'once' })).toBe(false);
    expect(harness.engine.isBusy()).toBe(false);
    expect(harness.engine.cancel()).toBe(false);
    expect(fs.existsSync(path.join(workspace.root, 'x'))).toBe(false);
    const next = await harness.engine.send('try something else');
    expect(next.state).toBe('completed');
  });

  it('cancels a hanging model request', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ hang: true }, { text: 'back' }]);
    const turn = harness.engine.send('wait forever');
    await waitForEvent(harness, (event) => event.type === 'discovery.completed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    harness.engine.cancel();
    expect((await turn).state).toBe('cancelled');
    expect((await harness.engine.send('hello again')).finalText).toBe('back');
    // The cancelled turn had no answer: it adds nothing to the history the model sees.
    expect(harness.kit.llm.requests[1]!.messages.map((message) => message.role)).toEqual(['user']);
  });

  it('refuses a second message while a turn runs', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ hang: true }]);
    const turn = harness.engine.send('one');
    await expect(harness.engine.send('two')).rejects.toMatchObject({ code: 'busy' });
    await expect(harness.engine.compact()).rejects.toMatchObject({ code: 'busy' });
    harness.engine.cancel();
    await turn;
  });

  it('shows a model failure in the middle of a turn and stays usable', async () => {
    const workspace = await project();
    const harness = await open(workspace, [
      { toolCalls: [{ name: 'read_file', input: { path: 'src/a.js' } }] },
      () => {
        throw new BrassError('llm-http', 'the endpoint answered HTTP 500');
      },
      { text: 'recovered' },
    ]);
    const failed = await harness.engine.send('read a');
    expect(failed.state).toBe('failed');
    expect(failed.summary).toContain('HTTP 500');
    const next = await harness.engine.send('again');
    expect(next).toMatchObject({ state: 'completed', finalText: 'recovered' });
    // The failed turn's read stays in the history (every tool call answered).
    const roles = harness.kit.llm.requests[2]!.messages.map((message) => message.role);
    expect(roles).toEqual(['user', 'assistant', 'tool', 'user']);
  });

  it('compacts older turns on /compact with the system prompt unchanged', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ text: 'one' }, { text: 'two' }, { text: 'three' }, { text: 'SUMMARY: we talked about one, two, three' }, { text: 'four' }]);
    for (const message of ['first', 'second', 'third']) await harness.engine.send(message);
    const compacted = await harness.engine.compact();
    expect(compacted.turns).toBe(2);
    await harness.engine.send('fourth');
    const [firstRequest, , , summaryRequest, afterRequest] = harness.kit.llm.requests;
    expect(summaryRequest!.system).toBe(firstRequest!.system);
    expect(summaryRequest!.toolNames).toEqual([]);
    expect(afterRequest!.system).toBe(firstRequest!.system);
    expect(afterRequest!.messages[0]!.content).toContain('SUMMARY: we talked about one, two, three');
    // The last turn is kept word for word, then the new message.
    expect(afterRequest!.messages.slice(2).map((message) => message.content)).toEqual(['third', 'three', 'fourth']);
    expect(harness.events.find((event) => event.type === 'session.compacted')).toMatchObject({ turns: 2, isForced: true });
  });

  it('compacts on its own when the history nears the context window', async () => {
    const workspace = await project();
    const big = { inputTokens: 900, outputTokens: 10 };
    const harness = await open(workspace, [{ text: 'one', usage: big }, { text: 'two', usage: big }, { text: 'three', usage: big }, { text: 'the summary' }, { text: 'four' }], {
      config: { llm: { contextWindow: 1000 }, agent: { repairTurns: 1 } },
    });
    for (const message of ['first', 'second', 'third', 'fourth']) await harness.engine.send(message);
    const compacted = harness.events.find((event) => event.type === 'session.compacted');
    expect(compacted).toMatchObject({ turns: 1, isForced: false, tokensBefore: 910 });
    expect(harness.kit.llm.requests[4]!.messages[0]!.content).toContain('the summary');
  });

  it('attaches @mentioned files through the safe read path', async () => {
    const workspace = await project();
    const outside = tempDir('brass-outside-');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside');
    const harness = await open(workspace, [{ text: 'seen' }]);
    await harness.engine.send(`look at @src/b.js and @${path.join(outside, 'secret.txt')}.`);
    const content = harness.kit.llm.requests[0]!.messages[0]!.content;
    expect(content).toContain('File src/b.js (attached with @src/b.js)');
    expect(content).toContain('export const b = 2;');
    expect(content).not.toContain('outside\n');
    expect(harness.events.some((event) => event.type === 'warning' && event.message.includes('secret.txt is not attached'))).toBe(true);
    expect(await harness.engine.completePath('src/')).toEqual(['src/a.js', 'src/b.js']);
    expect(await harness.engine.completePath('sr')).toEqual(['src/']);
  });

  it('caps a 50 MB tool result', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ toolCalls: [{ name: 'shell', input: { command: "head -c 50000000 /dev/zero | tr '\\0' a" } }] }, { text: 'big' }], { mode: 'autonomous', approval: 'auto' });
    await harness.engine.send('print a lot');
    const result = toolResults(harness.kit.llm.requests[1]!.messages)[0]!;
    expect(Buffer.byteLength(result.content)).toBeLessThan(70 * 1024);
  });

  it('applies per turn in write mode, and /undo restores the last turn', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ toolCalls: [{ name: 'edit_file', input: { path: 'src/a.js', old_string: '= 1', new_string: '= 100' } }] }, { text: 'applied' }], { mode: 'autonomous' });
    expect((await harness.engine.send('make a 100')).state).toBe('applied');
    expect(fs.readFileSync(path.join(workspace.root, 'src/a.js'), 'utf8')).toBe('export const a = 100;\n');
    expect(harness.engine.diff()).toContain('+export const a = 100;');
    const undone = await harness.engine.undo();
    expect(undone.restored).toEqual(['src/a.js']);
    expect(fs.readFileSync(path.join(workspace.root, 'src/a.js'), 'utf8')).toBe('export const a = 1;\n');
    expect((await harness.engine.undo()).message).toContain('nothing to undo');
  });

  it('goes on after a patch denied with a message, with the message for the model', async () => {
    const workspace = await project();
    const editTo = (value: string) => ({ toolCalls: [{ name: 'edit_file', input: { path: 'src/a.js', old_string: '= 1', new_string: `= ${value}` } }] });
    const harness = await open(workspace, [editTo('5'), { text: 'first try' }, (request) => (request.messages.at(-1)!.content.includes('use 7') ? { text: 'revising' } : { text: 'wrong' })], {
      mode: 'write',
      approval: 'ask',
    });
    const turn = harness.engine.send('change a');
    const requested = await waitForEvent(harness, (event) => event.type === 'approval.requested');
    if (requested.type !== 'approval.requested') throw new Error('unreachable');
    expect(requested.diff).toContain('+export const a = 5;');
    harness.engine.answerApproval(requested.approvalId, { choice: 'deny', message: 'use 7' });
    // The second round proposes the same pending patch again: deny it plainly this time.
    const second = await waitForEvent(harness, (event) => event.type === 'approval.requested' && event.approvalId !== requested.approvalId);
    if (second.type !== 'approval.requested') throw new Error('unreachable');
    harness.engine.answerApproval(second.approvalId, { choice: 'deny' });
    const outcome = await turn;
    expect(outcome.state).toBe('proposed');
    expect(harness.kit.llm.requests[2]!.messages.at(-1)!.content).toContain('The person did not apply your change and said: use 7');
    expect(fs.readFileSync(path.join(workspace.root, 'src/a.js'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('reports the context: guidance, manifest, discovered files, reminders and tokens', async () => {
    const workspace = await project({ 'AGENTS.md': '# Rules\nBe brief.\n', 'src/AGENTS.md': 'Source rules.\n' });
    const harness = await open(workspace, [{ toolCalls: [{ name: 'read_file', input: { path: 'src/a.js' } }] }, { text: 'read' }]);
    await harness.engine.send('look at src/a.js');
    const report = await harness.engine.contextReport();
    expect(report.guidance.map((file) => file.path)).toContain('AGENTS.md');
    expect(report.manifest).toEqual([expect.objectContaining({ path: 'src/AGENTS.md', isDisclosed: true })]);
    expect(report.reminders).toEqual([{ paths: ['src/AGENTS.md'], turnId: expect.any(String) }]);
    expect(report.tokens.limit).toBe(128_000);
    expect(report.tokens.used).toBeGreaterThan(0);
  });

  it('switches the mode for the next turn (its tools change)', async () => {
    const workspace = await project();
    const harness = await open(workspace, [{ text: 'a' }, { text: 'b' }]);
    await harness.engine.send('one');
    await harness.engine.setMode('read-only');
    await harness.engine.send('two');
    expect(harness.kit.llm.requests[0]!.toolNames).toContain('edit_file');
    expect(harness.kit.llm.requests[1]!.toolNames).not.toContain('edit_file');
    expect(harness.engine.mode).toBe('read-only');
  });

  describe('persisted sessions', () => {
    function storeIn(directory: string, redactor: { redactValue<T>(value: T): { value: T } }) {
      return createFileSessionStore({ directory, redactValue: (value) => redactor.redactValue(value).value });
    }

    it('resumes from disk: the history, the same system prompt, and the next turn sees the earlier ones', async () => {
      const workspace = await project();
      const directory = tempDir('brass-sessions-');
      const first = await open(workspace, [{ text: 'one' }, { text: 'two' }]);
      const store = storeIn(directory, first.kit.environment.redactor);
      await first.engine.close();
      const writing = await open(workspace, [{ text: 'answer one' }, { text: 'answer two' }], { extra: { store } });
      await writing.engine.send('first question');
      await writing.engine.send('second question');
      const id = writing.engine.id;
      await writing.engine.close();
      expect((await store.list(workspace.root)).sessions).toEqual([expect.objectContaining({ id, title: 'first question', turns: 2 })]);
      expect(fs.statSync(path.join(directory, `${id}.jsonl`)).mode & 0o777).toBe(0o600);

      const opened = await store.open(id, workspace.root);
      const resumed = await open(workspace, [{ text: 'answer three' }], { extra: { store, resume: opened } });
      expect(resumed.engine.id).toBe(id);
      expect(resumed.engine.history().map((turn) => turn.assistant)).toEqual(['answer one', 'answer two']);
      await resumed.engine.send('third question');
      const request = resumed.kit.llm.requests[0]!;
      expect(request.system).toBe(writing.kit.llm.requests[0]!.system);
      expect(request.messages.map((message) => message.content).slice(1)).toEqual(['answer one', 'second question', 'answer two', 'third question']);
      expect(request.messages[0]!.content).toContain('first question');
      // No second discovery pass for the model on a resumed session.
      expect(resumed.events.some((event) => event.type === 'discovery.completed')).toBe(false);
      await resumed.engine.close();
      expect((await store.list(workspace.root)).sessions[0]).toMatchObject({ id, turns: 3 });
    });

    it('keeps a compaction across a resume', async () => {
      const workspace = await project();
      const directory = tempDir('brass-sessions-');
      const writing = await open(workspace, [{ text: 'a1' }, { text: 'a2' }, { text: 'THE SUMMARY' }]);
      const store = storeIn(directory, writing.kit.environment.redactor);
      await writing.engine.close();
      const session = await open(workspace, [{ text: 'a1' }, { text: 'a2' }, { text: 'THE SUMMARY' }], { extra: { store } });
      await session.engine.send('q1');
      await session.engine.send('q2');
      await session.engine.compact();
      await session.engine.close();
      const resumed = await open(workspace, [{ text: 'a3' }], { extra: { store, resume: await store.open(session.engine.id, workspace.root) } });
      await resumed.engine.send('q3');
      const contents = resumed.kit.llm.requests[0]!.messages.map((message) => message.content);
      expect(contents[0]).toContain('THE SUMMARY');
      expect(contents.slice(2)).toEqual(['q2', 'a2', 'q3']);
    });

    it('opens a session another engine holds read-only: it shows the history and refuses to send', async () => {
      const workspace = await project();
      const directory = tempDir('brass-sessions-');
      const holder = await open(workspace, [{ text: 'held' }]);
      const store = storeIn(directory, holder.kit.environment.redactor);
      await holder.engine.close();
      const holding = await open(workspace, [{ text: 'held' }], { extra: { store } });
      await holding.engine.send('hold it');
      const opened = await store.open(holding.engine.id, workspace.root);
      expect(opened.writer).toBeNull();
      const reader = await open(workspace, [], { extra: { store, resume: opened } });
      expect(reader.engine.readOnlyReason).toMatch(/is open (elsewhere|in another)/);
      expect(reader.engine.history()).toHaveLength(1);
      await expect(reader.engine.send('hello')).rejects.toMatchObject({ code: 'denied' });
    });

    it('names the file of a damaged record instead of half-resuming it', async () => {
      const workspace = await project();
      const directory = tempDir('brass-sessions-');
      const base = await open(workspace, []);
      const store = storeIn(directory, base.kit.environment.redactor);
      const writer = await store.create({ kind: 'session', version: 1, id: 'damaged', workspace: workspace.root, createdAt: new Date().toISOString() });
      await writer.append({ kind: 'turn', turnId: 'x', user: 'hi' });
      await writer.close();
      const opened = await store.open('damaged', workspace.root);
      await expect(open(workspace, [], { extra: { store, resume: opened } })).rejects.toThrow(/damaged\.jsonl: record 2 \(turn\) is damaged/);
    });
  });
});
