import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { createTempWorkspace } from './support/temp-workspace.js';

/** The environment without any model setting, and a private config home. */
function envWithoutModel(configHome: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BRASS_LLM_')));
  return { ...env, XDG_CONFIG_HOME: configHome };
}

// Issue 18, item 5: "configure a provider" must not send the person to a setting they already wrote.
describe('run without a usable provider', () => {
  it("says the untrusted workspace's llm.provider was ignored, and how to use it", async () => {
    await using workspace = await createTempWorkspace({ files: { '.brass-agent.json': JSON.stringify({ llm: { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' } }) } });
    const result = await runCli(['run', 'fix it'], { cwd: workspace.root, env: envWithoutModel(workspace.path('.xdg')) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: no LLM provider configured: .brass-agent.json sets llm.provider, but this workspace is not trusted, so its model settings are ignored');
    expect(result.stderr).toContain('hint: run `brass-agent trust` to use them, or set BRASS_LLM_PROVIDER and BRASS_LLM_MODEL');
  });

  it('says how to configure one when nothing sets it', async () => {
    await using workspace = await createTempWorkspace({ files: { 'README.md': '# x\n' } });
    const result = await runCli(['run', 'fix it'], { cwd: workspace.root, env: envWithoutModel(workspace.path('.xdg')) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/error: no LLM provider configured: set BRASS_LLM_PROVIDER and BRASS_LLM_MODEL/);
    expect(result.stderr).not.toContain('not trusted');
  });
});
