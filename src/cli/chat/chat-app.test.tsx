import { render as inkRender } from 'ink';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import type { AgentEvent } from '../../agent/events/agent-event.js';
import { createFakeSessionEngine, type FakeSessionEngineOptions } from '../../../test/support/fake-session-engine.js';
import { KEYS, NarrowStdout, press, TestStdin, tick, waitForFrame } from '../../../test/support/ink-test-helpers.js';
import { ChatApp } from './chat-app.js';

afterEach(() => cleanup());

function start(options: FakeSessionEngineOptions = {}) {
  const engine = createFakeSessionEngine(options);
  const app = render(<ChatApp engine={engine} />);
  return { engine, ...app };
}

const delta = (text: string, agent = 'main'): AgentEvent => ({ type: 'text.delta', text, agent });

describe('ChatApp', () => {
  it('streams the model text as Markdown: bold heading, bullets, an indented code block', async () => {
    const { engine, stdin, lastFrame } = start({
      holdsTurns: true,
      script: () => [delta('# Plan\n\n- first'), delta(' step\n- second step\n\n```ts\nconst x = 1;\n```\n'), delta('hidden sub-agent text', 'helper')],
    });
    await press(stdin, 'hello', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'second step');
    expect(frame).toContain('› hello');
    expect(frame).toContain('• first step');
    expect(frame).toContain('• second step');
    expect(frame).toMatch(/^ {2}const x = 1;$/m);
    expect(frame).not.toContain('# Plan');
    expect(frame).toContain('Plan');
    expect(frame).not.toContain('hidden sub-agent text');
    engine.finishTurn();
    await waitForFrame(lastFrame, '✓ completed: turn completed');
    expect(engine.callsOf('send')).toEqual([['hello']]);
  });
});

const approvalEvent = (overrides: Partial<Extract<AgentEvent, { type: 'approval.requested' }>> = {}): AgentEvent => ({
  type: 'approval.requested',
  approvalId: 'approval-1',
  action: 'fs.writeFile',
  tool: 'edit_file',
  reason: 'write mode asks before each change',
  paths: ['src/a.ts'],
  outOfScopePaths: [],
  command: null,
  diff: '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-old line\n+new line\n',
  ...overrides,
});

describe('ChatApp turns', () => {
  it('shows discovery, then each tool call on one line with its result or error', async () => {
    const files = Array.from({ length: 11 }, (_, index) => ({ path: `src/file-${index}.ts`, reason: `matches term ${index}` }));
    const { stdin, lastFrame } = start({
      script: () => [
        { type: 'discovery.completed', files, commands: [] },
        { type: 'action.started', callId: 'c1', tool: 'read_file', input: { path: 'src/x.ts' }, agent: 'main' },
        { type: 'action.completed', callId: 'c1', tool: 'read_file', summary: '40 lines', durationMs: 12, agent: 'main' },
        { type: 'action.started', callId: 'c2', tool: 'shell', input: { command: 'npm test' }, agent: 'main' },
        { type: 'action.failed', callId: 'c2', tool: 'shell', error: { code: 'exit', message: 'exit code 1' }, durationMs: 30, agent: 'main' },
        { type: 'patch.proposed', files: [{ path: 'src/x.ts', status: 'modified', additions: 2, deletions: 1 }], diff: '' },
        { type: 'warning', message: 'the sandbox is off' },
      ],
    });
    await press(stdin, 'fix it', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'turn completed');
    expect(frame).toContain('found 11 files');
    expect(frame).toContain('src/file-0.ts — matches term 0');
    expect(frame).toContain('src/file-7.ts');
    expect(frame).not.toContain('src/file-8.ts');
    expect(frame).toContain('and 3 more');
    expect(frame).toContain('→ read_file src/x.ts  ✓ 40 lines (12 ms)');
    expect(frame).toContain('→ shell npm test  ✗ exit code 1 (30 ms)');
    expect(frame).toContain('patch: src/x.ts (+2 −1) (/diff shows it)');
    expect(frame).toContain('warning: the sandbox is off');
  });

  it('Ctrl-O shows the last turn’s calls with their inputs in full, and hides them again', async () => {
    const { stdin, lastFrame } = start({
      script: () => [
        { type: 'action.started', callId: 'c1', tool: 'search', input: { query: 'needle', glob: '**/*.ts' }, agent: 'main' },
        { type: 'action.completed', callId: 'c1', tool: 'search', summary: '3 matches', durationMs: 4, agent: 'main' },
      ],
    });
    await press(stdin, 'look', KEYS.enter);
    await waitForFrame(lastFrame, 'turn completed');
    expect(lastFrame()).not.toContain('"glob"');
    await press(stdin, KEYS.ctrlO);
    await waitForFrame(lastFrame, '"glob": "**/*.ts"');
    await press(stdin, KEYS.tab);
    await waitForFrame(lastFrame, (frame) => !frame.includes('"glob"'));
  });

  it('escapes terminal-unsafe text from the model', async () => {
    const { stdin, lastFrame } = start({ script: () => [delta('before\u001b[2Jafter \u202eevil')] });
    await press(stdin, 'hi', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'turn completed');
    expect(frame).toContain('before\\x1b[2Jafter \\u202eevil');
    expect(frame).not.toContain('\u001b[2J');
    expect(frame).not.toContain('\u202e');
  });

  it('shows the tokens of the last turn and the short session id in the status line', async () => {
    const { stdin, lastFrame } = start({ id: 'abcdef0123456789', mode: 'write' });
    await press(stdin, 'hi', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'tokens');
    expect(frame).toContain('write · openai/test-model · 1.5k/200k tokens (199k left) · session abcdef01');
  });
});

describe('ChatApp approvals', () => {
  it('shows the diff and the four choices; y allows once', async () => {
    const { engine, stdin, lastFrame } = start({ holdsTurns: true, script: () => [approvalEvent()] });
    await press(stdin, 'change it', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'approval needed');
    expect(frame).toContain('-old line');
    expect(frame).toContain('+new line');
    expect(frame).toContain('[y] allow once  [a] allow for the session  [n] deny  [m] deny with a message');
    await press(stdin, 'y');
    expect(engine.callsOf('answerApproval')).toEqual([['approval-1', { choice: 'once' }]]);
  });

  it('a and n answer session and deny', async () => {
    const { engine, stdin, lastFrame } = start({ holdsTurns: true, script: () => [approvalEvent()] });
    await press(stdin, 'change it', KEYS.enter);
    await waitForFrame(lastFrame, 'approval needed');
    await press(stdin, 'a');
    engine.emit({ type: 'approval.resolved', approvalId: 'approval-1', outcome: 'allow-session' });
    await waitForFrame(lastFrame, 'approval: allowed for the session');
    engine.emit(approvalEvent({ approvalId: 'approval-2', diff: null, command: 'rm -rf build' }));
    await waitForFrame(lastFrame, 'rm -rf build');
    await press(stdin, 'n');
    expect(engine.callsOf('answerApproval')).toEqual([
      ['approval-1', { choice: 'session' }],
      ['approval-2', { choice: 'deny' }],
    ]);
  });

  it('m takes a message and Enter sends it with deny', async () => {
    const { engine, stdin, lastFrame } = start({ holdsTurns: true, script: () => [approvalEvent()] });
    await press(stdin, 'change it', KEYS.enter);
    await waitForFrame(lastFrame, 'approval needed');
    await press(stdin, 'm');
    await waitForFrame(lastFrame, 'deny with a message (Enter sends');
    await press(stdin, 'use a flag ', 'instead', KEYS.enter);
    expect(engine.callsOf('answerApproval')).toEqual([['approval-1', { choice: 'deny', message: 'use a flag instead' }]]);
  });

  it('caps a long diff and says /diff shows all', async () => {
    const diff = `--- a/x\n+++ b/x\n@@ -1,40 +1,40 @@\n${Array.from({ length: 40 }, (_, index) => `+line ${index}`).join('\n')}\n`;
    const { stdin, lastFrame } = start({ holdsTurns: true, script: () => [approvalEvent({ diff })] });
    await press(stdin, 'go', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'more lines, /diff shows all');
    expect(frame).toContain('… 23 more lines, /diff shows all');
    expect(frame).not.toContain('+line 17');
  });

  it('says so when the approval is no longer pending', async () => {
    const { stdin, lastFrame } = start({ holdsTurns: true, isApprovalPending: false, script: () => [approvalEvent()] });
    await press(stdin, 'change it', KEYS.enter);
    await waitForFrame(lastFrame, 'approval needed');
    await press(stdin, 'y');
    const frame = await waitForFrame(lastFrame, 'that approval is no longer pending');
    expect(frame).not.toContain('[y] allow once');
  });
});

describe('ChatApp slash commands', () => {
  it('/diff renders the engine diff', async () => {
    const { engine, stdin, lastFrame } = start({ diff: '--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n' });
    await press(stdin, '/diff', KEYS.enter);
    const frame = await waitForFrame(lastFrame, '+b');
    expect(frame).toContain('--- a/x.ts');
    expect(engine.callsOf('diff')).toHaveLength(1);
  });

  it('/undo shows what was restored and what conflicts', async () => {
    const { engine, stdin, lastFrame } = start({ undo: { restored: ['src/a.ts'], conflicts: ['src/b.ts'], message: 'restored 1 file' } });
    await press(stdin, '/undo', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'changed since');
    expect(frame).toContain('restored 1 file');
    expect(frame).toContain('restored: src/a.ts');
    expect(frame).toContain('changed since, so not restored: src/b.ts');
    expect(engine.callsOf('undo')).toHaveLength(1);
  });

  it('/context shows guidance, manifest, discovered files, reminders and tokens', async () => {
    const { stdin, lastFrame } = start({
      contextReport: {
        guidance: [{ path: 'AGENTS.md', bytes: 120 }],
        manifest: [
          { path: 'src/api/AGENTS.md', dir: 'src/api', isDisclosed: true },
          { path: 'web/AGENTS.md', dir: 'web', isDisclosed: false },
        ],
        discovered: [{ path: 'src/a.ts', reason: 'named in the failing test' }],
        reminders: [{ paths: ['src/api/AGENTS.md'], turnId: 'turn-1' }],
        tokens: { used: 3000, limit: 10000, sessionInput: 5000, sessionOutput: 700 },
      },
    });
    await press(stdin, '/context', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'tokens: 3000 used');
    expect(frame).toContain('AGENTS.md (120 bytes)');
    expect(frame).toContain('● src/api/AGENTS.md (for src/api/) disclosed');
    expect(frame).toContain('○ web/AGENTS.md (for web/)');
    expect(frame).toContain('src/a.ts — named in the failing test');
    expect(frame).toContain('src/api/AGENTS.md (turn turn-1)');
    expect(frame).toContain('tokens: 3000 used of 10000, 7000 left');
  });

  it('/compact, /mode and /model call the engine and show the result', async () => {
    const { engine, stdin, lastFrame } = start();
    await press(stdin, '/compact', KEYS.enter);
    await waitForFrame(lastFrame, 'compacted 3 earlier turn(s): 9000 → 1200 tokens');
    await press(stdin, '/mode', KEYS.enter);
    await waitForFrame(lastFrame, 'mode: propose (choices: read-only, propose, write, autonomous)');
    await press(stdin, '/mode write', KEYS.enter);
    await waitForFrame(lastFrame, 'mode: write');
    await press(stdin, '/mode wild', KEYS.enter);
    await waitForFrame(lastFrame, 'unknown mode wild');
    await press(stdin, '/model anthropic/claude-x', KEYS.enter);
    const frame = await waitForFrame(lastFrame, 'model: anthropic/claude-x');
    expect(frame).toContain('write · anthropic/claude-x');
    expect(engine.callsOf('compact')).toHaveLength(1);
    expect(engine.callsOf('setMode')).toEqual([['write']]);
    expect(engine.callsOf('setModel')).toEqual([['anthropic/claude-x']]);
  });

  it('/clear clears the engine and the transcript; /help lists the commands; /exit leaves', async () => {
    const { engine, stdin, lastFrame, frames } = start();
    await press(stdin, '/help', KEYS.enter);
    await waitForFrame(lastFrame, '/compact — replace older turns');
    await press(stdin, '/clear', KEYS.enter);
    await waitForFrame(lastFrame, 'cleared: the next message starts a new session');
    expect(engine.callsOf('clear')).toHaveLength(1);
    expect(frames.some((frame) => frame.startsWith('\u001b[2J'))).toBe(true);
    await press(stdin, '/exit', KEYS.enter);
    const count = frames.length;
    await press(stdin, 'typed after exit');
    expect(frames.length).toBe(count);
  });

  it('an unknown command is one line listing the commands; an engine error is one red line and the UI goes on', async () => {
    const { stdin, lastFrame } = start({ failing: { setModel: 'no provider serves nope/x' } });
    await press(stdin, '/frob', KEYS.enter);
    // The line wraps at the test terminal's width before /exit.
    await waitForFrame(lastFrame, 'unknown command /frob: try /help, /diff, /undo, /context, /memory, /compact, /mode, /model, /clear,');
    await press(stdin, '/model nope/x', KEYS.enter);
    await waitForFrame(lastFrame, 'no provider serves nope/x');
    await press(stdin, 'still here');
    await waitForFrame(lastFrame, '› still here');
  });
});

describe('ChatApp input', () => {
  it('@ lists the engine’s path completions and Tab completes the selected one', async () => {
    const { engine, stdin, lastFrame } = start({ completePath: async (prefix) => ['src/agent/', 'src/app.ts', 'src/api.ts'].filter((path) => path.startsWith(prefix)) });
    await press(stdin, 'look at @src/a');
    const frame = await waitForFrame(lastFrame, '@src/api.ts');
    expect(frame).toContain('@src/agent/');
    expect(frame).toContain('@src/app.ts');
    await press(stdin, KEYS.down, KEYS.tab);
    await waitForFrame(lastFrame, (frame) => frame.includes('› look at @src/app.ts') && !frame.includes('@src/api.ts'));
    expect(engine.callsOf('completePath').at(-1)).toEqual(['src/a', 8]);
    await press(stdin, KEYS.enter);
    expect(engine.callsOf('send')).toEqual([['look at @src/app.ts']]);
  });

  it('ignores a completion answer for a mention that has changed meanwhile', async () => {
    const answers = new Map<string, (paths: string[]) => void>();
    const { stdin, lastFrame } = start({ completePath: (prefix) => new Promise((resolve) => answers.set(prefix, resolve)) });
    await press(stdin, '@o');
    await waitForFrame(() => (answers.has('o') ? 'asked' : ''), 'asked');
    await press(stdin, 'k');
    await waitForFrame(() => (answers.has('ok') ? 'asked' : ''), 'asked');
    answers.get('o')?.(['old-answer.ts']);
    answers.get('ok')?.(['ok-answer.ts']);
    const frame = await waitForFrame(lastFrame, '@ok-answer.ts');
    expect(frame).not.toContain('old-answer.ts');
  });

  it('Up and Down walk the earlier inputs, the resumed session’s included', async () => {
    const { stdin, lastFrame } = start({ history: [{ turnId: 't0', user: 'from last time', assistant: 'ok', state: 'completed', summary: 'done' }] });
    await press(stdin, 'first', KEYS.enter, 'second', KEYS.enter);
    await press(stdin, KEYS.up);
    await waitForFrame(lastFrame, '› second');
    await press(stdin, KEYS.up, KEYS.up);
    await waitForFrame(lastFrame, '› from last time');
    await press(stdin, KEYS.down);
    await waitForFrame(lastFrame, '› first');
  });

  it('Ctrl-C during a turn cancels it; a second one exits', async () => {
    const { engine, stdin, lastFrame, frames } = start({ holdsTurns: true, script: () => [delta('working on it')] });
    await press(stdin, 'long job', KEYS.enter);
    await waitForFrame(lastFrame, 'working on it');
    await press(stdin, KEYS.ctrlC);
    await waitForFrame(lastFrame, 'cancelled (Ctrl-C again to exit)');
    expect(engine.callsOf('cancel')).toHaveLength(1);
    await press(stdin, KEYS.ctrlC);
    const count = frames.length;
    await press(stdin, 'typed after exit');
    expect(frames.length).toBe(count);
  });

  it('Ctrl-C when idle exits', async () => {
    const { engine, stdin, frames } = start();
    await press(stdin, KEYS.ctrlC);
    const count = frames.length;
    await press(stdin, 'typed after exit');
    expect(frames.length).toBe(count);
    expect(engine.callsOf('cancel')).toHaveLength(0);
  });
});

describe('ChatApp resumed and narrow', () => {
  it('shows a resumed session’s turns; read-only disables sending but not /diff', async () => {
    const { engine, stdin, lastFrame } = start({
      id: 'resumed-id',
      readOnlyReason: 'another brass-agent (pid 42) holds this session',
      diff: '+added\n',
      history: [{ turnId: 't1', user: 'earlier question', assistant: '**earlier** answer', state: 'applied', summary: 'patched a.ts' }],
    });
    const frame = await waitForFrame(lastFrame, 'resumed session resumed-id');
    expect(frame).toContain('› earlier question');
    expect(frame).toContain('earlier answer');
    expect(frame).toContain('✓ applied: patched a.ts');
    expect(frame).toContain('read-only: another brass-agent (pid 42) holds this session');
    await press(stdin, 'new message', KEYS.enter);
    await waitForFrame(lastFrame, 'read-only session: only /exit, /diff, /context, /memory, /help work here');
    await press(stdin, '/compact', KEYS.enter, '/diff', KEYS.enter);
    await waitForFrame(lastFrame, '+added');
    expect(engine.callsOf('send')).toEqual([]);
    expect(engine.callsOf('compact')).toEqual([]);
  });
});

describe('ChatApp on a narrow terminal', () => {
  it('renders at 20 columns without throwing, wrapping long text, and follows a resize', async () => {
    const engine = createFakeSessionEngine({
      holdsTurns: true,
      script: () => [
        delta('a rather long sentence that must wrap over several lines\n\n- bullet item that wraps too\n\n```\ncode line longer than twenty\n```\n'),
        { type: 'action.started', callId: 'c1', tool: 'read_file', input: { path: 'src/some/deep/path/file.ts' }, agent: 'main' },
        approvalEvent({ command: 'npm run a-very-long-script-name -- --with --flags', diff: null }),
      ],
    });
    const stdout = new NarrowStdout(20);
    const stdin = new TestStdin();
    const errors: unknown[] = [];
    const instance = inkRender(<ChatApp engine={engine} />, { stdout: stdout as unknown as NodeJS.WriteStream, stdin: stdin as unknown as NodeJS.ReadStream, debug: true, exitOnCtrlC: false, patchConsole: false });
    instance.waitUntilExit().catch((error: unknown) => errors.push(error));
    try {
      await press(stdin, 'go', KEYS.enter);
      const frame = await waitForFrame(stdout.lastFrame, 'approval needed');
      const lines = frame.split('\n');
      expect(lines.every((line) => stringWidth(line) <= 20)).toBe(true);
      expect(frame).toContain('a rather long');
      expect(lines.length).toBeGreaterThan(12);
      stdout.resize(12);
      await tick();
      stdout.resize(0);
      await tick();
      stdout.resize(60);
      await waitForFrame(stdout.lastFrame, (latest) => latest.split('\n').some((line) => stringWidth(line) > 20));
      expect(errors).toEqual([]);
    } finally {
      instance.unmount();
      instance.cleanup();
    }
  });
});

describe('ChatApp keys in one chunk (fast typing, tmux send-keys)', () => {
  it('text and Enter in one chunk send the text; Down, Tab and Enter after a completion list pick and send', async () => {
    const { engine, stdin, lastFrame } = start({ completePath: async () => ['src/agent/', 'src/app.ts'] });
    await press(stdin, 'first message\r');
    await waitForFrame(lastFrame, '› first message');
    expect(engine.callsOf('send')).toEqual([['first message']]);
    await press(stdin, 'see @src/a');
    await waitForFrame(lastFrame, '@src/app.ts');
    await press(stdin, `${KEYS.down}\t\r`);
    await waitForFrame(lastFrame, '› see @src/app.ts');
    expect(engine.callsOf('send')).toEqual([['first message'], ['see @src/app.ts']]);
  });

  it('a pasted line break inside a chunk is a space; a deny message and Enter in one chunk are sent', async () => {
    const { engine, stdin, lastFrame } = start({ holdsTurns: true, script: () => [approvalEvent()] });
    await press(stdin, 'two\nlines\r');
    await waitForFrame(lastFrame, 'approval needed');
    expect(engine.callsOf('send')).toEqual([['two lines']]);
    await press(stdin, 'm', 'not like that\r');
    expect(engine.callsOf('answerApproval')).toEqual([['approval-1', { choice: 'deny', message: 'not like that' }]]);
  });
});
