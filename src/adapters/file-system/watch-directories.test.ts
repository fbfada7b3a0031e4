import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createDirectoryWatch } from './watch-directories.js';

const TREE = { 'docs/guide/install.md': '# Install\n', 'docs/index.md': '# Docs\n', '.gitignore': 'dist/\n', 'src/a.ts': 'export {};\n' };

/** A watch armed on docs/ (a tree) and the root alone. */
function armed(workspace: TempWorkspace): ReturnType<typeof createDirectoryWatch> {
  const watch = createDirectoryWatch();
  expect(watch.arm({ trees: [workspace.path('docs')], dirs: [workspace.root, workspace.path('missing')] })).toBe(true);
  return watch;
}

// Issue 21: each change is made, then hasChanged() is asked at once, with no wait in between.
describe.runIf(process.platform === 'linux')('createDirectoryWatch', () => {
  it.each([
    { name: 'a page edited', change: (workspace: TempWorkspace) => fs.appendFileSync(workspace.path('docs/guide/install.md'), 'more\n') },
    { name: 'a page touched', change: (workspace: TempWorkspace) => fs.utimesSync(workspace.path('docs/index.md'), new Date(0), new Date(0)) },
    { name: 'a page added deep', change: (workspace: TempWorkspace) => fs.writeFileSync(workspace.path('docs/guide/proxy.md'), '# Proxy\n') },
    { name: 'a page removed', change: (workspace: TempWorkspace) => fs.rmSync(workspace.path('docs/index.md')) },
    { name: 'a page renamed', change: (workspace: TempWorkspace) => fs.renameSync(workspace.path('docs/guide/install.md'), workspace.path('docs/guide/setup.md')) },
    { name: 'a directory added', change: (workspace: TempWorkspace) => fs.mkdirSync(workspace.path('docs/api')) },
    { name: 'the root ignore file edited', change: (workspace: TempWorkspace) => fs.writeFileSync(workspace.path('.gitignore'), 'docs/guide/\n') },
  ])('sees $name', async ({ change }) => {
    await using workspace = await createTempWorkspace({ files: TREE });
    const watch = armed(workspace);
    expect(await watch.hasChanged()).toBe(false);
    change(workspace);
    expect(await watch.hasChanged()).toBe(true);
    watch.close();
  });

  it('sees a change in a directory added after it was armed, once armed again', async () => {
    await using workspace = await createTempWorkspace({ files: TREE });
    const watch = armed(workspace);
    fs.mkdirSync(workspace.path('docs/api'));
    expect(await watch.hasChanged()).toBe(true);
    expect(watch.arm({ trees: [workspace.path('docs')], dirs: [] })).toBe(true);
    expect(await watch.hasChanged()).toBe(false);
    fs.writeFileSync(workspace.path('docs/api/keys.md'), '# Keys\n');
    expect(await watch.hasChanged()).toBe(true);
    watch.close();
  });

  it('ignores what lies outside the watched paths, and reading', async () => {
    await using workspace = await createTempWorkspace({ files: TREE });
    const watch = armed(workspace);
    fs.writeFileSync(workspace.path('src/a.ts'), 'export const a = 1;\n');
    fs.readFileSync(workspace.path('docs/guide/install.md'));
    fs.readdirSync(workspace.path('docs'), { recursive: true });
    expect(await watch.hasChanged()).toBe(false);
    watch.close();
  });

  it('declines a tree with a symlink in it, another platform, and reports a change then', async () => {
    await using workspace = await createTempWorkspace({ files: TREE });
    fs.symlinkSync(workspace.path('src/a.ts'), workspace.path('docs/linked.md'));
    const watch = createDirectoryWatch();
    expect(watch.arm({ trees: [workspace.path('docs')], dirs: [] })).toBe(false);
    expect(await watch.hasChanged()).toBe(true);
    const elsewhere = createDirectoryWatch({ platform: 'darwin' });
    expect(elsewhere.arm({ trees: [workspace.path('src')], dirs: [] })).toBe(false);
    expect(await elsewhere.hasChanged()).toBe(true);
  });
});
