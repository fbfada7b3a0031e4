import { describe, expect, it } from 'vitest';
import { createRecordSearch } from './create-record-search.js';

describe('createRecordSearch', () => {
  const search = createRecordSearch([
    { id: 'tests', title: 'Running the tests', headings: ['pnpm'], body: 'The API tests need `pnpm -F api test`; the root `npm test` skips them.' },
    { id: 'dates', title: 'Date helpers', headings: ['time'], body: 'The date helpers live in packages/core/src/time.' },
    { id: 'client', title: 'Generated client', headings: [], body: 'Never edit the generated client under src/gen; regenerate it.' },
  ]);

  it('ranks records with the docs ranker and returns their ids, titles and snippets', async () => {
    const hits = await search.search('how do I run the api tests');
    expect(hits[0]).toEqual({ id: 'tests', title: 'Running the tests', snippet: expect.stringContaining('pnpm -F api test') });
    expect((await search.search('date helper'))[0]?.id).toBe('dates');
    // Tags count: the alias field finds the entry.
    expect((await search.search('pnpm'))[0]?.id).toBe('tests');
  });

  it('returns at most the limit, never more than five, and nothing for no match', async () => {
    const many = createRecordSearch(Array.from({ length: 50 }, (_, index) => ({ id: `r${index}`, title: `Note ${index}`, headings: [], body: 'shared words about the build' })));
    expect(await many.search('build', 50)).toHaveLength(5);
    expect(await many.search('build', 2)).toHaveLength(2);
    expect(await search.search('zzqx')).toEqual([]);
    expect(many.size).toBe(50);
  });
});
