import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileJournal } from '../../adapters/patch-journal/index.js';
import { createAgentTestKit } from '../../../test/support/agent-test-kit.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import type { ScriptedStep } from '../../../test/support/scripted-llm.js';
import { runAgent } from './run-agent.js';
import type { AgentMode } from '../events/agent-event.js';

// The project's validation: `npm run typecheck` fails until src/total.js says "fixed".
const CHECK_SCRIPT = "const s = require('fs').readFileSync('src/total.js', 'utf8'); if (!s.includes('fixed')) { console.error('src/total.js: total is broken'); process.exit(1); }";
const ORIGINAL = 'module.exports = function total(items) {\n  return 0; // broken\n};\n';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function project(): Promise<TempWorkspace> {
  const workspace = await createTempWorkspace({
    files: {
      'package.json': JSON.stringify({ name: 'demo', scripts: { typecheck: 'node check.js' } }),
      'package-lock.json': '{}',
      'check.js': CHECK_SCRIPT,
      'src/total.js': ORIGINAL,
    },
  });
  cleanups.push(() => void workspace.dispose());
  return workspace;
}

function journalDir(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-journal-'));
  cleanups.push(() => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}

const edit = (newString: string): ScriptedStep => ({ toolCalls: [{ name: 'edit_file', input: { path: 'src/total.js', old_string: 'return 0; // broken', new_string: newString } }] });
const readTotal: ScriptedStep = { toolCalls: [{ name: 'read_file', input: { path: 'src/total.js' } }] };
const done: ScriptedStep = { text: 'Done.' };

async function run(workspace: TempWorkspace, mode: AgentMode, script: ScriptedStep[], approval: 'auto' | 'never' = 'auto') {
  const kit = await createAgentTestKit({ root: workspace.root, script, approval, config: { agent: { repairTurns: 1 } } });
  const journal = createFileJournal({ directory: journalDir() });
  const result = await runAgent({
    environment: kit.environment,
    goal: 'the total is always 0; make it sum the items',
    mode,
    journal,
    discovery: { run: false },
  });
  return { kit, result, journal };
}

describe('runAgent', () => {
  it('propose mode: shows the change as a diff and writes nothing', async () => {
    const workspace = await project();
    const { result } = await run(workspace, 'propose', [readTotal, edit('return items.length; // fixed'), done]);
    expect(result.state).toBe('proposed');
    expect(result.diff).toContain('+  return items.length; // fixed');
    expect(result.isApplied).toBe(false);
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(ORIGINAL);
    expect(result.events.at(-1)).toMatchObject({ type: 'run.finished', state: 'proposed' });
  });

  it('write mode: applies the patch, runs validation, keeps it when it passes', async () => {
    const workspace = await project();
    const { result, journal, kit } = await run(workspace, 'write', [readTotal, edit('return items.length; // fixed'), done]);
    expect(result.state).toBe('applied');
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toContain('// fixed');
    expect(kit.events.map((event) => event.type)).toEqual(expect.arrayContaining(['patch.proposed', 'patch.applied', 'validation.completed', 'run.finished']));
    expect(kit.events.find((event) => event.type === 'validation.completed')).toMatchObject({ passed: true });
    expect(await journal.pending(workspace.root)).toEqual([]);
  });

  it('write mode: a fix that still fails validation after the repair turn is rolled back byte for byte', async () => {
    const workspace = await project();
    const secondEdit: ScriptedStep = { toolCalls: [{ name: 'edit_file', input: { path: 'src/total.js', old_string: 'still broken', new_string: 'broken again' } }] };
    const { result, kit, journal } = await run(workspace, 'write', [edit('return 1; // still broken'), done, secondEdit, { text: 'I cannot fix it.' }]);
    expect(result.state).toBe('rolled-back');
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(ORIGINAL);
    expect(kit.events.filter((event) => event.type === 'patch.rolled_back')).toHaveLength(2);
    // The repair turn told the model what failed.
    const repairPrompt = kit.llm.requests[2]!.messages.at(-1);
    expect(repairPrompt).toMatchObject({ role: 'user' });
    expect(JSON.stringify(repairPrompt)).toContain('total is broken');
    expect(await journal.pending(workspace.root)).toEqual([]);
  });

  it('write mode: a failing first attempt repaired in the repair turn is kept', async () => {
    const workspace = await project();
    const repairEdit: ScriptedStep = { toolCalls: [{ name: 'edit_file', input: { path: 'src/total.js', old_string: 'return 1; // wrong', new_string: 'return 2; // fixed' } }] };
    const { result, kit } = await run(workspace, 'write', [edit('return 1; // wrong'), done, repairEdit, done]);
    expect(result.state).toBe('applied');
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toContain('return 2; // fixed');
    // The result's diff is the whole change, from the file before the run to the repaired version.
    expect(result.diff).toContain('-  return 0; // broken\n+  return 2; // fixed');
    expect(result.files).toEqual([{ path: 'src/total.js', status: 'modified', additions: 1, deletions: 1 }]);
    // The system prompt is byte-identical in every request of the run, repair turns included.
    const prompts = new Set(kit.llm.requests.map((request) => request.system));
    expect(kit.llm.requests.length).toBe(4);
    expect(prompts.size).toBe(1);
  });

  it('write mode with approval never: the patch is not applied and the run ends as proposed', async () => {
    const workspace = await project();
    const { result } = await run(workspace, 'write', [edit('return items.length; // fixed'), done], 'never');
    expect(result.state).toBe('proposed');
    expect(result.summary).toMatch(/not applied/);
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(ORIGINAL);
  });

  it('a failing model ends the run as failed with the model error, nothing written', async () => {
    const workspace = await project();
    const { result } = await run(workspace, 'write', []);
    expect(result.state).toBe('failed');
    expect(result.summary).toMatch(/script exhausted/);
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(ORIGINAL);
  });

  it('dry run: builds the prompt with the goal and calls no model', async () => {
    const workspace = await project();
    const kit = await createAgentTestKit({ root: workspace.root, script: [] });
    const result = await runAgent({ environment: kit.environment, goal: 'fix total', mode: 'propose', journal: createFileJournal({ directory: journalDir() }), discovery: { run: false }, dryRun: true });
    expect(result.prompt?.firstMessage).toContain('Goal:\nfix total');
    expect(result.prompt?.system).toContain('read_file');
    expect(kit.llm.requests).toHaveLength(0);
  });
});
