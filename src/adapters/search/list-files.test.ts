import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileAccessError, InvalidInputError, OutsideWorkspaceError } from '../../core/index.js';
import type { ListRequest } from '../../core/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { statPath } from '../file-system/node-stat.js';
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
      // Every entry of the root was read, the ignored, hidden and skipped ones and .git included.
      walkedEntries: 10,
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
      walkedEntries: 14,
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

  describe('withStats', () => {
    // A fixed mtime in the past, with a fraction of a millisecond: the listing must report it exactly as fs.stat does.
    const MODIFIED_SECONDS = 1_600_000_000.123_456;
    let statted: TempWorkspace;

    beforeAll(async () => {
      statted = await createTempWorkspace({ files: { 'a.ts': 'export const a = 1;\n', 'lib/b.ts': 'export const b = 22;\n', 'lib/c.txt': '' } });
      for (const relative of ['a.ts', 'lib/b.ts', 'lib/c.txt']) fs.utimesSync(statted.path(relative), MODIFIED_SECONDS, MODIFIED_SECONDS);
      fs.symlinkSync('a.ts', statted.path('link.ts'));
      fs.symlinkSync('lib', statted.path('lib-link'));
    });

    afterAll(async () => {
      await statted.dispose();
    });

    const listStatted = (options: Partial<ListRequest> = {}) => listFiles({ path: statted.root, root: statted.root, recursive: true, isContained: () => true, ...options });

    it('fills size and mtime of regular files only, never through a symlink', async () => {
      const { entries } = await listStatted({ withStats: true });
      const modifiedMs = (await statPath(statted.path('a.ts'))).modifiedMs;
      expect(entries).toEqual([
        { path: 'a.ts', kind: 'file', sizeBytes: 20, modifiedMs },
        { path: 'lib', kind: 'directory' },
        { path: 'lib/b.ts', kind: 'file', sizeBytes: 21, modifiedMs },
        { path: 'lib/c.txt', kind: 'file', sizeBytes: 0, modifiedMs },
        { path: 'lib-link', kind: 'symlink' },
        { path: 'link.ts', kind: 'symlink' },
      ]);
      expect(Math.floor(modifiedMs / 1000)).toBe(Math.floor(MODIFIED_SECONDS));
    });

    it('gives the same size and mtime as fs.stat, so either can be compared with the other', async () => {
      const { entries } = await listStatted({ withStats: true });
      for (const entry of entries.filter((item) => item.kind === 'file')) {
        const stat = await statPath(statted.path(entry.path));
        expect({ sizeBytes: entry.sizeBytes, modifiedMs: entry.modifiedMs }).toEqual({ sizeBytes: stat.sizeBytes, modifiedMs: stat.modifiedMs });
      }
    });

    it.each([
      ['without withStats', {}],
      ['with withStats false', { withStats: false }],
    ])('leaves the entries as they were %s', async (_name, options) => {
      expect((await listStatted(options)).entries).toEqual([
        { path: 'a.ts', kind: 'file' },
        { path: 'lib', kind: 'directory' },
        { path: 'lib/b.ts', kind: 'file' },
        { path: 'lib/c.txt', kind: 'file' },
        { path: 'lib-link', kind: 'symlink' },
        { path: 'link.ts', kind: 'symlink' },
      ]);
    });

    it('stops at maxEntries with stats on the entries it kept', async () => {
      expect(await listStatted({ withStats: true, maxEntries: 1 })).toEqual({ entries: [{ path: 'a.ts', kind: 'file', sizeBytes: 20, modifiedMs: expect.any(Number) }], truncated: true, walkedEntries: 4 });
    });
  });
});
