import { describe, expect, it } from 'vitest';
import { MAX_BARE_RESOLUTIONS, createIndexImportGraph } from './index-import-graph.js';
import { createRetrievalIndex } from './retrieval/build-retrieval-index.js';
import { indexDocument } from './retrieval/index-document.js';

const index = createRetrievalIndex([
  indexDocument('src/checkout.ts', "import { a } from './pricing/tax-rate.js';\nimport { b } from './pricing';\nimport { c } from '@acme/log';\nimport { d } from './missing.js';\n"),
  indexDocument('src/cart.ts', "import { a } from './pricing/tax-rate';\nimport { c } from '@acme/log';\n"),
  indexDocument('src/pricing/index.ts', "export * from './tax-rate.js';\n"),
  indexDocument('src/pricing/tax-rate.ts', 'export const a = 0.19;\n'),
  indexDocument('packages/log/src/index.ts', 'export const c = 1;\n'),
  indexDocument('src/app.py', 'from .pricing import rate\n'),
]);
const resolved: string[] = [];
const resolve = async (specifier: string, fromFile: string) => {
  resolved.push(`${fromFile} ${specifier}`);
  return ({ '@acme/log': 'packages/log/src/index.ts', '.pricing': 'src/pricing/tax-rate.ts' } as Record<string, string>)[specifier] ?? null;
};

describe('createIndexImportGraph', () => {
  it('resolves relative imports against the index and the others through the resolver, Python ones included', async () => {
    const graph = createIndexImportGraph(index, resolve);
    expect(await graph.importsOf('src/checkout.ts')).toEqual(['src/pricing/tax-rate.ts', 'src/pricing/index.ts', 'packages/log/src/index.ts']);
    expect(await graph.importsOf('src/app.py')).toEqual(['src/pricing/tax-rate.ts']);
    expect(await graph.importsOf('src/not-indexed.ts')).toEqual([]);
    expect(resolved).toEqual(['src/checkout.ts @acme/log', 'src/app.py .pricing']);
  });

  it('counts the importers of a file: relative forms alike, a resolved bare specifier by the files importing it', async () => {
    const graph = createIndexImportGraph(index, resolve);
    expect(graph.importerCountOf('src/pricing/tax-rate.ts')).toBe(3);
    expect(graph.importerCountOf('src/pricing/index.ts')).toBe(1);
    // `@acme/log` is not resolved yet: its importers are not known to lead here.
    expect(graph.importerCountOf('packages/log/src/index.ts')).toBe(0);
    await graph.importsOf('src/checkout.ts');
    expect(graph.importerCountOf('packages/log/src/index.ts')).toBe(2);
  });

  it('works out what depends on the documents alone once per documents array, the resolved bare specifiers once per graph (issue 21)', async () => {
    let importReads = 0;
    const documents = [
      indexDocument('src/cart.ts', "import { a } from './tax-rate.js';\nimport { c } from '@acme/log';\n"),
      indexDocument('src/tax-rate.ts', 'export const a = 0.19;\n'),
      indexDocument('packages/log/src/index.ts', 'export const c = 1;\n'),
    ].map((document) => {
      const { imports } = document;
      return Object.defineProperty({ ...document }, 'imports', { get: () => ((importReads += 1), imports) });
    });
    const counted = createRetrievalIndex(documents);
    const first = createIndexImportGraph(counted, resolve);
    expect(first.importerCountOf('src/tax-rate.ts')).toBe(1);
    await first.importsOf('src/cart.ts');
    expect(first.importerCountOf('packages/log/src/index.ts')).toBe(1);
    const readsByFirst = importReads;
    // Another graph over the same documents (a later call on an unchanged workspace): the same relative counts, no document's imports read again for them.
    const second = createIndexImportGraph(counted, resolve);
    expect(second.importerCountOf('src/tax-rate.ts')).toBe(1);
    expect(importReads).toBe(readsByFirst);
    // A bare specifier counts only once this graph has resolved it itself.
    expect(second.importerCountOf('packages/log/src/index.ts')).toBe(0);
    await second.importsOf('src/cart.ts');
    expect(second.importerCountOf('packages/log/src/index.ts')).toBe(1);
  });

  it('resolves at most MAX_BARE_RESOLUTIONS bare specifiers', async () => {
    const many = createRetrievalIndex(Array.from({ length: 3 }, (_unused, file) => indexDocument(`src/f${file}.ts`, Array.from({ length: 60 }, (_unused2, position) => `import x${position} from 'package-${file}-${position}';\n`).join(''))));
    let calls = 0;
    const graph = createIndexImportGraph(many, async () => ((calls += 1), null));
    for (let file = 0; file < 3; file += 1) await graph.importsOf(`src/f${file}.ts`);
    expect(calls).toBe(MAX_BARE_RESOLUTIONS);
  });
});
