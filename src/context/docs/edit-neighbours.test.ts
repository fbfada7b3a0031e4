import { describe, expect, it } from 'vitest';
import { buildDocsIndex, openDocsIndex } from './docs-index.js';
import { boundedEditDistance } from './edit-distance.js';
import { MAX_NEIGHBOUR_VISITS, findEditNeighbours } from './edit-neighbours.js';
import { MAX_EDITS, maxEditsFor } from './expand-term.js';
import { buildPageRecord } from './page-record.js';
import { readPageText } from './read-page-text.js';
import { searchDocsIndex } from './search-docs-index.js';

/** A seeded generator, so the made-up vocabulary is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function madeUpWords(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const letters = 'abcdefghijklmnoprstuvwy';
  return Array.from({ length: count }, () => {
    const length = 3 + Math.floor(random() * 10);
    let word = '';
    for (let index = 0; index < length; index += 1) word += letters[Math.floor(random() * letters.length)];
    return word;
  });
}

const sorted = (terms: readonly string[]) => [...new Set(terms)].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));

describe('findEditNeighbours', () => {
  it('finds exactly the terms the edit distance finds, swaps included', () => {
    const terms = sorted([...madeUpWords(3_000, 7), 'config', 'confgi', 'conifg', 'configs', 'confirm', 'con', 'c', 'server', 'sever', 'serve']);
    for (const [query, maxEdits] of [['config', 1], ['config', 2], ['sevrer', 2], ['con', 1], ['abcdefgh', 3], ['ab', 1]] as const) {
      const expected = new Map<number, number>();
      terms.forEach((term, index) => {
        const distance = boundedEditDistance(query, term, maxEdits);
        if (distance > 0 && distance <= maxEdits) expected.set(index, distance);
      });
      expect(findEditNeighbours(terms, query, maxEdits).neighbours).toEqual(expected);
    }
  });

  it('with a tail, measures each term against the nearest prefix of the query that leaves at most that many characters', () => {
    const terms = sorted([...madeUpWords(3_000, 5), 'migrat', 'migr', 'mig', 'config', 'configur']);
    for (const [query, maxEdits, maxTailChars] of [['migraiton', 2, 9], ['configuraton', 2, 9], ['abcdefgh', 1, 3]] as const) {
      const expected = new Map<number, number>();
      terms.forEach((term, index) => {
        let best = maxEdits + 1;
        for (let end = Math.max(0, query.length - maxTailChars); end <= query.length; end += 1) best = Math.min(best, boundedEditDistance(query.slice(0, end), term, maxEdits));
        if (best <= maxEdits) expected.set(index, best);
      });
      const walk = findEditNeighbours(terms, query, maxEdits, { maxTailChars });
      expect(walk.prefixNeighbours).toEqual(expected);
      expect(walk.neighbours).toEqual(findEditNeighbours(terms, query, maxEdits).neighbours);
      expect(walk.visited).toBeLessThanOrEqual(MAX_NEIGHBOUR_VISITS);
    }
  });

  it('tolerates at least as many edits as MiniSearch fuzzy 0.2 at every length', () => {
    for (let length = 3; length <= 40; length += 1) {
      expect(maxEditsFor('x'.repeat(length))).toBeGreaterThanOrEqual(Math.min(MAX_EDITS, Math.round(length * 0.2)));
    }
  });

  it('on a 5,000-page site, finds a misspelled term within a bounded walk, and ranks the misspelled match below the exact one (issue 20)', () => {
    const words = madeUpWords(100_000, 11);
    const pages = Array.from({ length: 5_000 }, (_, page) => {
      const body = words.slice(page * 20, page * 20 + 20).join(' ');
      return buildPageRecord({ target: `area${page % 50}/page${page}`, path: `docs/page${page}.md`, relativePath: `page${page}.md`, text: readPageText(`page${page}.md`, `page${page}`, `# Page ${page}\n\n${body}\n`), truncated: false });
    });
    pages.push(
      buildPageRecord({ target: 'guide/install', path: 'docs/guide/install.md', relativePath: 'guide/install.md', text: readPageText('guide/install.md', 'guide/install', '# Install\n\nRun the installer wizard.\n'), truncated: false }),
      buildPageRecord({ target: 'guide/sever', path: 'docs/guide/sever.md', relativePath: 'guide/sever.md', text: readPageText('guide/sever.md', 'guide/sever', '# Cutting\n\nSever the link.\n'), truncated: false }),
      ...Array.from({ length: 12 }, (_, server) =>
        buildPageRecord({ target: `servers/s${server}`, path: `docs/servers/s${server}.md`, relativePath: `servers/s${server}.md`, text: readPageText(`servers/s${server}.md`, `s${server}`, `# Host ${server}\n\nThe server starts.\n`), truncated: false }),
      ),
    );
    const index = openDocsIndex(buildDocsIndex(pages));
    expect(index.terms.length).toBeGreaterThan(50_000);

    const walk = findEditNeighbours(index.terms, 'instaler', maxEditsFor('instaler'));
    expect([...walk.neighbours.keys()].map((termId) => index.terms[termId])).toContain('instal');
    expect(walk.visited).toBeLessThanOrEqual(MAX_NEIGHBOUR_VISITS);
    // Even on this dense made-up vocabulary (every short prefix exists) the walk computes fewer
    // rows than half the terms, where a scan computes a distance (several rows) per term.
    expect(walk.visited).toBeLessThan(index.terms.length / 2);

    expect(searchDocsIndex({ index, query: 'instaler wizard', isAllowed: () => true, limit: 5 })[0]?.target).toBe('guide/install');
    // `sever` is a word of one page and one edit from `server` on many: those match too, below the exact page.
    const results = searchDocsIndex({ index, query: 'sever', isAllowed: () => true, limit: 5 });
    expect(results.map((hit) => hit.target)).toHaveLength(5);
    expect(results[0]).toMatchObject({ target: 'guide/sever', match: 'complete' });
    expect(results.slice(1).every((hit) => hit.target.startsWith('servers/') && hit.match === 'fuzzy')).toBe(true);
  });
});
