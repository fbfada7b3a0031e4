import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SKIP_DIRS, InvalidInputError } from '../../core/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { findRipgrep } from './find-ripgrep.js';
import { createOverrideGlobs } from './override-globs.js';
import { RIPGREP_SELECTION_FLAGS } from './ripgrep-args.js';
import { walkFiles } from './walk-files.js';
import type { WalkFilesOptions } from './walk-files.js';

const FILES: Record<string, string> = {
  '.gitignore': '*.log\n/build-output/\n!keep.log\ntmp*/\n# a comment\n\\#literal.txt\n',
  '#literal.txt': 'x',
  'a.txt': 'x',
  'a/b/c.txt': 'x',
  'a.log': 'x',
  'keep.log': 'x',
  'sub/.gitignore': '!x.log\nsecret.txt\n',
  'sub/x.log': 'x',
  'sub/secret.txt': 'x',
  'sub/nested/secret.txt': 'x',
  'other/.rgignore': '!*.log\n',
  'other/o.log': 'x',
  '.ignore': 'by-dot-ignore.txt\n',
  'by-dot-ignore.txt': 'x',
  '.hidden/h.txt': 'x',
  '.env': 'x',
  'build-output/o.txt': 'x',
  'deep/build-output/o2.txt': 'x',
  'tmpdir/t.txt': 'x',
  'node_modules/pkg/index.js': 'x',
  'src/node_modules/x.js': 'x',
  'dist/d.js': 'x',
  'data/node_modules': 'a file, not a directory',
  'src/a.ts': 'x',
  'src/b.test.ts': 'x',
  'src/deep/c.ts': 'x',
  'docs/readme.md': 'x',
  'sp ace/co:lon.txt': 'x',
  'ünï/ç.txt': 'x',
  'a.b/z.txt': 'x',
  'a-b': 'x',
};

let workspace: TempWorkspace;
let rgPath: string;

beforeAll(async () => {
  workspace = await createTempWorkspace({ git: true, files: FILES });
  fs.writeFileSync(workspace.path('.git/info/exclude'), 'excluded.txt\n');
  workspace.write('excluded.txt', 'x');
  fs.symlinkSync('a.txt', workspace.path('link-to-file'));
  fs.symlinkSync('a', workspace.path('link-to-dir'));
  const ripgrep = await findRipgrep({});
  if (ripgrep === null) throw new Error('the bundled ripgrep is missing: reinstall @vscode/ripgrep');
  rgPath = ripgrep.path;
});

afterAll(async () => {
  await workspace.dispose();
});

async function walkedFiles(options: Partial<WalkFilesOptions> = {}): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of walkFiles({ root: workspace.root, ...options })) if (entry.kind === 'file') files.push(entry.path);
  return files;
}

function ripgrepFiles(globLines: readonly string[]): string[] {
  const result = spawnSync(rgPath, ['--files', '--sort=path', ...RIPGREP_SELECTION_FLAGS, ...globLines.map((line) => `--glob=${line}`), '.'], {
    cwd: workspace.root,
    encoding: 'utf8',
  });
  expect(result.status === 0 || result.status === 1, result.stderr).toBe(true);
  return result.stdout.split('\n').filter((line) => line.length > 0).map((line) => line.replace(/^\.\//, ''));
}

describe('walkFiles selects the same files, in the same order, as rg --files --sort=path', () => {
  const SELECTIONS: ReadonlyArray<[name: string, globs: string[], excludeGlobs: string[], skipDirs: readonly string[]]> = [
    ['defaults', [], [], DEFAULT_SKIP_DIRS],
    ['include *.ts', ['*.ts'], [], DEFAULT_SKIP_DIRS],
    ['include src/**', ['src/**'], [], DEFAULT_SKIP_DIRS],
    ['include *.{ts,md} minus tests', ['*.{ts,md}'], ['*.test.ts'], DEFAULT_SKIP_DIRS],
    ['exclude a directory', [], ['src/'], DEFAULT_SKIP_DIRS],
    ['include a hidden file by name', ['.env'], [], DEFAULT_SKIP_DIRS],
    ['include what .gitignore ignores', ['*.log'], [], DEFAULT_SKIP_DIRS],
    ['no skipped directories', [], [], []],
    ['anchored include', ['/a.txt'], [], DEFAULT_SKIP_DIRS],
    ['include inside any deep/', ['**/deep/**'], [], DEFAULT_SKIP_DIRS],
    ['include matching only a directory', ['a'], [], DEFAULT_SKIP_DIRS],
    ['include inside a hidden directory', ['.hidden/**'], [], DEFAULT_SKIP_DIRS],
    ['non-ASCII and odd names', ['ç.txt', 'co:lon.txt'], [], DEFAULT_SKIP_DIRS],
  ];

  it.each(SELECTIONS)('%s', async (_name, globs, excludeGlobs, skipDirs) => {
    const overrides = createOverrideGlobs({ globs, excludeGlobs, skipDirs });
    const walked = await walkedFiles({ overrides });
    expect(walked).toEqual(ripgrepFiles(overrides.lines));
  });

  it('the defaults leave out ignored, hidden and skipped entries and symlinks', async () => {
    const walked = await walkedFiles();
    expect(walked).toContain('keep.log');
    expect(walked).toContain('sub/x.log');
    expect(walked).toContain('other/o.log');
    expect(walked).toContain('deep/build-output/o2.txt');
    expect(walked).toContain('data/node_modules');
    for (const left of ['#literal.txt', 'a.log', 'sub/secret.txt', 'sub/nested/secret.txt', 'by-dot-ignore.txt', '.env', '.hidden/h.txt', 'build-output/o.txt', 'tmpdir/t.txt', 'excluded.txt', 'node_modules/pkg/index.js', 'src/node_modules/x.js', 'dist/d.js', 'link-to-file', 'link-to-dir/b/c.txt']) {
      expect(walked).not.toContain(left);
    }
  });
});

describe('walkFiles', () => {
  it('yields symlinks as symlinks without following them, and directories before their contents', async () => {
    const entries: Array<[string, string]> = [];
    for await (const entry of walkFiles({ root: workspace.root })) entries.push([entry.path, entry.kind]);
    expect(entries).toContainEqual(['link-to-file', 'symlink']);
    expect(entries).toContainEqual(['link-to-dir', 'symlink']);
    expect(entries.some(([path]) => path.startsWith('link-to-dir/'))).toBe(false);
    const paths = entries.map(([path]) => path);
    expect(paths.indexOf('a')).toBeLessThan(paths.indexOf('a/b/c.txt'));
    expect(paths.indexOf('a/b/c.txt')).toBeLessThan(paths.indexOf('a.txt'));
  });

  it('applies ignore files of the directories between the root and a deeper start', async () => {
    const files: string[] = [];
    for await (const entry of walkFiles({ root: workspace.root, start: workspace.path('sub') })) files.push(entry.path);
    expect(files).toEqual(['sub/nested', 'sub/x.log']);
  });

  it('without ignore files, keeps ignored entries but still skips hidden ones', async () => {
    const walked = await walkedFiles({ respectIgnoreFiles: false });
    expect(walked).toContain('a.log');
    expect(walked).toContain('excluded.txt');
    expect(walked).not.toContain('.env');
  });

  it('does not descend when not recursive', async () => {
    const paths: string[] = [];
    for await (const entry of walkFiles({ root: workspace.root, recursive: false })) paths.push(entry.path);
    expect(paths.every((path) => !path.includes('/'))).toBe(true);
    expect(paths).toContain('src');
  });

  it('stops with the abort reason when the signal fires', async () => {
    const controller = new AbortController();
    const reason = new Error('stop now');
    const walk = async () => {
      for await (const entry of walkFiles({ root: workspace.root, signal: controller.signal })) if (entry.path === 'a') controller.abort(reason);
    };
    await expect(walk()).rejects.toBe(reason);
  });

  it('rejects a start outside the root', async () => {
    const walk = async () => {
      for await (const entry of walkFiles({ root: workspace.path('sub'), start: workspace.path('src') })) expect(entry).toBeUndefined();
    };
    await expect(walk()).rejects.toSatisfy((error: unknown) => InvalidInputError.isInstance(error));
  });
});
