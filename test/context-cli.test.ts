import { describe, expect, it } from 'vitest';
import { PLAIN_SYSTEM_PROMPT } from '../src/agent/context-session/index.js';
import { runCli } from './support/run-cli.js';
import { makeFifo } from './support/special-files.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 5: `brass-agent context` as a user runs it (the built CLI, a child
// process, real files), in the JSON shape of the CLI contract.

const ESCAPE = String.fromCharCode(0x1b);

/** HOME and the XDG config dir inside a temp dir of their own, so the user's real files never leak in. */
async function envFor(home: TempWorkspace, extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  return { ...process.env, HOME: home.root, XDG_CONFIG_HOME: home.path('.config'), NO_COLOR: undefined, FORCE_COLOR: undefined, ...extra };
}

const CONTRACT_TREE = {
  'AGENTS.md': '# Rules\n',
  'packages/api/AGENTS.md': '---\ndescription: API rules\n---\n# API\nUse zod.\n',
  'packages/api/src/x.ts': 'export const x = 1;\n',
  'src/a.ts': 'export {};\n',
};

describe('brass-agent context', () => {
  it('prints the contract JSON: guidance, scoped, manifest, reminders for each --touch, and the system prompt', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: CONTRACT_TREE });
    await using home = await createTempWorkspace();
    const result = await runCli(['context', '--touch', 'packages/api/src/x.ts', '--touch', 'packages/api/src/y.ts', '--json', '--cwd', workspace.root], { env: await envFor(home) });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const document = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['version', 'guidance', 'scoped', 'manifest', 'reminders', 'systemPrompt']);
    expect(document).toMatchObject({
      version: 1,
      guidance: [{ path: 'AGENTS.md', bytes: 8 }],
      scoped: [],
      manifest: [{ path: 'packages/api/AGENTS.md', dir: 'packages/api', label: 'API rules' }],
    });
    const reminders = document.reminders as { trigger: string; paths: string[]; bytes: number; text: string }[];
    expect(reminders).toHaveLength(1);
    expect(Object.keys(reminders[0]!)).toEqual(['trigger', 'paths', 'bytes', 'text']);
    expect(reminders[0]).toMatchObject({ trigger: 'packages/api/src/x.ts', paths: ['packages/api/AGENTS.md'] });
    expect(reminders[0]!.text).toMatch(/^<system-reminder>\n[\s\S]*Use zod\.\n<\/system-reminder>$/);
    expect(reminders[0]!.bytes).toBe(Buffer.byteLength(reminders[0]!.text));
    const prompt = document.systemPrompt as string;
    expect(prompt.startsWith(PLAIN_SYSTEM_PROMPT)).toBe(true);
    expect(prompt).toContain('## Guidance: AGENTS.md\n\n# Rules');
    expect(prompt).toContain('- packages/api/AGENTS.md (for packages/api/): API rules');
    expect(prompt).not.toContain('Use zod.');
  });

  it('prints exactly the plain system prompt for a workspace without any context', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: { 'src/a.ts': 'export {};\n' } });
    await using home = await createTempWorkspace();
    const result = await runCli(['context', '--json', '--cwd', workspace.root], { env: await envFor(home) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ version: 1, guidance: [], scoped: [], manifest: [], reminders: [], systemPrompt: PLAIN_SYSTEM_PROMPT });
  });

  it('walks guidance from the git root above --cwd, with the user file first, and resolves --agent context', async () => {
    await using repo = await createTempWorkspace({
      git: true,
      files: {
        'AGENTS.md': 'repo rules\n',
        'packages/AGENTS.md': 'packages rules\n',
        'packages/api/AGENTS.md': 'api rules\n',
        'packages/api/.brass-agent/agents/reviewer.md': '---\ncontext:\n  paths: ["docs/${agent}.md"]\n---\n',
        'packages/api/docs/reviewer.md': 'review checklist\n',
      },
    });
    await using home = await createTempWorkspace({ files: { '.config/brass-agent/AGENTS.md': 'my own rules\n' } });
    const result = await runCli(['context', '--agent', 'reviewer', '--json', '--cwd', repo.path('packages/api')], { env: await envFor(home) });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { guidance: { path: string }[]; scoped: unknown[]; systemPrompt: string };
    expect(document.guidance.map((file) => file.path)).toEqual(['~/.config/brass-agent/AGENTS.md', '../../AGENTS.md', '../AGENTS.md', 'AGENTS.md']);
    expect(document.scoped).toEqual([{ path: 'docs/reviewer.md', layer: 'agent' }]);
    expect(document.systemPrompt).toContain('review checklist');
  });

  it('shows what is loaded and why in human output, warnings on stderr, no colour off a TTY', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: { ...CONTRACT_TREE, '.brass-agent/rules/style.md': '---\nalwaysApply: true\ndescription: Style\n---\nTabs.\n' } });
    makeFifo(workspace.path('pipe/AGENTS.md'));
    await using home = await createTempWorkspace();
    const result = await runCli(['context', '--touch', 'packages/api/src/x.ts', '--cwd', workspace.root], { env: await envFor(home) });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(ESCAPE);
    expect(result.stdout).toContain('project root . (found .git here)');
    expect(result.stdout).toContain('guidance: 1 file(s), 8 bytes, most general first');
    expect(result.stdout).toContain('  AGENTS.md  8 bytes  the workspace root');
    expect(result.stdout).toContain('always-applied rules: 1');
    expect(result.stdout).toContain('  packages/api/AGENTS.md  for packages/api/  API rules');
    expect(result.stdout).toMatch(/ {2}packages\/api\/src\/x\.ts -> packages\/api\/AGENTS\.md \(\d+ bytes appended\)/);
    expect(result.stderr).toContain('warning: pipe/AGENTS.md: skipped: it is not a regular file (fifo)');
  });

  const badUsage: [name: string, args: string[], message: RegExp][] = [
    ['an unknown agent', ['--agent', 'ghost'], /agent ghost is not defined/],
    ['an agent name that is a path', ['--agent', '../../etc/x'], /--agent: "..\/..\/etc\/x": expected a name/],
    ['--flow without --step', ['--flow', 'release'], /a flow step needs both --flow ID and --step NAME/],
    ['an unknown flow step', ['--flow', 'release', '--step', 'x'], /flow release is not defined/],
    ['a --touch outside the workspace', ['--touch', '../../etc/passwd'], /--touch: \.\.\/\.\.\/etc\/passwd is outside the workspace/],
  ];
  it.each(badUsage)('exits 2 on %s, with one error line', async (_name, args, message) => {
    await using workspace = await createTempWorkspace();
    await using home = await createTempWorkspace();
    const result = await runCli(['context', ...args, '--cwd', workspace.root], { env: await envFor(home) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toMatch(message);
  });

  it('with --json, a bad input still prints one JSON error document', async () => {
    await using workspace = await createTempWorkspace();
    await using home = await createTempWorkspace();
    const result = await runCli(['context', '--agent', 'ghost', '--json', '--cwd', workspace.root], { env: await envFor(home) });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ version: 1, error: { code: 'invalid-input', message: expect.stringContaining('agent ghost is not defined') } });
  });

  it('ignores an untrusted workspace config that would read other files as guidance', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: { '.brass-agent.json': '{ "guidance": { "fileNames": ["AGENTS.md", "config.json"] } }', 'AGENTS.md': 'ok\n' } });
    await using home = await createTempWorkspace({ files: { '.config/brass-agent/config.json': '{ "approval": "ask" }\n' } });
    const result = await runCli(['context', '--json', '--cwd', workspace.root], { env: await envFor(home) });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('ignored guidance.fileNames');
    expect(JSON.parse(result.stdout).guidance).toEqual([{ path: 'AGENTS.md', bytes: 3 }]);
  });
});
