import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { createPermissionService, createRuntime, type Runtime } from '../../core/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import type { RetrievalIndexCache } from './retrieval/retrieval-index-cache.js';
import { MAX_SUBJECT_CHARS } from './git-history.js';
import { parseGitLog, readGitHistory } from './read-git-history.js';

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.invalid' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], env: GIT_ENV, encoding: 'utf8' });

/** Commits `files` (path → content) with `subject`, at a fixed time `seconds` after 2024-01-01 so the order is the order made. */
function commit(workspace: TempWorkspace, subject: string, files: Record<string, string>, seconds: number) {
  for (const [path, content] of Object.entries(files)) workspace.write(path, content);
  git(workspace.root, 'add', '-A');
  const date = `${1_704_067_200 + seconds} +0000`;
  execFileSync('git', ['commit', '-q', '-m', subject], { cwd: workspace.root, stdio: 'ignore', env: { ...GIT_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
}

/** A runtime per argv that allows exactly that argv, as discovery's command runtime does; `calls` counts them. */
async function runtimeForIn(root: string, limits: { maxShellOutputBytes?: number } = {}) {
  const opened = await openWorkspace({ cwd: root, env: { ...process.env, XDG_CONFIG_HOME: `${root}/.xdg` } });
  const calls: string[][] = [];
  const runtimeFor = (argv: readonly string[]): Runtime => {
    calls.push([...argv]);
    return createRuntime({ services: { ...opened.services, permission: createPermissionService({ allowedCommands: [argv] }) }, scope: opened.scope, limits });
  };
  return { runtimeFor, calls };
}

function memoryCache(): Pick<RetrievalIndexCache, 'load' | 'save'> & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return { entries, load: async (key) => entries.get(key) ?? null, save: async (key, value) => void entries.set(key, JSON.parse(JSON.stringify(value))) };
}

describe('readGitHistory', () => {
  it('reads the commits from HEAD back, newest first, with subjects and files, merges left out', async () => {
    await using workspace = await createTempWorkspace({ git: true });
    commit(workspace, 'add the parser', { 'src/parse.ts': 'a\n', 'src/index.ts': 'a\n' }, 0);
    commit(workspace, 'fix(parse): empty input throws', { 'src/parse.ts': 'b\n' }, 10);
    commit(workspace, 'docs: readme', { 'README.md': 'x\n' }, 20);
    const { runtimeFor } = await runtimeForIn(workspace.root);
    const history = await readGitHistory({ runtimeFor });
    expect(history).not.toBeNull();
    expect(history!.head).toBe(git(workspace.root, 'rev-parse', 'HEAD').trim());
    expect(history!.commits).toEqual([
      { time: 1_704_067_220, subject: 'docs: readme', files: ['README.md'] },
      { time: 1_704_067_210, subject: 'fix(parse): empty input throws', files: ['src/parse.ts'] },
      { time: 1_704_067_200, subject: 'add the parser', files: ['src/index.ts', 'src/parse.ts'] },
    ]);
    expect(history!.isCut).toBe(false);
    expect(history!.isShallow).toBe(false);
  });

  it('is bounded: at most maxCommits commits, and says the history was cut', async () => {
    await using workspace = await createTempWorkspace({ git: true });
    for (let index = 0; index < 6; index += 1) commit(workspace, `change ${index}`, { [`src/f${index}.ts`]: `${index}\n` }, index);
    const { runtimeFor } = await runtimeForIn(workspace.root);
    const history = await readGitHistory({ runtimeFor, maxCommits: 4 });
    expect(history!.commits.map((item) => item.subject)).toEqual(['change 5', 'change 4', 'change 3', 'change 2']);
    expect(history!.isCut).toBe(true);
    const whole = await readGitHistory({ runtimeFor, maxCommits: 6 });
    expect(whole!.commits).toHaveLength(6);
    expect(whole!.isCut).toBe(false);
  });

  it('is null without a history: not a repository, no commit yet, git denied', async () => {
    await using plain = await createTempWorkspace({ files: { 'a.ts': 'a\n' } });
    expect(await readGitHistory({ runtimeFor: (await runtimeForIn(plain.root)).runtimeFor })).toBeNull();
    await using empty = await createTempWorkspace({ git: true, files: { 'a.ts': 'a\n' } });
    expect(await readGitHistory({ runtimeFor: (await runtimeForIn(empty.root)).runtimeFor })).toBeNull();
    commit(empty, 'first', {}, 0);
    const opened = await openWorkspace({ cwd: empty.root, env: { ...process.env, XDG_CONFIG_HOME: empty.path('.xdg') } });
    const denying = createRuntime({ services: { ...opened.services, permission: createPermissionService({ allowedCommands: [] }) }, scope: opened.scope });
    expect(await readGitHistory({ runtimeFor: () => denying })).toBeNull();
  });

  it('caches per HEAD: a second run asks git for HEAD only, a new commit reads again', async () => {
    await using workspace = await createTempWorkspace({ git: true });
    commit(workspace, 'one', { 'a.ts': '1\n' }, 0);
    const cache = memoryCache();
    const { runtimeFor, calls } = await runtimeForIn(workspace.root);
    const first = await readGitHistory({ runtimeFor, cache });
    const afterFirst = calls.length;
    expect(await readGitHistory({ runtimeFor, cache })).toEqual(first);
    expect(calls.length - afterFirst).toBe(1);
    commit(workspace, 'two', { 'a.ts': '2\n' }, 10);
    const third = await readGitHistory({ runtimeFor, cache });
    expect(third!.commits.map((item) => item.subject)).toEqual(['two', 'one']);
  });

  it('reads again from git, with a warning, when the cached entry cannot be read; a malformed entry is ignored', async () => {
    await using workspace = await createTempWorkspace({ git: true });
    commit(workspace, 'one', { 'a.ts': '1\n' }, 0);
    const { runtimeFor } = await runtimeForIn(workspace.root);
    const warnings: string[] = [];
    const broken: Pick<RetrievalIndexCache, 'load' | 'save'> = { load: async () => Promise.reject(new Error('unexpected end of JSON')), save: async () => {} };
    expect((await readGitHistory({ runtimeFor, cache: broken, warnings }))!.commits).toHaveLength(1);
    expect(warnings[0]).toMatch(/cached git history could not be read \(unexpected end of JSON\)/);
    const malformed: Pick<RetrievalIndexCache, 'load' | 'save'> = { load: async () => ({ format: 1, head: 'x', paths: 7 }), save: async () => {} };
    expect((await readGitHistory({ runtimeFor, cache: malformed }))!.commits).toHaveLength(1);
  });

  it('says a shallow clone is shallow', async () => {
    await using source = await createTempWorkspace({ git: true });
    commit(source, 'one', { 'a.ts': '1\n' }, 0);
    commit(source, 'two', { 'a.ts': '2\n' }, 10);
    await using target = await createTempWorkspace();
    git(target.root, 'clone', '-q', '--depth', '1', `file://${source.root}`, 'clone');
    const warnings: string[] = [];
    const history = await readGitHistory({ runtimeFor: (await runtimeForIn(target.path('clone'))).runtimeFor, warnings });
    expect(history!.isShallow).toBe(true);
    expect(history!.commits.map((item) => item.subject)).toEqual(['two']);
    expect(warnings).toEqual([expect.stringMatching(/shallow clone: co-change and recency come from its 1 commits only/)]);
  });

  it('gets past a sweep whose file list overflows the output cap, and keeps the commits around it', async () => {
    await using workspace = await createTempWorkspace({ git: true });
    commit(workspace, 'before', { 'src/a.ts': '1\n' }, 0);
    const sweep: Record<string, string> = {};
    for (let index = 0; index < 300; index += 1) sweep[`src/generated/a-rather-long-file-name-${index}.ts`] = `${index}\n`;
    commit(workspace, 'sweep', sweep, 10);
    commit(workspace, 'after', { 'src/a.ts': '2\n' }, 20);
    const { runtimeFor } = await runtimeForIn(workspace.root, { maxShellOutputBytes: 4096 });
    const history = await readGitHistory({ runtimeFor });
    expect(history!.commits.map((item) => item.subject)).toEqual(['after', 'before']);
  });
});

describe('parseGitLog', () => {
  it('parses records, drops paths outside the prefix, cuts long subjects', () => {
    const long = 'x'.repeat(MAX_SUBJECT_CHARS + 50);
    const output = `\u001e100\u001ffix: a\u0000\nsub/a.ts\u0000other/b.ts\u0000\u001e90\u001f${long}\u0000\nsub/c.ts\u0000`;
    expect(parseGitLog(output, 'sub/')).toEqual([
      { time: 100, subject: 'fix: a', files: ['a.ts'] },
      { time: 90, subject: 'x'.repeat(MAX_SUBJECT_CHARS), files: ['c.ts'] },
    ]);
    expect(parseGitLog('', '')).toEqual([]);
    expect(parseGitLog('\u001enot-a-time\u001fs\u0000', '')).toEqual([]);
  });
});
