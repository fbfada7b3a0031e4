import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileAccessError, InvalidInputError, OutsideWorkspaceError } from '../../core/index.js';
import type { ListRequest } from '../../core/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { listFiles } from './list-files.js';

let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace({
    git: true,
    files: {
      '.gitignore': '*.log\ngenerated/\n',
      'README.md': '',
      'app.log': '',
      'src/index.ts': '',
      'src/util/strings.ts': '',
      'src/util/debug.log': '',
      'src/.gitignore': 'scratch.ts\n',
      'src/scratch.ts': '',
      'generated/out.ts': '',
      'node_modules/pkg/index.js': '',
      'vendor/lib.js': '',
      '.env': '',
    },
  });
  fs.symlinkSync('src', workspace.path('src-link'));
});

afterAll(async () => {
  await workspace.dispose();
});

function list(relative: string, options: Partial<ListRequest> = {}) {
  return listFiles({ path: workspace.path(relative), root: workspace.root, isContained: () => true, ...options });
}

describe('listFiles', () => {
  it('lists the direct children of a directory, ignoring what .gitignore, hidden names and skip dirs exclude', async () => {
    expect(await list('.')).toEqual({
      entries: [
        { path: 'README.md', kind: 'file' },
        { path: 'src', kind: 'directory' },
        { path: 'src-link', kind: 'symlink' },
      ],
      truncated: false,
    });
  });

  it('lists recursively with root-relative paths, applying nested ignore files', async () => {
    const { entries } = await list('src', { recursive: true });
    expect(entries.map((entry) => entry.path)).toEqual(['src/index.ts', 'src/util', 'src/util/strings.ts']);
  });

  it('lists everything .gitignore hides when respectGitignore is false', async () => {
    const { entries } = await list('.', { recursive: true, respectGitignore: false });
    const paths = entries.map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['app.log', 'generated/out.ts', 'src/scratch.ts', 'src/util/debug.log']));
    expect(paths).not.toContain('node_modules');
  });

  it('uses the given skip dirs', async () => {
    const paths = (await list('.', { skipDirs: ['src'] })).entries.map((entry) => entry.path);
    expect(paths).toEqual(['README.md', 'node_modules', 'src-link', 'vendor']);
  });

  it('marks the result truncated past maxEntries', async () => {
    expect(await list('.', { recursive: true, maxEntries: 2 })).toEqual({
      entries: [
        { path: 'README.md', kind: 'file' },
        { path: 'src', kind: 'directory' },
      ],
      truncated: true,
    });
    expect((await list('src', { recursive: true, maxEntries: 3 })).truncated).toBe(false);
  });

  it('lists a directory reached through a symlink under its real path', async () => {
    const { entries } = await list('src-link');
    expect(entries.map((entry) => entry.path)).toEqual(['src/index.ts', 'src/util']);
  });

  it.each([
    ['a file', 'README.md', 'not-a-directory'],
    ['a missing path', 'nope', 'not-found'],
  ])('throws FileAccessError for %s', async (_name, relative, reason) => {
    await expect(list(relative)).rejects.toSatisfy((error: unknown) => FileAccessError.isInstance(error) && error.reason === reason);
  });

  it('throws OutsideWorkspaceError when the real directory is not contained', async () => {
    const isContained = (realPath: string) => !realPath.endsWith('/src');
    await expect(list('src-link', { isContained })).rejects.toSatisfy((error: unknown) => OutsideWorkspaceError.isInstance(error));
  });

  it('rejects a maxEntries that is not a positive integer', async () => {
    await expect(list('.', { maxEntries: 0 })).rejects.toSatisfy((error: unknown) => InvalidInputError.isInstance(error));
  });
});
