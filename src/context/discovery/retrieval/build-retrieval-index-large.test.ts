import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkspace } from '../../../adapters/node-workspace/index.js';
import { ConfigSchema } from '../../../config/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../../test/support/temp-workspace.js';
import { discoverContext } from '../discover-context.js';
import { MAX_INDEXED_FILES, MAX_LISTED_ENTRIES } from './build-retrieval-index.js';

// 100 × 10 directories of 100 tiny files: 100,000 files and 1,100 directories, written once for this file.
const AREAS = 100;
const MODULES = 10;
const FILES_PER_MODULE = 100;
let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace();
  for (let area = 0; area < AREAS; area += 1) {
    for (let module = 0; module < MODULES; module += 1) {
      const directory = path.join(workspace.root, 'src', `area-${String(area).padStart(3, '0')}`, `module-${module}`);
      fs.mkdirSync(directory, { recursive: true });
      for (let file = 0; file < FILES_PER_MODULE; file += 1) fs.writeFileSync(path.join(directory, `item-${file}.ts`), `export const value${file} = ${file};\n`);
    }
  }
  // Sorts first, so it is among the files indexed (all are source: within a tier, by path).
  workspace.write('src/area-000/aaa-ledger-reconciler.ts', '/** Reconciles the ledger with the bank statement. */\nexport function reconcileLedger() {\n  return 0;\n}\n');
}, 120_000);

// Removing 100,000 files can take longer than the 20 s hook timeout of vitest.config.ts on a loaded machine (issue 15).
afterAll(async () => {
  await workspace.dispose();
}, 120_000);

describe('the goal index of a repository of 100,000 files', () => {
  it('stops at its caps, says what was skipped, and still ranks what it indexed', async () => {
    const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
    const result = await discoverContext({ runtime: opened.runtime, config: ConfigSchema.parse({}), goal: 'the ledger does not reconcile with the bank statement', run: false });
    expect(result.warnings).toEqual([
      `the workspace has more than ${MAX_LISTED_ENTRIES} entries: only the first were listed for the goal index`,
      expect.stringMatching(new RegExp(`^\\d+ code files: only ${MAX_INDEXED_FILES} were indexed for the goal \\(source first, .*\\); \\d+ files \\(.*\\) left out$`)),
    ]);
    const skipped = Number(/; (\d+) files \(/.exec(result.warnings[1]!)![1]);
    expect(skipped).toBeGreaterThan(MAX_LISTED_ENTRIES - MAX_INDEXED_FILES - 2_000);
    expect(result.index).toMatchObject({ codeFiles: MAX_INDEXED_FILES + skipped, indexed: MAX_INDEXED_FILES, leftOut: [{ reason: 'cap', count: skipped }] });
    expect(result.files[0]).toMatchObject({ path: 'src/area-000/aaa-ledger-reconciler.ts', reason: 'goal' });
  }, 60_000);
});
