import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { findRipgrep, probeRipgrep } from './find-ripgrep.js';

let workspace: TempWorkspace;
let bundledPath: string;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  const bundled = await findRipgrep({});
  if (bundled === null) throw new Error('the bundled ripgrep is missing: reinstall @vscode/ripgrep');
  bundledPath = bundled.path;
  fs.mkdirSync(workspace.path('good-bin'));
  fs.symlinkSync(bundledPath, workspace.path('good-bin/rg'));
  writeScript('broken-bin/rg', '#!/bin/sh\nexit 3\n');
  workspace.write('not-executable/rg', 'not a program');
});

afterAll(async () => {
  await workspace.dispose();
});

function writeScript(relative: string, content: string): string {
  const file = workspace.write(relative, content);
  fs.chmodSync(file, 0o755);
  return file;
}

describe('findRipgrep', () => {
  it('finds the bundled binary by default', async () => {
    expect(await findRipgrep({})).toEqual({ path: bundledPath, source: 'bundled' });
  });

  it('prefers a configured executable', async () => {
    const configured = workspace.path('good-bin/rg');
    expect(await findRipgrep({ configuredPath: configured })).toEqual({ path: configured, source: 'configured' });
  });

  it.each([
    ['missing', 'no/such/rg'],
    ['not executable', 'not-executable/rg'],
    ['a directory', 'good-bin'],
  ])('throws InvalidInputError naming a configured path that is %s', async (_name, relative) => {
    const configured = workspace.path(relative);
    const attempt = findRipgrep({ configuredPath: configured });
    await expect(attempt).rejects.toSatisfy((error: unknown) => InvalidInputError.isInstance(error) && error.message.includes(configured));
  });

  it('falls back to an rg on PATH that answers --version, skipping one that fails', async () => {
    const env = { PATH: [workspace.path('broken-bin'), workspace.path('not-executable'), workspace.path('good-bin')].join(':') };
    expect(await findRipgrep({ env, _internal: { bundledPath: null } })).toEqual({ path: workspace.path('good-bin/rg'), source: 'system' });
  });

  it('returns null when there is no usable ripgrep at all', async () => {
    const env = { PATH: [workspace.path('broken-bin'), 'relative/dir'].join(':') };
    expect(await findRipgrep({ env, _internal: { bundledPath: null } })).toBeNull();
    expect(await findRipgrep({ env, _internal: { bundledPath: workspace.path('broken-bin/rg') } })).toBeNull();
  });
});

describe('probeRipgrep', () => {
  it('says whether `--version` exits 0', async () => {
    expect(await probeRipgrep(bundledPath)).toBe(true);
    expect(await probeRipgrep(workspace.path('broken-bin/rg'))).toBe(false);
    expect(await probeRipgrep(workspace.path('no/such/rg'))).toBe(false);
  });
});
