import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAgentTestKit, toolResults } from '../../../test/support/agent-test-kit.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { runToolLoop } from '../loop/index.js';

const user = (content: string) => [{ role: 'user' as const, content }];

describe('shell', () => {
  it('runs in autonomous mode through the rules: a deny rule on a command inside the script refuses it', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({
      root: workspace.root,
      approval: 'auto',
      config: { permissions: { deny: ['Shell(touch *)'] } },
      script: [
        { toolCalls: [{ name: 'shell', input: { command: 'echo start; touch made.txt' } }] },
        { toolCalls: [{ name: 'shell', input: { command: 'echo hello' } }] },
        { toolCalls: [{ name: 'shell', input: { command: 'echo oops >&2; exit 3' } }] },
        { text: 'done' },
      ],
    });
    const session = await kit.session({ mode: 'autonomous' });
    expect(session.tools.map((tool) => tool.definition.name)).toContain('shell');
    const result = await runToolLoop({ session, messages: user('x'), maxSteps: 10, maxTokens: 100_000 });
    const [denied, hello, failing] = toolResults(result.messages);
    expect(denied!.isError).toBe(true);
    expect(denied!.content).toContain('denied by rule Shell(touch *)');
    expect(fs.existsSync(workspace.path('made.txt'))).toBe(false);
    expect(hello!.content).toBe('exit code 0\n--- stdout ---\nhello\n');
    expect(failing).toMatchObject({ isError: true, content: 'exit code 3\n--- stderr ---\noops\n' });
    expect(result.stopReason).toBe('done');
  });

  it('asks for a command no rule allows, and with approval never the model gets the refusal', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({
      root: workspace.root,
      approval: 'never',
      script: [{ toolCalls: [{ name: 'shell', input: { command: 'node -e "1"' } }] }, { text: 'ok' }],
    });
    const result = await runToolLoop({ session: await kit.session({ mode: 'write' }), messages: user('x'), maxSteps: 5, maxTokens: 100_000 });
    const [refused] = toolResults(result.messages);
    expect(refused!.isError).toBe(true);
    expect(refused!.content).toMatch(/needs approval and was not approved/);
  });

  it('is not offered in read-only and propose modes', async () => {
    await using workspace = await createTempWorkspace();
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    for (const mode of ['read-only', 'propose'] as const) expect((await kit.session({ mode })).tools.map((tool) => tool.definition.name)).not.toContain('shell');
  });
});

describe('run_validation', () => {
  it('reports pass and fail per command with the output tail, and says pending edits are not on disk', async () => {
    await using workspace = await createTempWorkspace({
      files: { 'src/a.ts': 'export const a = 1;\n', 'src/AGENTS.md': '# Src rules\n', 'scripts/ok.js': 'console.log("all good");\n', 'scripts/fail.js': 'console.error("boom at src/a.ts:1:1");\nprocess.exit(2);\n' },
    });
    const kit = await createAgentTestKit({
      root: workspace.root,
      approval: 'never',
      validationCommands: [
        { name: 'typecheck', argv: ['node', 'scripts/ok.js'] },
        { name: 'test', argv: ['node', 'scripts/fail.js'] },
      ],
      script: [
        { toolCalls: [{ name: 'run_validation', input: {} }] },
        { toolCalls: [{ name: 'edit_file', input: { path: 'src/a.ts', old_string: '= 1', new_string: '= 2' } }] },
        { toolCalls: [{ name: 'run_validation', input: { names: ['typecheck'] } }] },
        { toolCalls: [{ name: 'run_validation', input: { names: ['lint'] } }] },
        { text: 'done' },
      ],
    });
    const result = await runToolLoop({ session: await kit.session(), messages: user('x'), maxSteps: 10, maxTokens: 100_000 });
    const [first, , second, unknown] = toolResults(result.messages);
    expect(first!.isError).not.toBe(true);
    expect(first!.content.split('\n')[0]).toBe('Validation failed: typecheck passed, test failed (exit 2)');
    expect(first!.content).toContain('## test: node scripts/fail.js — failed (exit 2)\nboom at src/a.ts:1:1');
    expect(first!.content).not.toContain('pending edits');
    // A file named in the failure output counts as touched: its directory's context comes with the result.
    expect(first!.content).toMatch(/\n\n<system-reminder>[\s\S]*# Src rules/);
    expect(second!.content).toMatch(/^Validation passed: typecheck passed\n\nNote: this run has pending edits that are NOT on disk yet/);
    expect(unknown).toMatchObject({ isError: true, content: 'Unknown validation command "lint"; known: typecheck, test.' });
  });
});
