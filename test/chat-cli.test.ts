import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSessionStore, sessionsDirectory } from '../src/adapters/session-store/index.js';
import { runCli } from './support/run-cli.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function workspace(): Promise<{ root: string; env: NodeJS.ProcessEnv }> {
  const created: TempWorkspace = await createTempWorkspace({ files: { 'README.md': '# demo\n' } });
  cleanups.push(() => created.dispose());
  const state = fs.mkdtempSync(path.join(path.dirname(created.root), 'brass-state-'));
  cleanups.push(() => fs.rmSync(state, { recursive: true, force: true }));
  return { root: fs.realpathSync(created.root), env: { ...process.env, XDG_STATE_HOME: state } };
}

describe('brass-agent chat without a terminal', () => {
  it('exits 2 with one line pointing to run', async () => {
    const { root, env } = await workspace();
    const result = await runCli(['chat', '--cwd', root], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('needs a terminal');
    expect(result.stderr).toContain('brass-agent run');
  });

  it('refuses --continue with --resume', async () => {
    const { root, env } = await workspace();
    const result = await runCli(['chat', '--continue', '--resume', 'x', '--cwd', root], { env });
    expect(result.code).toBe(2);
  });

  it('bare brass-agent without a terminal prints the help, listing chat and sessions', async () => {
    const { root, env } = await workspace();
    const result = await runCli([], { env, cwd: root });
    expect(result.stdout + result.stderr).toMatch(/chat \[options\]\s+talk to the agent/);
    expect(result.stdout + result.stderr).toMatch(/sessions \[options\]\s+list the chat sessions/);
  });
});

describe('brass-agent sessions', () => {
  it('lists the sessions of this workspace newest first, and names a damaged summary', async () => {
    const { root, env } = await workspace();
    const empty = await runCli(['sessions', '--json', '--cwd', root], { env });
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({ version: 1, sessions: [] });

    const directory = sessionsDirectory(env, process.env.HOME ?? '/root');
    const store = createFileSessionStore({ directory, redactValue: (value) => value });
    for (const [id, updatedAt, title] of [
      ['older', '2026-11-01T10:00:00.000Z', 'first chat'],
      ['newer', '2026-11-02T10:00:00.000Z', 'second chat'],
    ] as const) {
      const writer = await store.create({ kind: 'session', version: 1, id, workspace: root, createdAt: updatedAt });
      await writer.updateSummary({ title, turns: 2, updatedAt });
      await writer.close();
    }
    const other = await store.create({ kind: 'session', version: 1, id: 'elsewhere', workspace: '/somewhere/else', createdAt: '2026-11-03T10:00:00.000Z' });
    await other.close();
    const listed = await runCli(['sessions', '--json', '--cwd', root], { env });
    expect(JSON.parse(listed.stdout)).toEqual({
      version: 1,
      sessions: [
        { id: 'newer', title: 'second chat', updatedAt: '2026-11-02T10:00:00.000Z', turns: 2 },
        { id: 'older', title: 'first chat', updatedAt: '2026-11-01T10:00:00.000Z', turns: 2 },
      ],
    });

    fs.writeFileSync(path.join(directory, 'older.summary.json'), '{not json');
    const damaged = await runCli(['sessions', '--cwd', root], { env });
    expect(damaged.code).toBe(0);
    expect(damaged.stdout).toContain('newer');
    expect(damaged.stdout).toContain('second chat');
    expect(damaged.stderr).toContain('older.summary.json');
  });
});
