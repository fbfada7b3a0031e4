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
