import { describe, expect, it } from 'vitest';
import { type IndexImportGraph, createIndexImportGraph } from './index-import-graph.js';
import { MAX_PROPAGATION_SEEDS, MAX_SECOND_HOP_FILES, describeImports, propagateGoalImports } from './propagate-goal-imports.js';
import { createRetrievalIndex } from './retrieval/build-retrieval-index.js';
import { indexDocument } from './retrieval/index-document.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';

const WEIGHTS = { weight: 1, hopDecay: 0.5, minSources: 2 };
const match = (path: string, score = 5): GoalMatch => ({ path, score, matches: [{ field: 'body', terms: ['slot', 'hydrat'] }], exactSymbols: [], namedPath: null });
const importing = (...specifiers: string[]) => specifiers.map((specifier) => `import { x } from '${specifier}';\n`).join('');
const graphOf = (files: Record<string, string>) => createIndexImportGraph(createRetrievalIndex(Object.entries(files).map(([path, content]) => indexDocument(path, content))), async () => null);
const propagate = (matches: GoalMatch[], graph: IndexImportGraph, weights = WEIGHTS) => propagateGoalImports(matches, graph, { goalTitle: 'hydration mismatch with a slot', weights });

describe('propagateGoalImports', () => {
  it('finds a file two hops from the goal matches, which one hop cannot reach, and says through which file', async () => {
    const graph = graphOf({
      'src/render/slots.ts': importing('../runtime/normalize.js'),
      'src/render/hydration.ts': importing('../runtime/normalize.js'),
      'src/runtime/normalize.ts': importing('./vnode-flags.js'),
      'src/runtime/vnode-flags.ts': 'export const x = 1;\n',
    });
    const matches = [match('src/render/slots.ts', 6), match('src/render/hydration.ts', 5)];
    const oneHop = await propagate(matches, graph, { ...WEIGHTS, hopDecay: 0 });
    expect(oneHop.map((item) => item.path)).not.toContain('src/runtime/vnode-flags.ts');
    const twoHops = await propagate(matches, graph);
    const target = twoHops.find((item) => item.path === 'src/runtime/vnode-flags.ts');
    expect(target?.score).toBeGreaterThan(0);
    expect(describeImports(target!.imports!)).toBe('imported by src/runtime/normalize.ts, which src/render/slots.ts and src/render/hydration.ts (matching the goal) import');
    const middle = twoHops.find((item) => item.path === 'src/runtime/normalize.ts')!;
    expect(describeImports(middle.imports!)).toBe('imported by src/render/slots.ts and src/render/hydration.ts, which match the goal');
    // One hop decays: the file both matches import directly gains more than the one behind it.
    expect(middle.score).toBeGreaterThan(target!.score);
  });

  it("lifts nothing that only one goal match reaches: one file's imports alone are noise", async () => {
    const graph = graphOf({ 'src/a.ts': importing('./b.js'), 'src/b.ts': importing('./c.js'), 'src/c.ts': '' });
    const propagated = await propagate([match('src/a.ts')], graph);
    expect(propagated.map((item) => [item.path, item.score, item.imports])).toEqual([['src/a.ts', 5, undefined]]);
  });

  it('does not promote a utility every file imports over the module the goal matches share', async () => {
    const files: Record<string, string> = { 'src/util.ts': '', 'src/render/normalize.ts': '' };
    for (let position = 0; position < 30; position += 1) files[`src/feature-${position}.ts`] = importing('./util.js');
    for (const seed of ['src/render/slots.ts', 'src/render/hydration.ts', 'src/render/teleport.ts']) files[seed] = importing('../util.js', './normalize.js');
    const matches = ['src/render/slots.ts', 'src/render/hydration.ts', 'src/render/teleport.ts'].map((path) => match(path));
    const propagated = await propagate(matches, graphOf(files));
    const scoreOf = (path: string) => propagated.find((item) => item.path === path)?.score ?? 0;
    expect(scoreOf('src/render/normalize.ts')).toBeGreaterThan(scoreOf('src/util.ts'));
    // 3 of its 33 importers match the goal: the utility keeps 3/33 of the flow, the goal matches stay ahead of it.
    expect(propagated.slice(0, 4).map((item) => item.path)).toEqual(['src/render/normalize.ts', 'src/render/hydration.ts', 'src/render/slots.ts', 'src/render/teleport.ts']);
    expect(scoreOf('src/util.ts')).toBeLessThan(5);
  });

  it('passes little through a barrel that imports everything', async () => {
    const files: Record<string, string> = { 'src/index.ts': importing(...Array.from({ length: 40 }, (_unused, position) => `./module-${position}.js`)), 'src/other.ts': importing('./module-0.js', './module-1.js') };
    for (let position = 0; position < 40; position += 1) files[`src/module-${position}.ts`] = '';
    const propagated = await propagate([match('src/index.ts'), match('src/other.ts')], graphOf(files));
    const module0 = propagated.find((item) => item.path === 'src/module-0.ts')!;
    // From the barrel 1/sqrt(40) of its score, from the file with two imports 1/sqrt(2): the barrel's share is the smaller.
    expect(module0.score).toBeLessThan(5);
    expect(describeImports(module0.imports!)).toBe('imported by src/other.ts and src/index.ts, which match the goal');
  });

  it('ends on import cycles, and a goal match never reaches itself', async () => {
    const graph = graphOf({ 'src/a.ts': importing('./b.js', './c.js'), 'src/b.ts': importing('./a.js', './c.js'), 'src/c.ts': importing('./a.js', './b.js') });
    const propagated = await propagate([match('src/a.ts'), match('src/b.ts')], graph);
    expect(propagated.map((item) => item.path).sort()).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);
    for (const item of propagated) expect(item.imports?.from.map((source) => source.path) ?? []).not.toContain(item.path);
  });

  it('looks at a bounded number of files on a 1,000-file star graph', async () => {
    const files: Record<string, string> = { 'src/hub.ts': importing(...Array.from({ length: 64 }, (_unused, position) => `./leaf-${position}.js`)) };
    for (let position = 0; position < 999; position += 1) files[`src/leaf-${position}.ts`] = importing('./hub.js');
    const graph = graphOf(files);
    const asked: string[] = [];
    const counting: IndexImportGraph = { has: (path) => graph.has(path), importerCountOf: (path) => graph.importerCountOf(path), importsOf: (path) => (asked.push(path), graph.importsOf(path)) };
    const matches = Array.from({ length: 50 }, (_unused, position) => match(`src/leaf-${position}.ts`, 10 - position / 10));
    const propagated = await propagate(matches, counting);
    expect(asked.length).toBeLessThanOrEqual(MAX_PROPAGATION_SEEDS + MAX_SECOND_HOP_FILES);
    expect(graph.importerCountOf('src/hub.ts')).toBe(999);
    // Imported by all 999 leaves, 10 of them goal matches: the hub keeps 10/999 of their flow and stays far below the goal's best.
    expect(propagated[0]!.path).toBe('src/leaf-0.ts');
    expect(propagated.find((item) => item.path === 'src/hub.ts')?.score ?? 0).toBeLessThan(1);
    expect(propagated.length).toBeLessThanOrEqual(50);
  });

  it('changes nothing with weight 0, but still explains what the graph shows about a goal match', async () => {
    const graph = graphOf({ 'src/a.ts': importing('./c.js'), 'src/b.ts': importing('./c.js'), 'src/c.ts': '' });
    const matches = [match('src/a.ts', 6), match('src/b.ts', 5), match('src/c.ts', 1)];
    const propagated = await propagate(matches, graph, { ...WEIGHTS, weight: 0 });
    expect(propagated.map((item) => [item.path, item.score])).toEqual([['src/a.ts', 6], ['src/b.ts', 5], ['src/c.ts', 1]]);
    expect(describeImports(propagated[2]!.imports!)).toBe('imported by src/a.ts and src/b.ts, which match the goal');
  });
});

describe('describeImports', () => {
  it('names the goal matches and the file between, one hop and two alike', () => {
    expect(describeImports({ from: [{ path: 'src/a.ts' }] })).toBe('imported by src/a.ts, which matches the goal');
    expect(describeImports({ from: [{ path: 'src/a.ts' }, { path: 'src/b.ts' }, { path: 'src/c.ts' }] })).toBe('imported by src/a.ts, src/b.ts and src/c.ts, which match the goal');
    expect(describeImports({ from: [{ path: 'src/a.ts' }, { path: 'src/b.ts', via: 'src/m.ts' }] })).toBe('imported by src/a.ts, which matches the goal; imported by src/m.ts, which src/b.ts (matching the goal) imports');
  });
});
