import { describe, it } from 'vitest';
import { FakeRandom, fakeSecret } from './support/fake-secrets.js';
import { runCli } from './support/run-cli.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 10: `read` redacts secrets by default; `--no-redact` shows the file
// the user named as it is. The CLI runs as a child process on real files.

/** An environment whose user config lives in the test's own temp dir. */
function envFor(workspace: TempWorkspace, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, XDG_CONFIG_HOME: workspace.path('.test-xdg'), NO_COLOR: undefined, FORCE_COLOR: undefined, ...extra };
}

interface ReadDocument {
  content: string;
  redacted: boolean;
  redactions: { kind: string; line: number }[];
}

const random = new FakeRandom(10);
const githubToken = fakeSecret(random, 'github-classic').value;
const password = fakeSecret(random, 'password').value;
const FILE_TEXT = `# deploy settings\nGITHUB_TOKEN=${githubToken}\nDB_HOST=db.internal\nDB_PASSWORD=${password}\n`;

// Each test has its own workspace and child processes, so they run concurrently (with the test's own expect).
describe.concurrent('brass-agent read redaction (issue 10)', () => {
  it('redacts secrets in --json content and lists what it redacted, by kind and line', async ({ expect }) => {
    await using workspace = await createTempWorkspace({ files: { '.env.production': FILE_TEXT } });
    const result = await runCli(['read', '.env.production', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as ReadDocument;
    expect(document.content).toBe('# deploy settings\nGITHUB_TOKEN=[REDACTED:github-token]\nDB_HOST=db.internal\nDB_PASSWORD=[REDACTED:password]\n');
    expect(document).toMatchObject({ redacted: true, redactions: [{ kind: 'github-token', line: 2 }, { kind: 'password', line: 4 }] });
    expect(result.stdout + result.stderr).not.toContain(githubToken);
  });

  it('prints redacted text and says on stderr how to see the secrets', async ({ expect }) => {
    await using workspace = await createTempWorkspace({ files: { '.env.production': FILE_TEXT } });
    const result = await runCli(['read', '.env.production', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('GITHUB_TOKEN=[REDACTED:github-token]\n');
    expect(result.stdout).not.toContain(password);
    expect(result.stderr).toContain('.env.production: redacted 2 secrets (github-token on line 2, password on line 4); pass --no-redact to show them');
  });

  it('shows the file as it is with --no-redact', async ({ expect }) => {
    await using workspace = await createTempWorkspace({ files: { '.env.production': FILE_TEXT } });
    const json = await runCli(['read', '.env.production', '--no-redact', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(JSON.parse(json.stdout)).toMatchObject({ content: FILE_TEXT, redacted: false, redactions: [] });
    const human = await runCli(['read', '.env.production', '--no-redact', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(human).toMatchObject({ code: 0, stdout: FILE_TEXT });
    expect(human.stderr).not.toContain('redacted');
  });

  it('redacts the value of a secret-looking variable of its own environment wherever it appears', async ({ expect }) => {
    const value = random.chars('abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789', 28);
    await using workspace = await createTempWorkspace({ files: { 'build.log': `step 3: uploading as ${value}\ndone\n` } });
    const result = await runCli(['read', 'build.log', '--json', '--cwd', workspace.root], { env: envFor(workspace, { ACME_DEPLOY_TOKEN: value }) });
    expect((JSON.parse(result.stdout) as ReadDocument).content).toBe('step 3: uploading as [REDACTED:env:ACME_DEPLOY_TOKEN]\ndone\n');
  });

  it('applies workspace patterns, but an untrusted workspace cannot turn redaction off', async ({ expect }) => {
    const custom = `acme_${random.chars('abcdefghijklmnopqrstuvwxyz0123456789', 32)}`;
    await using workspace = await createTempWorkspace({
      files: {
        '.brass-agent.json': JSON.stringify({ redaction: { enabled: false, additionalPatterns: ['acme_[a-z0-9]{32}'] } }),
        'notes.txt': `internal ${custom}\nGITHUB_TOKEN=${githubToken}\n`,
      },
    });
    const result = await runCli(['read', 'notes.txt', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect((JSON.parse(result.stdout) as ReadDocument).content).toBe('internal [REDACTED:custom]\nGITHUB_TOKEN=[REDACTED:github-token]\n');
  });

  it('turns redaction off when the user config says so', async ({ expect }) => {
    await using workspace = await createTempWorkspace({ files: { '.env.production': FILE_TEXT } });
    workspace.write('.test-xdg/brass-agent/config.json', JSON.stringify({ redaction: { enabled: false } }));
    const result = await runCli(['read', '.env.production', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(JSON.parse(result.stdout)).toMatchObject({ content: FILE_TEXT, redacted: false });
  });
});

describe('brass-agent context redaction (issue 10)', () => {
  it('redacts secrets from guidance in the system prompt and in reminders', async ({ expect }) => {
    const guidance = `# Rules\nUse the deploy token ${githubToken} for releases.\n`;
    await using workspace = await createTempWorkspace({ git: true, files: { 'AGENTS.md': guidance, 'packages/api/AGENTS.md': guidance, 'packages/api/src/x.ts': 'export {};\n' } });
    const result = await runCli(['context', '--touch', 'packages/api/src/x.ts', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(githubToken);
    const document = JSON.parse(result.stdout) as { systemPrompt: string; reminders: { text: string }[] };
    expect(document.systemPrompt).toContain('[REDACTED:');
    expect(document.reminders[0]?.text).toContain('[REDACTED:');
  });
});
