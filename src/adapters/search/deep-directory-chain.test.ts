import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { createTextSearcher } from './create-text-searcher.js';
import { findRipgrep } from './find-ripgrep.js';
import { MAX_WALK_DEPTH, walkFiles } from './walk-files.js';

// Issue 15, item 22: one directory chain thousands of levels deep. Each path
// below is ~2 characters per level, so 2,000 levels stay under PATH_MAX (4096).
const LEVELS = 2_000;

/** Creates `d/d/.../d/x.ts` LEVELS deep; returns the relative path of the file. */
function makeChain(root: string): string {
  const relative = [...Array.from({ length: LEVELS }, () => 'd'), 'x.ts'].join('/');
  fs.mkdirSync(path.join(root, path.dirname(relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), 'export const needle = 1;\n');
  return relative;
}

/** fs.rmSync recurses once per level and overflows the stack on such a chain: remove it from the bottom. */
function removeChain(root: string, relative: string): void {
  fs.rmSync(path.join(root, relative));
  let directory = path.dirname(relative);
  while (directory !== '.') {
    fs.rmdirSync(path.join(root, directory));
    directory = path.dirname(directory);
  }
}

describe('a directory chain 2,000 levels deep', () => {
  it('is walked down to MAX_WALK_DEPTH only, in both engines', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'export const needle = 0;\n' } });
    const file = makeChain(workspace.root);
    try {
      const walked: string[] = [];
      for await (const entry of walkFiles({ root: workspace.root })) walked.push(entry.path);
      expect(walked).toHaveLength(1 + MAX_WALK_DEPTH);
      expect(walked.at(-1)?.split('/')).toHaveLength(MAX_WALK_DEPTH);
      const ripgrep = await findRipgrep({});
      for (const searcher of [createTextSearcher({ ripgrep: null }), ...(ripgrep === null ? [] : [createTextSearcher({ ripgrep })])]) {
        const result = await searcher.searchText({ query: 'needle', root: workspace.root });
        expect(result.matches.map((match) => match.path)).toEqual(['a.ts']);
      }
    } finally {
      removeChain(workspace.root, file);
    }
  });

  it('still lets a file at the bottom be read by its path, in time linear in its depth', async () => {
    await using workspace = await createTempWorkspace();
    const file = makeChain(workspace.root);
    try {
      // The scope resolves the path component by component; with the native
      // realpath for each prefix that was cubic in the depth (minutes here).
      const runtime = await openTestRuntime(workspace.root);
      const read = await runtime.execute({ kind: 'fs.readFile', path: file });
      expect(read.ok && read.value.content).toBe('export const needle = 1;\n');
    } finally {
      removeChain(workspace.root, file);
    }
  });
});
