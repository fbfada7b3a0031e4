import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { MAX_STRUCTURE_FILE_BYTES, readSiteStructure } from './read-site-structure.js';

async function structureOf(files: Record<string, string>, regions: string[], categoryFiles: { path: string; region: string }[] = []) {
  await using workspace = await createTempWorkspace({ files });
  const opened = await openWorkspace({ cwd: workspace.root, env: {} });
  // Awaited here: the workspace is removed when this function returns.
  return await readSiteStructure(opened.runtime, { dirs: ['website/docs'], categoryFiles, regions: new Set(regions) });
}

describe('readSiteStructure', () => {
  it('labels regions from a Docusaurus sidebars.json: categories, shorthand groups and doc items, the outermost group that fits one folder', async () => {
    const sidebars = {
      docs: [
        'intro',
        { type: 'category', label: 'Guides', items: ['guides/install', { type: 'doc', id: 'guides/deploy' }, { type: 'category', label: 'Advanced', items: ['guides/advanced/ssr'] }] },
        { 'API Reference': ['api/cli', 'api/config'] },
        { type: 'link', label: 'GitHub', href: 'https://github.com' },
        { type: 'category', label: 'Mixed', items: ['misc/a', 'other/b'] },
      ],
      // A sidebar id is no label, even when all its pages are in one folder.
      other: ['other/b'],
    };
    const structure = await structureOf({ 'website/sidebars.json': JSON.stringify(sidebars), 'website/docs/intro.md': '# Intro\n' }, ['guides', 'api', 'misc', 'other']);
    expect(Object.fromEntries(structure.regions)).toEqual({ guides: { title: 'Guides' }, api: { title: 'API Reference' } });
    expect(structure.warnings).toEqual([]);
  });

  it('reads a _category_.yml safely, and refuses files over the cap and shapes that are no category', async () => {
    const structure = await structureOf(
      {
        'website/docs/a/_category_.yml': 'label: Alpha\nposition: 3\ndescription: First things.\n',
        'website/docs/b/_category_.json': JSON.stringify({ label: 'B', padding: 'x'.repeat(MAX_STRUCTURE_FILE_BYTES) }),
        'website/docs/c/_category_.json': JSON.stringify({ label: 42 }),
        'website/docs/d/_category_.yml': 'label: !!js/function "function () { return 1 }"\n',
      },
      ['a', 'b', 'c', 'd'],
      ['a/_category_.yml', 'b/_category_.json', 'c/_category_.json', 'd/_category_.yml'].map((path) => ({ path: `website/docs/${path}`, region: path.slice(0, 1) })),
    );
    expect(Object.fromEntries(structure.regions)).toEqual({ a: { title: 'Alpha', position: 3, description: 'First things.' } });
    expect(structure.warnings).toEqual([
      `website/docs/b/_category_.json: larger than ${MAX_STRUCTURE_FILE_BYTES} bytes, not read; the folder structure is used`,
      expect.stringMatching(/^website\/docs\/c\/_category_\.json: not a category \(.+\); the folder name is used$/),
      expect.stringMatching(/^website\/docs\/d\/_category_\.yml: not valid YAML \(.+\); the folder name is used$/),
    ]);
  });

  it('ignores an mkdocs.yml whose docs_dir is another folder', async () => {
    const structure = await structureOf({ 'website/mkdocs.yml': 'docs_dir: pages\nnav:\n  - Guides:\n    - guides/a.md\n' }, ['guides']);
    expect(structure.regions.size).toBe(0);
  });
});
