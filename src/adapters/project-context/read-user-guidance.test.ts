import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFifo, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { readUserGuidance } from './read-user-guidance.js';

describe('readUserGuidance', () => {
  it('reads AGENTS.md from $XDG_CONFIG_HOME/brass-agent, shown relative to the home directory', async () => {
    await using home = await createTempWorkspace({ files: { 'xdg/brass-agent/AGENTS.md': '# Mine\n' } });
    const result = await readUserGuidance({ env: { XDG_CONFIG_HOME: home.path('xdg') }, homeDir: home.root, fileNames: ['AGENTS.md', 'CLAUDE.md'], maxBytes: 1024 });
    expect(result).toEqual({ file: { displayPath: '~/xdg/brass-agent/AGENTS.md', content: '# Mine\n', totalBytes: 7 }, warnings: [] });
  });

  it('falls back to ~/.config and to the next file name', async () => {
    await using home = await createTempWorkspace({ files: { '.config/brass-agent/CLAUDE.md': 'fallback\n' } });
    const result = await readUserGuidance({ env: {}, homeDir: home.root, fileNames: ['AGENTS.md', 'CLAUDE.md'], maxBytes: 1024 });
    expect(result.file).toMatchObject({ displayPath: '~/.config/brass-agent/CLAUDE.md', content: 'fallback\n' });
  });

  it('names the file by $XDG_CONFIG_HOME when it lies outside the home directory', async () => {
    await using xdg = await createTempWorkspace({ files: { 'brass-agent/AGENTS.md': 'x' } });
    await using home = await createTempWorkspace();
    const result = await readUserGuidance({ env: { XDG_CONFIG_HOME: xdg.root }, homeDir: home.root, fileNames: ['AGENTS.md'], maxBytes: 1024 });
    expect(result.file?.displayPath).toBe('$XDG_CONFIG_HOME/brass-agent/AGENTS.md');
  });

  it('returns null when there is no file, and reads only maxBytes of a large one', async () => {
    await using home = await createTempWorkspace();
    expect(await readUserGuidance({ env: {}, homeDir: home.root, fileNames: ['AGENTS.md'], maxBytes: 10 })).toEqual({ file: null, warnings: [] });
    home.write('.config/brass-agent/AGENTS.md', 'y'.repeat(5000));
    const result = await readUserGuidance({ env: {}, homeDir: home.root, fileNames: ['AGENTS.md'], maxBytes: 10 });
    expect(result.file).toEqual({ displayPath: '~/.config/brass-agent/AGENTS.md', content: 'y'.repeat(10), totalBytes: 5000 });
  });

  it('follows the user own symlink but refuses a FIFO or a device, with a warning', async () => {
    await using home = await createTempWorkspace({ files: { 'dotfiles/agents.md': 'linked\n' } });
    makeSymlink(home.path('.config/brass-agent/AGENTS.md'), path.join(home.root, 'dotfiles/agents.md'));
    expect((await readUserGuidance({ env: {}, homeDir: home.root, fileNames: ['AGENTS.md'], maxBytes: 100 })).file?.content).toBe('linked\n');

    await using fifoHome = await createTempWorkspace();
    makeFifo(fifoHome.path('.config/brass-agent/AGENTS.md'));
    expect(await readUserGuidance({ env: {}, homeDir: fifoHome.root, fileNames: ['AGENTS.md'], maxBytes: 100 })).toEqual({
      file: null,
      warnings: ['~/.config/brass-agent/AGENTS.md: not loaded: it is not a regular file (a FIFO, socket or device)'],
    });

    await using zeroHome = await createTempWorkspace();
    makeSymlink(zeroHome.path('.config/brass-agent/AGENTS.md'), '/dev/zero');
    const zero = await readUserGuidance({ env: {}, homeDir: zeroHome.root, fileNames: ['AGENTS.md'], maxBytes: 100 });
    expect(zero.file).toBeNull();
    expect(zero.warnings).toHaveLength(1);
  });
});
