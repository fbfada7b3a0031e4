import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { setImmediate as onNextTurn } from 'node:timers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { findRipgrep } from './find-ripgrep.js';
import { listFiles } from './list-files.js';
import { createOverrideGlobs } from './override-globs.js';
import { comparePaths } from './path-order.js';
import { RIPGREP_SELECTION_FLAGS } from './ripgrep-args.js';
import { visitFiles, walkFilesSync } from './walk-files.js';

// Names whose code-unit order, code-point order and `/`-aware order differ:
// `a/…` sorts before `a-b` and `a.txt` (the component `a` ends first), `B` before
// `a`, U+FFFD before an astral character (UTF-16 would put the surrogate first).
const FILES: Record<string, string> = {
  '.gitignore': '*.log\n/top-only.txt\nbuilt/\n',
  'a/b/c.txt': '',
  'a/b.txt': '',
  'a-b': '',
  'a.txt': '',
  'a.log': '',
  'B.txt': '',
  'top-only.txt': '',
  'z/\ufffd/x.txt': '',
  'z/😀/x.txt': '',
  'z/é.txt': '',
  'z/top-only.txt': '',
  'z/built/gone.txt': '',
  'nested/.gitignore': '!keep.log\n*.tmp\n/anchored.txt\ndeep/*.txt\n',
  'nested/keep.log': '',
  'nested/other.log': '',
  'nested/x.tmp': '',
  'nested/anchored.txt': '',
  'nested/deep/anchored.txt': '',
  'nested/deep/more/kept.txt': '',
  'nested/deep/kept.md': '',
  'nested/deep/.ignore': '!x.tmp\n',
  'nested/deep/x.tmp': '',
};

let workspace: TempWorkspace;
let rgPath: string;

beforeAll(async () => {
  workspace = await createTempWorkspace({ git: true, files: FILES });
  const ripgrep = await findRipgrep({});
  if (ripgrep === null) throw new Error('the bundled ripgrep is missing: reinstall @vscode/ripgrep');
  rgPath = ripgrep.path;
});

afterAll(async () => {
  await workspace.dispose();
});

function ripgrepFiles(): string[] {
  const result = spawnSync(rgPath, ['--files', '--sort=path', ...RIPGREP_SELECTION_FLAGS, '.'], { cwd: workspace.root, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter((line) => line.length > 0).map((line) => line.replace(/^\.\//, ''));
}

/** Counts the turns the event loop takes (one per setImmediate) until stopped. */
function countTurns(): { readonly count: number; stop(): void } {
  let count = 0;
  let isCounting = true;
  const tick = () => {
    if (!isCounting) return;
    count += 1;
    onNextTurn(tick);
  };
  onNextTurn(tick);
  return {
    get count() {
      return count;
    },
    stop: () => {
      isCounting = false;
    },
  };
}

describe('the per-directory walk', () => {
  it('lists nested trees in rg --sort path order, names sorted by code point', async () => {
    const { entries } = await listFiles({ path: workspace.root, root: workspace.root, recursive: true, isContained: () => true });
    const paths = entries.map((entry) => entry.path);
    expect(paths).toEqual([...paths].sort(comparePaths));
    expect(paths.indexOf('a/b/c.txt')).toBeLessThan(paths.indexOf('a-b'));
    expect(paths.indexOf('z/\ufffd/x.txt')).toBeLessThan(paths.indexOf('z/😀/x.txt'));
    expect(entries.filter((entry) => entry.kind === 'file').map((entry) => entry.path)).toEqual(ripgrepFiles());
  });

  it('applies the rules of nested .gitignore and .ignore files as ripgrep does', async () => {
    const { entries } = await listFiles({ path: workspace.root, root: workspace.root, recursive: true, isContained: () => true });
    const files = entries.filter((entry) => entry.kind === 'file').map((entry) => entry.path);
    expect(files).toEqual(expect.arrayContaining(['z/top-only.txt', 'nested/keep.log', 'nested/deep/more/kept.txt', 'nested/deep/x.tmp']));
    for (const ignored of ['a.log', 'top-only.txt', 'z/built/gone.txt', 'nested/other.log', 'nested/x.tmp', 'nested/anchored.txt', 'nested/deep/anchored.txt']) expect(files).not.toContain(ignored);
  });

  it('lists from a start below the root with the ancestors\u2019 rules, paths still root-relative', async () => {
    const { entries } = await listFiles({ path: workspace.path('nested'), root: workspace.root, recursive: true, isContained: () => true });
    expect(entries.map((entry) => entry.path)).toEqual(['nested/deep', 'nested/deep/kept.md', 'nested/deep/more', 'nested/deep/more/kept.txt', 'nested/deep/x.tmp', 'nested/keep.log']);
  });

  it('yields the same entries as the generator walk', async () => {
    const options = { root: workspace.root, includeHidden: true, overrides: createOverrideGlobs({ globs: [], excludeGlobs: [], skipDirs: ['.git'] }) };
    const visited: string[] = [];
    await visitFiles(options, (path, kind) => {
      visited.push(`${kind} ${path}`);
    });
    expect(visited).toEqual([...walkFilesSync(options)].map((entry) => `${entry.kind} ${entry.path}`));
    expect(visited).toContain('file nested/.gitignore');
  });
});

describe('visitFiles on a large tree', () => {
  let large: TempWorkspace;
  const DIRECTORIES = 60;

  beforeAll(async () => {
    large = await createTempWorkspace();
    for (let index = 0; index < DIRECTORIES; index += 1) {
      fs.mkdirSync(large.path(`d${index}`));
      for (let file = 0; file < 5; file += 1) fs.writeFileSync(large.path(`d${index}/f${file}.txt`), '');
    }
  });

  afterAll(async () => {
    await large.dispose();
  });

  it('gives the event loop turns between directories when the slice is used up', async () => {
    const turns = countTurns();
    const paths: string[] = [];
    // A slice of 0 ms is used up at every directory: each one is a turn of the event loop.
    await visitFiles({ root: large.root, _internal: { sliceMs: 0 } }, (path) => {
      paths.push(path);
    });
    turns.stop();
    expect(turns.count).toBeGreaterThanOrEqual(DIRECTORIES - 1);
    expect(paths).toHaveLength(DIRECTORIES * 6);
    expect(paths).toEqual([...paths].sort(comparePaths));
  });

  it('stops with the abort reason when the signal fires between slices', async () => {
    const controller = new AbortController();
    const reason = new Error('stop now');
    onNextTurn(() => controller.abort(reason));
    let visited = 0;
    const walk = visitFiles({ root: large.root, signal: controller.signal, _internal: { sliceMs: 0 } }, () => {
      visited += 1;
    });
    await expect(walk).rejects.toBe(reason);
    expect(visited).toBeLessThan(DIRECTORIES * 6);
  });

  it('gives the event loop turns within one large directory too', async () => {
    await using flat = await createTempWorkspace();
    for (let file = 0; file < 2_500; file += 1) fs.writeFileSync(flat.path(`f${file}`), '');
    const turns = countTurns();
    let visited = 0;
    await visitFiles({ root: flat.root, _internal: { sliceMs: 0 } }, () => {
      visited += 1;
    });
    turns.stop();
    expect(visited).toBe(2_500);
    expect(turns.count).toBeGreaterThanOrEqual(2);
  });

  it('stops when the visitor returns false, opening no further directory', async () => {
    const opened: string[] = [];
    const paths: string[] = [];
    await visitFiles({ root: large.root, onDirectory: (directory) => opened.push(directory) }, (path) => {
      paths.push(path);
      return paths.length < 3;
    });
    expect(paths).toEqual(['d0', 'd0/f0.txt', 'd0/f1.txt']);
    expect(opened).toEqual([large.root, large.path('d0')]);
  });
});
