import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMcpServer, textOf } from './support/mcp-client.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 21: the MCP server keeps git's config and HEAD answers and the
// ripgrep engine's ignore-file pass between discover_context calls. None of
// it may hide a change: each step changes the repository between two calls
// on the same server, with every file stamped an hour back first, so only
// the stamps (not the racy window) can tell the change.

const TREE = {
  'package.json': JSON.stringify({ name: 'git-fixture' }),
  'src/ledger.ts': 'export function postLedgerEntry(amount: number): number {\n  return amount;\n}\n',
  'src/session.ts': 'export function openSession(id: string): string {\n  return id;\n}\n',
  'src/walrus.ts': 'export const walrusFeedingTimetable = ["noon"];\n',
};

function ageTree(directory: string): void {
  const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) ageTree(full);
    if (entry.isDirectory() || entry.isFile()) fs.utimesSync(full, anHourAgo, anHourAgo);
  }
  fs.utimesSync(directory, anHourAgo, anHourAgo);
}

function git(workspace: TempWorkspace, ...args: string[]): void {
  execFileSync('git', args, { cwd: workspace.root, stdio: 'ignore', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid' } });
}

interface Listed {
  files: { path: string; why: string[] }[];
}

/** The files of a discover_context answer with their reasons. */
const listedOf = (text: string): Listed => JSON.parse(text.slice(text.indexOf('\n\n{') + 2, text.indexOf('\n\n==> ') === -1 ? undefined : text.indexOf('\n\n==> '))) as Listed;
const whyOf = (listed: Listed, file: string): string => listed.files.find((entry) => entry.path === file)?.why.join(' / ') ?? '';

describe('brass-agent mcp discover_context sees git changes between calls (issue 21)', () => {
  it('reflects a new commit, a changed file, a new .gitignore and a changed git config in the next call', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: TREE });
    await using home = await createTempWorkspace();
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '-m', 'Initial import');
    ageTree(workspace.root);
    await using server = await startMcpServer(workspace, home);
    const call = async (goal: string) => listedOf(textOf(await server.call('discover_context', { goal })));
    const goal = 'the pelican migration in openSession is wrong';
    expect(whyOf(await call(goal), 'src/session.ts')).not.toMatch(/past commit/);

    // A new commit moves HEAD: the history read again says which commit touched the file.
    workspace.write('src/session.ts', 'export function openSession(id: string): string {\n  return id.trim();\n}\n');
    git(workspace, 'commit', '-q', '-am', 'Pelican migration: trim the session id');
    ageTree(workspace.root);
    expect(whyOf(await call(goal), 'src/session.ts')).toMatch(/past commit about pelican/);

    // A changed file (same size, so git must hash it) is changed in the working tree.
    expect(whyOf(await call(goal), 'src/ledger.ts')).not.toMatch(/changed in the git working tree/);
    workspace.write('src/ledger.ts', TREE['src/ledger.ts'].replace('return amount', 'return AMOUNT'));
    ageTree(workspace.root);
    expect(whyOf(await call(goal), 'src/ledger.ts')).toMatch(/changed in the git working tree/);

    // A required clean filter in the config: known again, it is switched off, so git status still answers.
    workspace.write('.gitattributes', '*.ts filter=pelican\n');
    git(workspace, 'config', 'filter.pelican.clean', 'false');
    git(workspace, 'config', 'filter.pelican.required', 'true');
    ageTree(workspace.root);
    expect(whyOf(await call(goal), 'src/ledger.ts')).toMatch(/changed in the git working tree/);

    // A new .gitignore takes a file out of the goal ranking's listing.
    const walrusGoal = 'walrusFeedingTimetable is empty';
    expect(whyOf(await call(walrusGoal), 'src/walrus.ts')).toMatch(/matches the goal/);
    workspace.write('.gitignore', 'src/walrus.ts\n');
    ageTree(workspace.root);
    expect(whyOf(await call(walrusGoal), 'src/walrus.ts')).not.toMatch(/matches the goal/);
  });
});
