import { describe, expect, it } from 'vitest';
import { createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { startScriptedLlmServer } from './support/scripted-llm-server.js';

// Issue 15, item 23: names from the repository or the model never reach the terminal raw.

const TIMEOUT_MS = 60_000;
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
/** A window title and a screen clear, hidden in a directory name. */
const HOSTILE_DIR = `pkg${ESC}]0;pwned${BEL}${ESC}[2J`;
const SHOWN_DIR = 'pkg\\x1b]0;pwned\\x07\\x1b[2J';
const RAW_CONTROL = new RegExp(`[${ESC}${BEL}]`);

describe('names with terminal control sequences (issue 15, item 23)', () => {
  it('context, discover and run print them escaped, on stdout and stderr', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace({ [`${HOSTILE_DIR}/AGENTS.md`]: '# package rules\n\nKeep it small.\n', [`${HOSTILE_DIR}/index.ts`]: 'export const hostile = 1;\n', 'src/fake\nerror: line.ts': 'export const hostile = 2;\n' });
    const context = await runCli(['context', '--touch', `${HOSTILE_DIR}/index.ts`, '--cwd', agent.workspace.root], { env: agent.env(), timeoutMs: TIMEOUT_MS });
    expect(context.code).toBe(0);
    expect(context.stdout).toContain(SHOWN_DIR);
    expect(context.stdout + context.stderr).not.toMatch(RAW_CONTROL);

    const discover = await runCli(['discover', 'hostile', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(), timeoutMs: TIMEOUT_MS });
    expect(discover.code).toBe(0);
    expect(discover.stdout).toContain(`${SHOWN_DIR}/index.ts`);
    // A newline in a name is shown escaped: it cannot start a line of its own.
    expect(discover.stdout).toContain('src/fake\\x0aerror: line.ts');
    expect(discover.stdout).not.toMatch(/^error: line/m);
    expect(discover.stdout + discover.stderr).not.toMatch(RAW_CONTROL);

    // A path the model writes: the `patch:` line and every progress line escape it.
    const server = await startScriptedLlmServer({
      script: [{ text: 'Adding notes.', toolCalls: [{ name: 'write_file', arguments: { path: `notes${ESC}[2J${ESC}]0;x${BEL}.md`, content: 'notes\n' } }] }, { text: 'Done.' }],
    });
    try {
      const run = await runCli(['run', 'add notes', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('patch: notes\\x1b[2J\\x1b]0;x\\x07.md (new, +1 −0)');
      expect(run.stderr).not.toMatch(RAW_CONTROL);
    } finally {
      await server.close();
    }
  });
});
