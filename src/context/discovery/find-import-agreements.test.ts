import { describe, expect, it } from 'vitest';
import { findImportAgreements } from './find-import-agreements.js';
import { createIndexImportGraph } from './index-import-graph.js';
import { createRetrievalIndex } from './retrieval/build-retrieval-index.js';
import { indexDocument } from './retrieval/index-document.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';

const index = createRetrievalIndex([
  indexDocument('src/checkout.ts', "import { taxRate } from './pricing/tax-rate.js';\nimport { format } from './pricing';\nimport { log } from '@/util/log';\nimport zod from 'zod';\n"),
  indexDocument('src/pricing/tax-rate.ts', 'export const taxRate = 0.19;\n'),
  indexDocument('src/pricing/index.ts', 'export const format = String;\n'),
  indexDocument('src/util/log.ts', 'export const log = console.log;\n'),
  indexDocument('src/unrelated.ts', 'export const x = 1;\n'),
]);
const match = (path: string): GoalMatch => ({ path, score: 5, matches: [{ field: 'body', terms: ['tax'] }], exactSymbols: [], namedPath: null });
const aliases: Record<string, string> = { '@/util/log': 'src/util/log.ts' };
const resolve = async (specifier: string) => aliases[specifier] ?? null;
const graphOf = () => createIndexImportGraph(index, resolve);

describe('findImportAgreements', () => {
  it('keeps the imports of a failing file that the goal also ranks, relative, index and aliased alike', async () => {
    const matches = ['src/unrelated.ts', 'src/util/log.ts', 'src/pricing/index.ts', 'src/pricing/tax-rate.ts'].map(match);
    // At most two per failing file, the goal's best first.
    expect(await findImportAgreements({ seeds: ['src/checkout.ts'], graph: graphOf(), matches })).toEqual([
      { path: 'src/util/log.ts', importedBy: 'src/checkout.ts' },
      { path: 'src/pricing/index.ts', importedBy: 'src/checkout.ts' },
    ]);
  });

  it('ignores imports the goal does not rank, or ranks too low to agree', async () => {
    const filler = Array.from({ length: 10 }, (_unused, position) => match(`src/filler-${position}.ts`));
    expect(await findImportAgreements({ seeds: ['src/checkout.ts'], graph: graphOf(), matches: [match('src/unrelated.ts')] })).toEqual([]);
    expect(await findImportAgreements({ seeds: ['src/checkout.ts'], graph: graphOf(), matches: [...filler, match('src/pricing/tax-rate.ts')] })).toEqual([]);
  });

  it('follows nothing from a seed that is not indexed', async () => {
    expect(await findImportAgreements({ seeds: ['src/missing.ts'], graph: graphOf(), matches: [match('src/pricing/tax-rate.ts')] })).toEqual([]);
  });
});
