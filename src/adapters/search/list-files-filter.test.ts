import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/index.js';
import type { ListRequest } from '../../core/index.js';
import { makeFifo, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { findRipgrep } from './find-ripgrep.js';
import { listFiles } from './list-files.js';
import { RIPGREP_SELECTION_FLAGS } from './ripgrep-args.js';

// Issue 21: the name filter, depth limit and walk budget of a listing (the nested-context walk).

const NAMES = ['AGENTS.md', 'CLAUDE.md'];
const IGNORED_FILES = 40;

// Root and nested ignore files, a negation, a directory-only rule, an anchored rule,
// a context file ignored by name, a hidden directory and a directory named AGENTS.md.
const FILES: Record<string, string> = {
  '.gitignore': 'generated/\n/top/AGENTS.md\n*.tmp\n',
  'AGENTS.md': '',
  'a/AGENTS.md': '',
  'a/b/CLAUDE.md': '',
  'a/b/c/AGENTS.md': '',
  'a/b/c/d/AGENTS.md': '',
  'a/x.ts': '',
  'top/AGENTS.md': '',
  'top/sub/AGENTS.md': '',
  'pkg/.gitignore': 'AGENTS.md\n!keep/\n',
  'pkg/AGENTS.md': '',
  'pkg/keep/CLAUDE.md': '',
  'pkg/inner/.ignore': '!AGENTS.md\n',
  'pkg/inner/AGENTS.md': '',
  'odd/AGENTS.md/CLAUDE.md': '',
  'odd/AGENTS.md.bak': '',
  'odd/agents.md': '',
  '.hidden/AGENTS.md': '',
  'node_modules/pkg/AGENTS.md': '',
  'dist/AGENTS.md': '',
};

let workspace: TempWorkspace;
let rgPath: string;

beforeAll(async () => {
  workspace = await createTempWorkspace({ git: true, files: FILES });
  for (let index = 0; index < IGNORED_FILES; index += 1) workspace.write(`generated/g${index}/AGENTS.md`, '');
  const ripgrep = await findRipgrep({});
  if (ripgrep === null) throw new Error('the bundled ripgrep is missing: reinstall @vscode/ripgrep');
  rgPath = ripgrep.path;
});

afterAll(async () => {
  await workspace.dispose();
});

function list(options: Partial<ListRequest> = {}) {
  return listFiles({ path: workspace.root, root: workspace.root, recursive: true, maxEntries: 10_000, isContained: () => true, ...options });
}

const baseName = (entryPath: string) => entryPath.slice(entryPath.lastIndexOf('/') + 1);

function ripgrepFiles(): string[] {
  const result = spawnSync(rgPath, ['--files', '--sort=path', ...RIPGREP_SELECTION_FLAGS, '.'], { cwd: workspace.root, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter((line) => line.length > 0).map((line) => line.replace(/^\.\//, ''));
}

describe('listFiles with names', () => {
  it('lists the files ripgrep selects that have one of the names, in the same order', async () => {
    const { entries } = await list({ names: NAMES, skipDirs: [] });
    const expected = ripgrepFiles().filter((file) => NAMES.includes(baseName(file)));
    expect(entries.filter((entry) => entry.kind === 'file').map((entry) => entry.path)).toEqual(expected);
    expect(expected).toEqual([
      'AGENTS.md',
      'a/AGENTS.md',
      'a/b/CLAUDE.md',
      'a/b/c/AGENTS.md',
      'a/b/c/d/AGENTS.md',
      'dist/AGENTS.md',
      'node_modules/pkg/AGENTS.md',
      'odd/AGENTS.md/CLAUDE.md',
      'pkg/inner/AGENTS.md',
      'pkg/keep/CLAUDE.md',
      'top/sub/AGENTS.md',
    ]);
  });

  it('is the unfiltered listing with the other names left out: a directory with the name too', async () => {
    const filtered = await list({ names: NAMES });
    const all = await list();
    expect(filtered.entries).toEqual(all.entries.filter((entry) => NAMES.includes(baseName(entry.path))));
    expect(filtered.entries).toContainEqual({ path: 'odd/AGENTS.md', kind: 'directory' });
    expect(filtered.truncated).toBe(false);
  });

  it('prunes ignored and skipped directories: their files are neither found nor read', async () => {
    const { entries, walkedEntries } = await list({ names: NAMES });
    const paths = entries.map((entry) => entry.path);
    for (const unlisted of ['generated/g0/AGENTS.md', 'top/AGENTS.md', 'pkg/AGENTS.md', '.hidden/AGENTS.md', 'node_modules/pkg/AGENTS.md', 'dist/AGENTS.md']) expect(paths).not.toContain(unlisted);
    // The 40 directories under generated/ were never opened.
    expect(walkedEntries).toBeLessThan(IGNORED_FILES);
  });

  it('lists a symlink with a matching name as a symlink and never follows a symlinked directory', async () => {
    await using linked = await createTempWorkspace({ files: { 'real/AGENTS.md': '', 'docs/rules.md': '' } });
    makeSymlink(linked.path('alias'), 'real');
    makeSymlink(linked.path('linked/AGENTS.md'), '../docs/rules.md');
    makeFifo(linked.path('pipe/CLAUDE.md'));
    const { entries } = await listFiles({ path: linked.root, root: linked.root, recursive: true, names: NAMES, isContained: () => true });
    expect(entries).toEqual([
      { path: 'linked/AGENTS.md', kind: 'symlink' },
      { path: 'pipe/CLAUDE.md', kind: 'fifo' },
      { path: 'real/AGENTS.md', kind: 'file' },
    ]);
  });

  it('honours maxDepth, counted from the listed directory, with and without names', async () => {
    const depths = async (maxDepth: number, options: Partial<ListRequest> = {}) => (await list({ maxDepth, ...options })).entries.map((entry) => entry.path);
    expect(await depths(1, { names: NAMES })).toEqual(['AGENTS.md']);
    expect(await depths(3, { names: NAMES })).toEqual(['AGENTS.md', 'a/AGENTS.md', 'a/b/CLAUDE.md', 'odd/AGENTS.md', 'odd/AGENTS.md/CLAUDE.md', 'pkg/inner/AGENTS.md', 'pkg/keep/CLAUDE.md', 'top/sub/AGENTS.md']);
    expect(await depths(2)).toEqual((await list()).entries.map((entry) => entry.path).filter((entryPath) => entryPath.split('/').length <= 2));
    const below = await listFiles({ path: workspace.path('a'), root: workspace.root, recursive: true, maxDepth: 2, names: NAMES, isContained: () => true });
    expect(below.entries.map((entry) => entry.path)).toEqual(['a/AGENTS.md', 'a/b/CLAUDE.md']);
  });

  it('stops entering directories past maxWalkedEntries and says the listing is cut', async () => {
    const whole = await list({ names: NAMES });
    const cut = await list({ names: NAMES, maxWalkedEntries: 12 });
    expect(cut.truncated).toBe(true);
    expect(cut.walkedEntries).toBeGreaterThanOrEqual(12);
    expect(cut.walkedEntries).toBeLessThan(whole.walkedEntries!);
    expect(whole.entries.slice(0, cut.entries.length)).toEqual(cut.entries);
  });

  it.each([
    ['no name', { names: [] }, 'names: must list at least one file name (leave it out to list every entry)'],
    ['an empty name', { names: ['AGENTS.md', ''] }, 'names[1]: must be a non-empty file name'],
    ['a path', { names: ['docs/AGENTS.md'] }, 'names[0]: "docs/AGENTS.md" contains a path separator: give a file name such as AGENTS.md, matched at any depth'],
    ['a backslash', { names: ['docs\\AGENTS.md'] }, 'names[0]: "docs\\\\AGENTS.md" contains a path separator: give a file name such as AGENTS.md, matched at any depth'],
    ['a parent reference', { names: ['..'] }, 'names[0]: ".." is not a file name'],
    ['a NUL byte', { names: ['AGENTS.md\0'] }, 'names[0]: contains a NUL byte'],
    ['too many names', { names: Array.from({ length: 257 }, (_unused, index) => `f${index}.md`) }, 'names: at most 256 names (got 257)'],
    ['a depth of 0', { maxDepth: 0 }, 'maxDepth: must be a positive integer (got 0)'],
    ['a fractional walk budget', { maxWalkedEntries: 1.5 }, 'maxWalkedEntries: must be a positive integer (got 1.5)'],
  ])('rejects %s with a clear error', async (_case, options, message) => {
    const failure = await list(options).then(
      () => null,
      (error: unknown) => error,
    );
    expect(InvalidInputError.isInstance(failure) && failure.message).toBe(message);
  });
});
