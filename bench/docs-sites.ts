// The real documentation sites of bench/docs-search.ts beyond the Vite docs:
// each is a docs tree of a pinned commit, extracted at bench start from the
// local bare mirror of its repository (/work/.mirror/<owner>+<name>/repo), so
// the bench needs no network and the repository holds no copy of the sites.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { JudgedQuery } from './docs-queries.js';
import { ESLINT_QUERIES, PRETTIER_QUERIES } from './docs-queries-sites.js';

const MIRRORS = process.env.BRASS_BENCH_MIRRORS ?? '/work/.mirror';
/** A git archive of a docs tree is a few MiB; the cap only stops a runaway. */
const MAX_ARCHIVE_BYTES = 256 * 1024 * 1024;

/** One site: where its docs live in which commit, and its judged queries. */
export interface BenchSite {
  name: string;
  generator: string;
  repository: string;
  commit: string;
  /** Trees of the commit and where each lands under the bench workspace's docs/ ('' for docs/ itself). */
  trees: readonly { from: string; to: string }[];
  queries: readonly JudgedQuery[];
}

export const BENCH_SITES: readonly BenchSite[] = [
  {
    name: 'eslint',
    generator: 'Eleventy',
    repository: 'eslint/eslint',
    commit: 'c27bc926e496985eb7911c09eb60914b2e4b5d0f',
    trees: [{ from: 'docs/src', to: '' }],
    queries: ESLINT_QUERIES,
  },
  {
    name: 'prettier',
    generator: 'Docusaurus',
    repository: 'prettier/prettier',
    commit: '4f84a934201322ca87750e2b9b25baf296da6560',
    trees: [
      { from: 'docs', to: '' },
      { from: 'website/blog', to: 'blog' },
    ],
    queries: PRETTIER_QUERIES,
  },
];

function gitDirectoryOf(repository: string): string {
  return path.join(MIRRORS, repository.replace('/', '+'), 'repo');
}

/**
 * Extracts a site's trees into `docs`, or returns why it cannot (no mirror,
 * or the pinned commit is not in it): the bench then skips the site.
 */
export function extractSite(site: BenchSite, docs: string): { ok: true } | { ok: false; reason: string } {
  const gitDirectory = gitDirectoryOf(site.repository);
  if (!fs.existsSync(gitDirectory)) return { ok: false, reason: `no mirror of ${site.repository} at ${gitDirectory}` };
  for (const tree of site.trees) {
    const target = path.join(docs, tree.to);
    fs.mkdirSync(target, { recursive: true });
    let archive: Buffer;
    try {
      archive = execFileSync('git', ['--git-dir', gitDirectory, 'archive', '--format=tar', `${site.commit}:${tree.from}`], {
        maxBuffer: MAX_ARCHIVE_BYTES,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      return { ok: false, reason: `${site.repository} has no ${tree.from} at ${site.commit.slice(0, 12)} (${detail})` };
    }
    execFileSync('tar', ['-x', '-C', target], { input: archive });
  }
  return { ok: true };
}

/**
 * The tuning and the held-out half of a site's queries: within each kind,
 * queries at even positions tune, odd ones are held out, so both halves
 * hold task, API and misspelled queries in the same proportions.
 */
export function splitHalves(queries: readonly JudgedQuery[]): { tuning: JudgedQuery[]; heldOut: JudgedQuery[] } {
  const tuning: JudgedQuery[] = [];
  const heldOut: JudgedQuery[] = [];
  const seen = new Map<string, number>();
  for (const query of queries) {
    const position = seen.get(query.kind) ?? 0;
    seen.set(query.kind, position + 1);
    (position % 2 === 0 ? tuning : heldOut).push(query);
  }
  return { tuning, heldOut };
}
