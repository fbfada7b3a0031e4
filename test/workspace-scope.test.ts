import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodePathProbe } from '../src/adapters/file-system/index.js';
import { FileAccessError, InvalidInputError, OutsideWorkspaceError, WorkspaceScope, isPathInside, toWorkspaceRelative } from '../src/core/index.js';
import { createTempWorkspace } from './support/temp-workspace.js';
import type { TempWorkspace } from './support/temp-workspace.js';

// The workspace scope with the real Node probe, on a real layout:
//   base/ws/                      the workspace (links below live in it)
//   base/ws2/file                 a sibling whose name extends the workspace's
//   base/elsewhere/outside/       a directory outside, with secret.txt
//   base/home/notes.txt           the home directory the probe reports

let base: TempWorkspace;
let ws: string;
let scope: WorkspaceScope;

beforeAll(async () => {
  base = await createTempWorkspace({
    files: {
      'ws/src/a.ts': 'export {};\n',
      'ws/back\\slash.txt': 'a backslash is a name character on POSIX',
      'ws2/file': 'sibling',
      'elsewhere/outside/secret.txt': 'TOP-SECRET',
      'home/notes.txt': 'notes',
    },
  });
  ws = base.path('ws');
  const link = (target: string, name: string): void => fs.symlinkSync(target, path.join(ws, name));
  link(base.path('elsewhere/outside/secret.txt'), 'secret-link');
  link(base.path('elsewhere/outside'), 'escape');
  link(path.join(ws, 'src'), 'inner');
  link('/dev/zero', 'zero');
  link(path.join(ws, 'loop-b'), 'loop-a');
  link(path.join(ws, 'loop-a'), 'loop-b');
  scope = await WorkspaceScope.create({ root: ws, probe: { ...createNodePathProbe(), homeDir: base.path('home') } });
});

afterAll(async () => {
  await base.dispose();
});

describe('WorkspaceScope with the Node probe', () => {
  it('roots the workspace at its real path, case-sensitive on this filesystem', () => {
    expect(scope.root).toBe(ws);
    expect(scope.workspace.isCaseInsensitive).toBe(false);
  });

  // `absolute` is relative to base (a leading `/` means a real absolute path).
  it.each([
    { name: 'a relative path inside', requested: 'src/a.ts', absolute: 'ws/src/a.ts', exists: true, relative: 'src/a.ts' },
    { name: 'the root itself', requested: '.', absolute: 'ws', exists: true, relative: '.' },
    { name: 'an absolute path inside', requested: '<ws>/src/a.ts', absolute: 'ws/src/a.ts', exists: true, relative: 'src/a.ts' },
    { name: 'a symlink inside pointing inside', requested: 'inner/a.ts', absolute: 'ws/src/a.ts', exists: true, relative: 'src/a.ts' },
    { name: 'a missing path under an existing directory', requested: 'src/new/file.ts', absolute: 'ws/src/new/file.ts', exists: false, relative: 'src/new/file.ts' },
    { name: 'a name with a backslash (POSIX)', requested: 'back\\slash.txt', absolute: 'ws/back\\slash.txt', exists: true, relative: 'back\\slash.txt' },
    { name: '`..` out of a missing directory, then inside', requested: 'missing/../src/a.ts', absolute: 'ws/src/a.ts', exists: true, relative: 'src/a.ts' },
    { name: '`a/../../x`', requested: 'a/../../x', absolute: 'x', exists: false, relative: null },
    { name: '`./../x`', requested: './../x', absolute: 'x', exists: false, relative: null },
    { name: '`..`', requested: '..', absolute: '', exists: true, relative: null },
    { name: 'an absolute path outside', requested: '/etc/passwd', absolute: '/etc/passwd', exists: true, relative: null },
    { name: 'a sibling sharing the root as a string prefix', requested: '<ws>2/file', absolute: 'ws2/file', exists: true, relative: null },
    { name: 'a symlink to a file outside', requested: 'secret-link', absolute: 'elsewhere/outside/secret.txt', exists: true, relative: null },
    { name: 'a symlinked directory escaping the root', requested: 'escape/secret.txt', absolute: 'elsewhere/outside/secret.txt', exists: true, relative: null },
    { name: '`link/..` with link pointing outside', requested: 'escape/..', absolute: 'elsewhere', exists: true, relative: null },
    { name: 'a missing path under an escaping symlink', requested: 'escape/new.txt', absolute: 'elsewhere/outside/new.txt', exists: false, relative: null },
    { name: '`..` out of a missing directory into an escaping symlink', requested: 'missing/../escape/secret.txt', absolute: 'elsewhere/outside/secret.txt', exists: true, relative: null },
    { name: 'two missing levels, then an escaping symlink', requested: 'src/gone/deeper/../../../escape', absolute: 'elsewhere/outside', exists: true, relative: null },
    { name: 'a symlink to /dev/zero', requested: 'zero', absolute: '/dev/zero', exists: true, relative: null },
    { name: '`~`', requested: '~', absolute: 'home', exists: true, relative: null },
    { name: '`~/x`', requested: '~/notes.txt', absolute: 'home/notes.txt', exists: true, relative: null },
    { name: '`~user` (not expanded: a literal name)', requested: '~user/x', absolute: 'ws/~user/x', exists: false, relative: '~user/x' },
  ])('resolves $name', async ({ requested, absolute, exists, relative }) => {
    const resolved = await scope.resolve(requested.replace('<ws>', ws));
    expect(resolved.absolutePath).toBe(absolute.startsWith('/') ? absolute : path.join(base.root, absolute));
    expect(resolved.exists).toBe(exists);
    expect(resolved.relativePath).toBe(relative);
    expect(resolved.root?.realPath ?? null).toBe(relative === null ? null : ws);
    if (relative === null) {
      const error = await scope.resolveInside(requested.replace('<ws>', ws)).catch((caught: unknown) => caught);
      expect(OutsideWorkspaceError.isInstance(error)).toBe(true);
      expect(scope.contains(resolved.absolutePath)).toBe(false);
    } else {
      await expect(scope.resolveInside(requested.replace('<ws>', ws))).resolves.toMatchObject({ relativePath: relative });
    }
  });

  it('expands `~/x` into the workspace when home is the workspace', async () => {
    const homeScope = await WorkspaceScope.create({ root: ws, probe: { ...createNodePathProbe(), homeDir: ws } });
    expect((await homeScope.resolveInside('~/src/a.ts')).relativePath).toBe('src/a.ts');
  });

  it.each([
    { name: 'a NUL byte', requested: 'src/a.ts\0.png' },
    { name: 'an empty path', requested: '' },
  ])('rejects $name as invalid input', async ({ requested }) => {
    const error = await scope.resolve(requested).catch((caught: unknown) => caught);
    expect(InvalidInputError.isInstance(error)).toBe(true);
  });

  it.each(['loop-a', 'loop-a/x'])('reports the symlink loop %s', async (requested) => {
    const error = await scope.resolve(requested).catch((caught: unknown) => caught);
    expect(FileAccessError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'symlink-loop' });
  });

  it('allows an extra root: outside paths in it pass, but have no workspace-relative path', async () => {
    const extended = await WorkspaceScope.create({ root: ws, probe: createNodePathProbe() });
    const added = await extended.addAllowedRoot('escape');
    expect(added.realPath).toBe(base.path('elsewhere/outside'));
    const resolved = await extended.resolveInside('escape/secret.txt');
    expect(resolved.root.realPath).toBe(base.path('elsewhere/outside'));
    expect(resolved.relativePath).toBeNull();
    expect(extended.contains(base.path('elsewhere/outside/secret.txt'))).toBe(true);
    expect(extended.containsInWorkspace(base.path('elsewhere/outside/secret.txt'))).toBe(false);
    // The extra root does not widen to its parent or its string-prefix siblings.
    await expect(extended.resolveInside('escape/..')).rejects.toMatchObject({ code: 'outside-workspace' });
    await expect(extended.resolveInside(`${ws}2/file`)).rejects.toMatchObject({ code: 'outside-workspace' });
    expect(await extended.addAllowedRoot(base.path('elsewhere/outside'))).toBe(added);
  });
});

describe('isPathInside', () => {
  it.each([
    { candidate: '/srv/app', root: '/srv/app', isCaseInsensitive: false, inside: true },
    { candidate: '/srv/app/src/a.ts', root: '/srv/app', isCaseInsensitive: false, inside: true },
    { candidate: '/srv/app/..hidden', root: '/srv/app', isCaseInsensitive: false, inside: true },
    { candidate: '/srv/app2', root: '/srv/app', isCaseInsensitive: false, inside: false },
    { candidate: '/srv/app2', root: '/srv/app', isCaseInsensitive: true, inside: false },
    { candidate: '/srv', root: '/srv/app', isCaseInsensitive: false, inside: false },
    { candidate: '/srv/app/../x', root: '/srv/app', isCaseInsensitive: false, inside: false },
    { candidate: '/A/b', root: '/a', isCaseInsensitive: false, inside: false },
    { candidate: '/A/b', root: '/a', isCaseInsensitive: true, inside: true },
    { candidate: '/a/b', root: '/A', isCaseInsensitive: true, inside: true },
    { candidate: '/srv/app/x', root: '/', isCaseInsensitive: false, inside: true },
    { candidate: '/srv/app/x/../../y', root: '/srv/app', isCaseInsensitive: false, inside: false },
    { candidate: '/srv/app//x', root: '/srv/app', isCaseInsensitive: false, inside: true },
    { candidate: '/srv/app/./../x', root: '/srv/app', isCaseInsensitive: false, inside: false },
    { candidate: '/srv/app/x', root: '/srv/./app', isCaseInsensitive: false, inside: true },
    { candidate: '/srv/app/x', root: '/srv/app/../app2', isCaseInsensitive: false, inside: false },
  ])('$candidate in $root (case-insensitive: $isCaseInsensitive) is $inside', ({ candidate, root, isCaseInsensitive, inside }) => {
    expect(isPathInside(candidate, root, isCaseInsensitive)).toBe(inside);
  });
});

// isPathInside and toWorkspaceRelative answer a canonical path below the root
// by its prefix (every read asks twice); any other form goes to path.relative.
// Both must agree with path.relative on every form, odd ones included.
describe('the prefix answers of isPathInside and toWorkspaceRelative', () => {
  const segment = fc.constantFrom('a', 'b', 'app', '.', '..', '', '...', '.x', 'x.', 'a b');
  const absolute = fc.tuple(fc.array(segment, { minLength: 0, maxLength: 5 }), fc.boolean()).map(([segments, trailing]) => `/${segments.join('/')}${trailing ? '/' : ''}`);
  const pair = fc.oneof(
    fc.tuple(absolute, absolute),
    // Mostly a candidate written below the root, where the prefix answers apply.
    fc.tuple(absolute, absolute).map(([root, rest]) => [root, `${root}${rest}`] as const),
  );
  const insideByRelative = (candidate: string, root: string) => {
    const relative = path.relative(root, candidate);
    return relative === '' || (!path.isAbsolute(relative) && relative.split('/', 1)[0] !== '..');
  };

  it('agree with path.relative', () => {
    fc.assert(
      fc.property(pair, ([root, candidate]) => {
        expect(isPathInside(candidate, root, false)).toBe(insideByRelative(candidate, root));
        expect(toWorkspaceRelative(candidate, root)).toBe(path.relative(root, candidate) || '.');
      }),
      { seed: 2026, numRuns: 5_000 },
    );
  });
});
