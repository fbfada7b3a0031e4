import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { openWorkspace } from './open-workspace.js';

describe('openWorkspace: the variable llm.apiKeyEnv names (issue 15, item 17)', () => {
  it.each([
    { title: 'sandboxed', sandboxMode: 'auto', trusted: false },
    { title: 'unsandboxed', sandboxMode: 'off', trusted: true },
  ])('never reaches a command, $title, even listed in passEnv', async ({ sandboxMode, trusted }) => {
    await using home = await createTempWorkspace();
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const userConfig = { llm: { apiKeyEnv: 'MYCORP_GATEWAY' }, sandbox: { mode: sandboxMode }, shell: { passEnv: ['MYCORP_GATEWAY'] }, ...(trusted ? { trustedWorkspaces: [workspace.root] } : {}) };
    home.write('config/brass-agent/config.json', JSON.stringify(userConfig));
    const opened = await openWorkspace({
      cwd: workspace.root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home.root, XDG_CONFIG_HOME: home.path('config'), MYCORP_GATEWAY: 'gateway-key-value-1234', VISIBLE: 'yes' },
    });
    const result = await opened.services.shell.run({
      argv: ['sh', '-c', 'echo "${MYCORP_GATEWAY-unset} ${VISIBLE-unset}"'],
      cwd: workspace.root,
      workspaceRoot: workspace.root,
      origin: 'brass',
      passEnv: ['MYCORP_GATEWAY'],
      timeoutMs: 10_000,
      maxOutputBytes: 4096,
    });
    expect(result.stdout).toBe('unset yes\n');
  });
});

describe('openWorkspace: what start-up does not do (issue 21)', () => {
  const envFor = (root: string) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, XDG_CONFIG_HOME: `${root}/.xdg` });

  it('without parsesShellCommands loads no parser: a shell command line is then unknown, and asks', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'a\n' } });
    const withParser = await openWorkspace({ cwd: workspace.root, env: envFor(workspace.root) });
    const without = await openWorkspace({ cwd: workspace.root, env: envFor(workspace.root), parsesShellCommands: false });
    expect(withParser.shellParser).not.toBeNull();
    expect(without.shellParser).toBeNull();
    const action = { kind: 'shell.run', argv: ['sh', '-c', 'cat a.txt'] } as const;
    expect((await withParser.runtime.check(action)).unknown).toEqual([]);
    expect((await without.runtime.check(action)).unknown).not.toEqual([]);
    // Reads need no parser: the same answer either way.
    expect((await without.runtime.execute({ kind: 'fs.readFile', path: 'a.txt' })).ok).toBe(true);
  });

  it('chooses the search engine on the first search, and answers the same after', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'export const needle = 1;\n' } });
    const opened = await openWorkspace({ cwd: workspace.root, env: envFor(workspace.root) });
    const searched = await opened.runtime.execute({ kind: 'fs.searchText', query: 'needle' });
    expect(searched.ok && searched.value.matches.map((match) => match.path)).toEqual(['a.ts']);
    const engine = await opened.searchEngine();
    expect(engine.engine).toBe('ripgrep');
    expect(await opened.searchEngine()).toBe(engine);
  });
});
