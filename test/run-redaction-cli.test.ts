import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgentWorkspace } from './support/agent-workspace.js';
import { FakeRandom, fakeSecret } from './support/fake-secrets.js';
import { runCli } from './support/run-cli.js';
import { type ScriptedTurn, startScriptedLlmServer } from './support/scripted-llm-server.js';

// Issue 15, item 14: a diff shows the lines around a change, and they may hold secrets.

const TIMEOUT_MS = 60_000;
const random = new FakeRandom(1514);
const TOKEN = fakeSecret(random, 'github-classic').value;
const PASSWORD = fakeSecret(random, 'password').value;
const ENV_FILE = `API_URL=https://api.internal\nGITHUB_TOKEN=${TOKEN}\nDB_PASSWORD=${PASSWORD}\nPORT=3000\n`;

/** The model changes one line of `.env`: its neighbours are the diff's context. */
const EDIT_ENV_SCRIPT: readonly ScriptedTurn[] = [
  { text: 'Changing the port.', toolCalls: [{ name: 'edit_file', arguments: { path: '.env', old_string: 'PORT=3000', new_string: 'PORT=4000' } }] },
  { text: 'Done.' },
];

function expectNoSecret(text: string, where: string): void {
  expect(text.includes(TOKEN) || text.includes(PASSWORD), `${where} holds a secret`).toBe(false);
}

describe('diffs are redacted (issue 15, item 14)', () => {
  it('on stdout, in --json, in --protocol-json and in every --save-run file; only --patch-file keeps the real bytes, and says so', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace({ '.env': ENV_FILE });
    const server = await startScriptedLlmServer({ script: (_request, index) => EDIT_ENV_SCRIPT[index % EDIT_ENV_SCRIPT.length]! });
    try {
      const human = await runCli(['run', 'use port 4000', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(human.code).toBe(0);
      expect(human.stdout).toMatch(/^\+PORT=4000$/m);
      expect(human.stdout).toMatch(/^ GITHUB_TOKEN=\[REDACTED:github-token\]$/m);
      expectNoSecret(human.stdout + human.stderr, 'the human output');

      const json = await runCli(['run', 'use port 4000', '--no-run', '--json', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(json.code).toBe(0);
      expect((JSON.parse(json.stdout) as { diff: string }).diff).toMatch(/^ DB_PASSWORD=\[REDACTED:password\]$/m);
      expectNoSecret(json.stdout, '--json');

      const recorded = await runCli(['run', 'use port 4000', '--no-run', '--protocol-json', '--save-run', 'runs', '--patch-file', 'review.diff', '--cwd', agent.workspace.root], {
        env: agent.env(server),
        cwd: agent.home.root,
        timeoutMs: TIMEOUT_MS,
      });
      expect(recorded.code).toBe(0);
      const events = recorded.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; diff?: string });
      expect(events.find((event) => event.type === 'patch.proposed')?.diff).toMatch(/^\+PORT=4000$/m);
      expectNoSecret(recorded.stdout, '--protocol-json');
      const [runFolder] = fs.readdirSync(agent.home.path('runs'));
      const folder = agent.home.path(path.join('runs', runFolder!));
      expect(fs.readdirSync(folder)).toEqual(expect.arrayContaining(['events.jsonl', 'patch.diff', 'result.json']));
      for (const file of fs.readdirSync(folder)) expectNoSecret(fs.readFileSync(path.join(folder, file), 'utf8'), `--save-run ${file}`);

      // The file a person asked for, to `git apply` or --apply-patch-file: the real change, with a warning.
      const review = fs.readFileSync(agent.home.path('review.diff'), 'utf8');
      expect(review).toContain(`GITHUB_TOKEN=${TOKEN}`);
      expect(recorded.stderr).toMatch(/warning: review\.diff holds secrets unredacted/);
      expectNoSecret(recorded.stderr, 'stderr');
      expect(fs.readFileSync(agent.workspace.path('.env'), 'utf8')).toBe(ENV_FILE);
    } finally {
      await server.close();
    }
  });
});

describe('a secret-shaped file name (issue 15, item 16)', () => {
  const NAME_TOKEN = fakeSecret(new FakeRandom(1516), 'github-classic').value;
  const FILE = `notes/${NAME_TOKEN}.md`;

  it('is redacted in run\'s discovery progress line, the discovery.completed event and discover --json', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace({ [FILE]: '# rotation notes\n' });
    const server = await startScriptedLlmServer({ script: [{ text: 'Nothing to change.' }] });
    try {
      const goal = `summarise ${FILE}`;
      const human = await runCli(['run', goal, '--no-run', '--mode', 'read-only', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(human.code).toBe(0);
      expect(human.stderr).toMatch(/^discovery: read notes\/\[REDACTED:github-token\]\.md \(direct\)/m);
      expect(human.stdout + human.stderr).not.toContain(NAME_TOKEN);

      const events = await runCli(['run', goal, '--no-run', '--mode', 'read-only', '--protocol-json', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      const discovery = events.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; files?: { path: string }[] }).find((event) => event.type === 'discovery.completed');
      expect(discovery?.files).toEqual([{ path: 'notes/[REDACTED:github-token].md', reason: 'direct' }]);
      expect(events.stdout).not.toContain(NAME_TOKEN);

      const discover = await runCli(['discover', goal, '--no-run', '--json', '--cwd', agent.workspace.root], { env: agent.env(), timeoutMs: TIMEOUT_MS });
      expect(discover.code).toBe(0);
      expect(discover.stdout).not.toContain(NAME_TOKEN);
      expect(discover.stdout).toContain('notes/[REDACTED:github-token].md');
    } finally {
      await server.close();
    }
  });

  it('is redacted in every event, progress line and document of run, whichever field names it', { timeout: TIMEOUT_MS }, async () => {
    await using agent = await createAgentWorkspace();
    const script: readonly ScriptedTurn[] = [{ text: 'Writing notes.', toolCalls: [{ name: 'write_file', arguments: { path: FILE, content: 'notes\n' } }] }, { text: 'Done.' }];
    const server = await startScriptedLlmServer({ script: (_request, index) => script[index % script.length]! });
    try {
      const human = await runCli(['run', 'write notes', '--no-run', '--cwd', agent.workspace.root], { env: agent.env(server), timeoutMs: TIMEOUT_MS });
      expect(human.code).toBe(0);
      expect(human.stderr).toContain('patch: notes/[REDACTED:github-token].md (new, +1 −0)');
      expect(human.stdout + human.stderr).not.toContain(NAME_TOKEN);
      for (const format of ['--json', '--protocol-json']) {
        const result = await runCli(['run', 'write notes', '--no-run', format, '--save-run', 'runs', '--cwd', agent.workspace.root], { env: agent.env(server), cwd: agent.home.root, timeoutMs: TIMEOUT_MS });
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('notes/[REDACTED:github-token].md');
        expect(result.stdout + result.stderr).not.toContain(NAME_TOKEN);
      }
      for (const folder of fs.readdirSync(agent.home.path('runs'))) {
        for (const file of fs.readdirSync(agent.home.path(path.join('runs', folder)))) expect(fs.readFileSync(agent.home.path(path.join('runs', folder, file)), 'utf8')).not.toContain(NAME_TOKEN);
      }
    } finally {
      await server.close();
    }
  });
});
