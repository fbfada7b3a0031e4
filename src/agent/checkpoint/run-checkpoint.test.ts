import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileCheckpointStore } from '../../adapters/checkpoint-store/index.js';
import { createAgentTestKit } from '../../../test/support/agent-test-kit.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { systemClock, type CommandIsolation, type CommandOrigin, type Shell, type ShellRunRequest } from '../../core/index.js';
import type { AgentEvent } from '../events/agent-event.js';
import { RunCheckpoint } from './run-checkpoint.js';
import { takeCheckpoint } from './take-checkpoint.js';
import { undoLastRun } from './undo-last-run.js';
import { withCheckpoint } from './with-checkpoint.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function setup(files: Record<string, string> = { 'a.txt': 'A\n', 'src/b.ts': 'export const b = 1;\n', 'keep.txt': 'keep\n' }) {
  const workspace: TempWorkspace = await createTempWorkspace({ files });
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-checkpoints-'));
  cleanups.push(() => void workspace.dispose(), () => fs.rmSync(directory, { recursive: true, force: true }));
  const kit = await createAgentTestKit({ root: workspace.root, script: [] });
  const store = createFileCheckpointStore({ directory });
  const events: AgentEvent[] = [];
  const checkpoint = new RunCheckpoint({ store, runtime: kit.baseRuntime, runId: 'run-1', clock: systemClock, emit: (event) => events.push(event), redact: (text) => text });
  const services = withCheckpoint(kit.environment.services, checkpoint);
  const sh = (script: string) => services.shell.run({ argv: ['sh', '-c', script], cwd: workspace.root, workspaceRoot: workspace.root, timeoutMs: 10_000, maxOutputBytes: 10_000 });
  return { workspace, kit, store, events, checkpoint, services, sh };
}

describe('takeCheckpoint', () => {
  it('reuses the hash of files whose size and mtime did not change, and re-reads the others', async () => {
    const { workspace, kit, store } = await setup();
    const first = await takeCheckpoint({ store, runtime: kit.baseRuntime, runId: 'r1', clock: systemClock });
    expect(first).toMatchObject({ ok: true, reusedFiles: 0 });
    if (!first.ok) return;
    expect(first.manifest.files.map((file) => file.path).sort()).toEqual(['a.txt', 'keep.txt', 'src/b.ts']);
    workspace.write('a.txt', 'changed\n');
    const second = await takeCheckpoint({ store, runtime: kit.baseRuntime, runId: 'r2', clock: systemClock, previous: first.manifest });
    expect(second).toMatchObject({ ok: true, reusedFiles: 2 });
    if (second.ok) expect(second.manifest.files.find((file) => file.path === 'a.txt')?.sizeBytes).toBe(8);
  });

  it('refuses a workspace above the file or byte limit, naming the limit, before reading anything', async () => {
    const { kit, store } = await setup();
    expect(await takeCheckpoint({ store, runtime: kit.baseRuntime, runId: 'r', clock: systemClock, limits: { maxFiles: 2, maxBytes: 1e9 } })).toEqual({
      ok: false,
      reason: expect.stringContaining('more than 2 files (the checkpoint limit)'),
    });
    expect(await takeCheckpoint({ store, runtime: kit.baseRuntime, runId: 'r', clock: systemClock, limits: { maxFiles: 100, maxBytes: 10 } })).toEqual({
      ok: false,
      reason: expect.stringMatching(/more than the checkpoint limit of 0\.00 MiB/),
    });
  });
});

describe('RunCheckpoint with withCheckpoint', () => {
  it('checkpoints before the first command, reports what each command changed, and undo restores it', async () => {
    const { workspace, store, kit, events, checkpoint, services, sh } = await setup();
    expect(checkpoint.isTaken).toBe(false);
    await sh('rm a.txt; echo new > new.txt; echo changed > src/b.ts');
    expect(checkpoint.isTaken).toBe(true);
    // The run's own write (its patch) is not blamed on the next command.
    await services.fileSystem.writeFile({ path: workspace.path('keep.txt'), content: 'patched\n', isContained: () => true });
    await sh('true');
    expect(events.filter((event) => event.type === 'command.changed_files')).toEqual([
      {
        type: 'command.changed_files',
        command: 'sh -c rm a.txt; echo new > new.txt; echo changed > src/b.ts',
        files: [
          { path: 'a.txt', status: 'deleted' },
          { path: 'new.txt', status: 'added' },
          { path: 'src/b.ts', status: 'modified' },
        ],
      },
    ]);
    expect((await checkpoint.finish()).map((change) => [change.path, change.status])).toEqual([
      ['a.txt', 'deleted'],
      ['keep.txt', 'modified'],
      ['new.txt', 'added'],
      ['src/b.ts', 'modified'],
    ]);

    // Changed since the run ended: a conflict, nothing restored.
    workspace.write('new.txt', 'edited by hand\n');
    expect(await undoLastRun({ store, runtime: kit.baseRuntime })).toEqual({ kind: 'conflict', runId: 'run-1', conflicts: ['new.txt'] });
    expect(fs.existsSync(workspace.path('a.txt'))).toBe(false);
    expect(await undoLastRun({ store, runtime: kit.baseRuntime, force: true })).toMatchObject({ kind: 'restored', restored: ['a.txt', 'keep.txt', 'new.txt', 'src/b.ts'] });
    expect(['a.txt', 'keep.txt', 'src/b.ts'].map((file) => fs.readFileSync(workspace.path(file), 'utf8'))).toEqual(['A\n', 'keep\n', 'export const b = 1;\n']);
    expect(fs.existsSync(workspace.path('new.txt'))).toBe(false);
    expect(await undoLastRun({ store, runtime: kit.baseRuntime })).toMatchObject({ kind: 'nothing' });
  });

  it('undoes a run that died before it ended: every file that differs from its checkpoint', async () => {
    const { workspace, store, kit, sh } = await setup();
    await sh('rm -r src');
    // No finish(): the process died.
    expect(await undoLastRun({ store, runtime: kit.baseRuntime })).toMatchObject({ kind: 'restored', restored: ['src/b.ts'], isRecordComplete: false });
    expect(fs.readFileSync(workspace.path('src/b.ts'), 'utf8')).toBe('export const b = 1;\n');
  });

  it('a checkpoint over the limits is one warning; the command still runs', async () => {
    const { workspace, store, kit, events } = await setup();
    const checkpoint = new RunCheckpoint({ store, runtime: kit.baseRuntime, runId: 'r', clock: systemClock, emit: (event) => events.push(event), redact: (text) => text, limits: { maxFiles: 1, maxBytes: 1e9 } });
    const services = withCheckpoint(kit.environment.services, checkpoint);
    const result = await services.shell.run({ argv: ['sh', '-c', 'rm a.txt'], cwd: workspace.root, workspaceRoot: workspace.root, timeoutMs: 10_000, maxOutputBytes: 10_000 });
    expect(result.exitCode).toBe(0);
    expect(events).toEqual([{ type: 'warning', message: expect.stringMatching(/more than 1 files .*`brass-agent undo` is unavailable for this run$/) }]);
    expect(await checkpoint.finish()).toEqual([]);
  });

  it('passes each request through whole and forwards every other member of the wrapped shell', async () => {
    const { kit, checkpoint } = await setup();
    const seen: unknown[] = [];
    class IsolatingShell implements Shell {
      readonly kind = 'sandboxed';
      async run(request: ShellRunRequest) {
        seen.push(request);
        return { exitCode: 0, signal: null, stdout: '', stderr: '', stdoutDroppedBytes: 0, stderrDroppedBytes: 0, timedOut: false, durationMs: 1, sandboxed: true };
      }
      async isolationFor(origin: CommandOrigin): Promise<CommandIsolation> {
        return origin === 'brass' ? { kind: 'host' } : { kind: 'ask', reason: this.kind };
      }
    }
    const wrapped = withCheckpoint({ ...kit.environment.services, shell: new IsolatingShell() }, checkpoint).shell as IsolatingShell;
    const request: ShellRunRequest = { argv: ['true'], cwd: '/', timeoutMs: 1000, maxOutputBytes: 10, origin: 'workspace', workspaceRoot: '/w', isUnsandboxedApproved: true };
    expect(await wrapped.run(request)).toMatchObject({ sandboxed: true });
    expect(seen).toEqual([request]);
    expect(await wrapped.isolationFor('workspace')).toEqual({ kind: 'ask', reason: 'sandboxed' });
    expect('isolationFor' in wrapped).toBe(true);
  });
});
