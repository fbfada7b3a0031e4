import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from './support/scripted-llm-server.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';
import { hasTmux, startTmux, type TmuxTerminal } from './support/tmux-terminal.js';

const ORIGINAL = 'export function total(items) {\n  return 0; // broken\n}\n';

/**
 * `brass-agent chat` end to end in a real terminal (tmux): the built CLI, the
 * real session engine and store, the real AI SDK provider talking to the
 * scripted model server on 127.0.0.1. One session is typed into, approved,
 * undone and left; a second process continues it and shows its history.
 */
describe.runIf(hasTmux())('brass-agent chat in a real terminal', () => {
  let server: ScriptedLlmServer;
  let workspace: TempWorkspace;
  let state: string;
  const terminals: TmuxTerminal[] = [];

  beforeAll(async () => {
    server = await startScriptedLlmServer({
      chunkDelayMs: 5,
      script: [
        { text: 'Let me fix the total.', toolCalls: [{ name: 'edit_file', arguments: { path: 'src/total.js', old_string: 'return 0; // broken', new_string: 'return items.reduce((sum, item) => sum + item, 0);' } }] },
        { text: 'I fixed **the total**: it now sums the items.' },
        { text: 'Welcome back; the total is undone.' },
      ],
    });
    workspace = await createTempWorkspace({ files: { 'src/total.js': ORIGINAL, 'README.md': '# shop\n' } });
    state = fs.mkdtempSync(path.join(path.dirname(workspace.root), 'brass-chat-state-'));
  });

  afterAll(async () => {
    for (const terminal of terminals) terminal.close();
    await server?.close();
    await workspace?.dispose();
    if (state) fs.rmSync(state, { recursive: true, force: true });
  });

  function chat(args: string[], columns = 100): TmuxTerminal {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm-256color',
      XDG_STATE_HOME: state,
      XDG_CACHE_HOME: path.join(state, 'cache'),
      BRASS_LLM_PROVIDER: 'openai-compatible',
      BRASS_LLM_MODEL: 'scripted',
      BRASS_LLM_BASE_URL: server.baseUrl,
    };
    const terminal = startTmux([process.execPath, CLI_PATH, 'chat', '--mode', 'write', '--approval', 'ask', ...args], { env, cwd: workspace.root, columns });
    terminals.push(terminal);
    return terminal;
  }

  it('streams the answer, approves the diff in-line, undoes it, and a second process continues the session', async () => {
    const file = path.join(workspace.root, 'src/total.js');
    const first = chat([]);
    await first.waitFor('write · openai-compatible/scripted');
    first.type('fix the total');
    first.keys('Enter');
    // The approval shows the diff and the four choices.
    await first.waitFor('+  return items.reduce');
    const approval = await first.waitFor(/allow once/i);
    expect(approval).toMatch(/deny with a message/i);
    expect(approval).toContain('Let me fix the total.');
    first.type('y');
    // The model's text streamed, rendered as Markdown (the bold markers are gone); the approved patch is applied.
    // Waited until the turn's closing line (`✓ applied:`), not only the patch: an /undo while the turn still runs is refused.
    const answered = await first.waitFor(/patch applied[\s\S]*✓ applied:/);
    expect(answered).toContain('I fixed the total: it now sums the items.');
    expect(answered).not.toContain('**the total**');
    expect(fs.readFileSync(file, 'utf8')).toContain('items.reduce');

    first.type('/undo');
    first.keys('Enter');
    await first.waitFor(/restored 1 file/);
    expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);

    first.type('/exit');
    first.keys('Enter');
    expect(await first.waitForExit()).toBe(0);

    const second = chat(['--continue']);
    const resumed = await second.waitFor('I fixed the total: it now sums the items.');
    expect(resumed).toContain('fix the total');
    second.type('are you there?');
    second.keys('Enter');
    // Waited until the turn has finished (its closing line), not only until its text has streamed: a Ctrl-C before that cancels the turn instead of leaving.
    await second.waitFor(/Welcome back; the total is undone\.[\s\S]*✓ completed:/);
    // The continued turn carried the whole history to the model.
    const lastRequest = server.requests.at(-1)!;
    expect(JSON.stringify(lastRequest.body)).toContain('fix the total');
    // Ctrl-C with no turn running leaves (a second one would reach the shell once the UI has let go of the terminal).
    second.keys('C-c');
    expect(await second.waitForExit()).toBe(0);
  }, 90_000);

  it('opens the session read-only in a second process while the first holds it', async () => {
    const holder = chat(['--continue']);
    await holder.waitFor('resumed session');
    const second = chat(['--continue'], 160);
    const shown = await second.waitFor(/read-only: session \S+ is open in another brass-agent process\s+\(pid\s+\d+\)/);
    // The history is still there to read.
    expect(shown).toContain('fix the total');
    second.type('/exit');
    second.keys('Enter');
    expect(await second.waitForExit()).toBe(0);
    holder.type('/exit');
    holder.keys('Enter');
    expect(await holder.waitForExit()).toBe(0);
  }, 60_000);
});
