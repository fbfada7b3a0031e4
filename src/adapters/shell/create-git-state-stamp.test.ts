import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { createGitStateStamp } from './create-git-state-stamp.js';

const AN_HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000);

/** A repository by hand (no git needed): every file stamped an hour back, outside the racy window. */
async function repository(files: Record<string, string>): Promise<TempWorkspace> {
  const workspace = await createTempWorkspace({ files: { '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${'a'.repeat(40)}\n`, '.git/config': '[core]\n\tbare = false\n', ...files } });
  for (const relative of ['.git/HEAD', '.git/refs/heads/main', '.git/config', ...Object.keys(files)]) fs.utimesSync(workspace.path(relative), AN_HOUR_AGO, AN_HOUR_AGO);
  return workspace;
}

describe('createGitStateStamp (issue 21)', () => {
  it('is stable while nothing changes, and changes with the ref, HEAD and the config', async () => {
    await using workspace = await repository({});
    await using home = await createTempWorkspace();
    const stamp = createGitStateStamp({ root: workspace.root, env: { HOME: home.root }, homeDir: home.root });
    const first = stamp();
    expect(first).not.toBeNull();
    expect(stamp()).toBe(first);
    for (const [relative, content] of [['.git/refs/heads/main', `${'b'.repeat(40)}\n`], ['.git/HEAD', `${'c'.repeat(40)}\n`], ['.git/config', '[core]\n\tbare = true\n']] as const) {
      const before = stamp();
      workspace.write(relative, content);
      fs.utimesSync(workspace.path(relative), AN_HOUR_AGO, new Date(AN_HOUR_AGO.getTime() + 1_000));
      expect(stamp(), relative).not.toBe(before);
    }
    // A global config appearing counts too.
    const before = stamp();
    home.write('.gitconfig', '[user]\n\tname = x\n');
    fs.utimesSync(home.path('.gitconfig'), AN_HOUR_AGO, AN_HOUR_AGO);
    expect(stamp()).not.toBe(before);
  });

  it.each([
    ['a .git file (worktree)', async () => {
      const workspace = await createTempWorkspace({ files: { '.git': 'gitdir: /elsewhere\n' } });
      return workspace;
    }],
    ['an include in the config', () => repository({ '.git/config': '[include]\n\tpath = other\n' })],
    ['a symbolic HEAD outside refs/heads', () => repository({ '.git/HEAD': 'ref: refs/remotes/origin/main\n' })],
    ['a commondir', () => repository({ '.git/commondir': '../..\n' })],
  ])('is null for %s', async (_name, make) => {
    await using workspace = await make();
    expect(createGitStateStamp({ root: workspace.root, env: {}, homeDir: path.join(workspace.root, 'no-home') })()).toBeNull();
  });

  it('is null while a stamp is younger than the racy window, and with GIT_DIR set', async () => {
    await using workspace = await repository({});
    expect(createGitStateStamp({ root: workspace.root, env: { GIT_DIR: '/elsewhere' }, homeDir: workspace.root })()).toBeNull();
    workspace.write('.git/refs/heads/main', `${'d'.repeat(40)}\n`);
    expect(createGitStateStamp({ root: workspace.root, env: {}, homeDir: workspace.root })()).toBeNull();
  });
});
