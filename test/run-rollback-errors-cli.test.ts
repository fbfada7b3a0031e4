import { describe, expect, it } from 'vitest';
import { createAgentWorkspace } from './support/agent-workspace.js';
import { runCli } from './support/run-cli.js';
import { type ScriptedTurn, startScriptedLlmServer } from './support/scripted-llm-server.js';

// Issue 18, item 4 (the run part): after a rollback, `run` showed only the
// exit codes of the validation that failed, not the errors that remain.
// The workspace's validation is a script that prints a secret, then the
// error of a missing program, and exits 127.

const TIMEOUT_MS = 120_000;
const SERVICE = 'src/user/user-service.ts';
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;
const FAILING_VALIDATION = {
  'package.json': JSON.stringify({ name: 'broken-app', private: true, type: 'module', scripts: { typecheck: 'node check.mjs' } }),
  'check.mjs': `console.log('loading the suite with ${TOKEN}');\nconsole.error('sh: 1: vitest: not found');\nprocess.exit(127);\n`,
};

/** One edit, then no repair: validation keeps failing and the change is rolled back. Three requests a run (edit, end, repair turn). */
const EDIT_THEN_GIVE_UP = (_request: unknown, index: number): ScriptedTurn =>
  index % 3 === 0 ? { text: 'Renaming the calls.', toolCalls: [{ name: 'edit_file', arguments: { path: SERVICE, old_string: 'getToken()', new_string: 'getAccessToken()', replace_all: true } }] } : { text: 'I cannot fix this.' };

describe('brass-agent run: the errors that remain after a rollback (issue 18, item 4)', () => {
  it('shows the failed command with its last output lines, redacted, and the hint; --json and --protocol-json carry the same', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace(FAILING_VALIDATION);
    const server = await startScriptedLlmServer({ script: EDIT_THEN_GIVE_UP });
    try {
      const before = agent.snapshot();
      const args = ['run', 'fix the failing typecheck', '--no-run', '--mode', 'write', '--approval', 'auto', '--cwd', agent.workspace.root];
      const human = await runCli(args, { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(human.code).toBe(1);
      expect(agent.snapshot()).toEqual(before);
      const lines = human.stderr.split('\n');
      const failed = lines.indexOf('✗ validation fails: typecheck (exit 127)');
      expect(failed).toBeGreaterThan(-1);
      expect(lines[failed + 1]).toBe('  typecheck (exit 127), last lines of its output:');
      const shown = lines.slice(failed + 2, lines.findIndex((line, index) => index > failed && line.startsWith('    hint: ')) + 1);
      expect(shown).toContain('    │ loading the suite with [REDACTED:github-token]');
      expect(shown).toContain('    │ sh: 1: vitest: not found');
      expect(shown.at(-1)).toBe('    hint: a program it runs was not found: are the dependencies installed (npm ci, pnpm install, yarn install)?');
      // The errors come before the rollback and the final line.
      expect(lines.findIndex((line) => line.startsWith('↺ patch rolled back'))).toBeGreaterThan(failed);
      expect(human.stdout + human.stderr).not.toContain(TOKEN);

      const json = await runCli([...args, '--json'], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(json.code).toBe(1);
      const document = JSON.parse(json.stdout) as { state: string; validation: { passed: boolean; commands: { name: string; exitCode: number; outputTail: string[]; hint: string }[] } };
      expect(document.state).toBe('rolled-back');
      expect(document.validation).toEqual({
        passed: false,
        commands: [{ name: 'typecheck', exitCode: 127, outputTail: expect.arrayContaining(['loading the suite with [REDACTED:github-token]', 'sh: 1: vitest: not found']), hint: expect.stringMatching(/^a program it runs was not found/) }],
      });

      const events = await runCli([...args, '--protocol-json'], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(events.code).toBe(1);
      const validation = events.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string })
        .filter((event) => event.type === 'validation.completed');
      expect(validation).toEqual([{ version: 1, time: expect.any(String), type: 'validation.completed', ...document.validation }]);
      expect(json.stdout + events.stdout).not.toContain(TOKEN);
      expect(agent.snapshot()).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('says how to fix a discovery command that failed for a common cause, under the discovery line and in discovery.completed', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace(FAILING_VALIDATION);
    // Two runs share the server: every request gets the same answer.
    const server = await startScriptedLlmServer({ script: () => ({ text: 'Nothing to do.' }) });
    try {
      const args = ['run', 'explain the failure', '--cwd', agent.workspace.root];
      const [human, events] = await Promise.all([runCli(args, { env: agent.env(server), timeoutMs: TIMEOUT_MS }), runCli([...args, '--protocol-json'], { env: agent.env(server), timeoutMs: TIMEOUT_MS })]);
      expect(human.code).toBe(0);
      const lines = human.stderr.split('\n');
      const discovery = lines.findIndex((line) => line.startsWith('discovery: ran typecheck (exit 127)'));
      expect(discovery).toBeGreaterThan(-1);
      expect(lines[discovery + 1]).toMatch(/^ {2}hint \(typecheck\): a program it runs was not found: are the dependencies installed/);
      const completed = events.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; commands?: unknown })
        .find((event) => event.type === 'discovery.completed');
      expect(completed?.commands).toEqual([{ name: 'typecheck', ran: true, exitCode: 127, hint: expect.stringMatching(/^a program it runs was not found/) }]);
      expect(human.stdout + human.stderr + events.stdout).not.toContain(TOKEN);
    } finally {
      await server.close();
    }
  });
});
