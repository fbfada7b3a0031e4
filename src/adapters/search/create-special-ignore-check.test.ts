import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFifo } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { createTextSearcher } from './create-text-searcher.js';
import { findRipgrep } from './find-ripgrep.js';

/** Sets every entry's times an hour back, so a clean walk is old enough to be remembered (see RACY_WINDOW_MS). */
function ageTree(directory: string): void {
  const past = new Date(Date.now() - 3_600_000);
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) ageTree(full);
    if (entry.isDirectory() || entry.isFile()) fs.utimesSync(full, past, past);
  }
  fs.utimesSync(directory, past, past);
}

describe('the remembered pass for special ignore files (issue 21)', () => {
  it('sees a FIFO that appears after a remembered clean pass, and an edited ignore rule that uncovers one', async () => {
    const ripgrep = await findRipgrep({});
    expect(ripgrep, 'the bundled @vscode/ripgrep is expected here').not.toBeNull();
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'needle\n', 'sub/deep/b.txt': 'needle\n', 'logs/c.txt': 'needle\n', '.gitignore': 'logs/\n' } });
    makeFifo(workspace.path('logs/.ignore'));
    ageTree(workspace.root);
    const searcher = createTextSearcher({ ripgrep });
    const search = () => searcher.searchText({ query: 'needle', root: workspace.root });
    expect(await search()).toMatchObject({ engine: 'ripgrep', matches: [{ path: 'a.txt' }, { path: 'sub/deep/b.txt' }] });
    expect((await search()).engine).toBe('ripgrep');

    // Edited in place: no directory changes, only the ignore file's own stamp.
    fs.writeFileSync(workspace.path('.gitignore'), '# nothing ignored\n');
    expect((await search()).engine).toBe('node');
    fs.writeFileSync(workspace.path('.gitignore'), 'logs/\n');
    ageTree(workspace.root);
    expect((await search()).engine).toBe('ripgrep');

    makeFifo(workspace.path('sub/deep/.gitignore'));
    expect(await search()).toMatchObject({ engine: 'node', matches: [{ path: 'a.txt' }, { path: 'sub/deep/b.txt' }] });
  });
});
