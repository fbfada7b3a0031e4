import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../src/core/index.js';
import type { SearchTextRequest, SearchTextResult } from '../src/core/index.js';
import { findRipgrep, searchWithNode, searchWithRipgrep } from '../src/adapters/search/index.js';
import { createTempWorkspace } from './support/temp-workspace.js';
import type { TempWorkspace } from './support/temp-workspace.js';

/**
 * The ripgrep engine and the pure-Node engine must answer every request
 * with the same matches and truncation: one fixture tree with every case
 * that could make them differ, one table of requests, both engines.
 */

const FILLER = `${'f'.repeat(99)}\n`.repeat(1400);

const TEXT_FILES: Record<string, string> = {
  '.gitignore': '*.log\n/generated/\n!keep.log\nscratch*/\n',
  '.ignore': 'dot-ignored.txt\n',
  'dot-ignored.txt': 'needle\n',
  'keep.log': 'needle kept by a negation\n',
  'drop.log': 'needle\n',
  'generated/out.txt': 'needle\n',
  'deep/generated/in.txt': 'needle (only the top generated/ is anchored)\n',
  'scratch-1/s.txt': 'needle\n',
  'sub/.gitignore': '!*.log\nlocal-secret.txt\n',
  'sub/sub.log': 'needle re-included below\n',
  'sub/local-secret.txt': 'needle\n',
  'sub/repo/inner.log': 'needle inside a nested repository\n',
  'other/.rgignore': 'rg-hidden.txt\n',
  'other/rg-hidden.txt': 'needle\n',
  'other/shown.txt': 'Needle NEEDLE needle\n',
  '.hidden/h.txt': 'needle\n',
  '.env': 'needle=1\n',
  'node_modules/pkg/index.js': 'module.exports = needle;\n',
  'dist/bundle.js': 'needle\n',
  'vendor/lib/x.go': 'needle\n',
  'src/app.ts': 'import { needle } from "./needle";\nexport const a = needle;\n',
  'src/app.test.ts': 'test("needle", () => {});\n',
  'src/deep/nested/mod.ts': '// needle\n',
  'docs/guide.md': '# Guide\nthe needle and a.b*c( and --pre=sh\n',
  'docs/notes.txt': 'run with -e or --pre=sh; never a flag\n',
  'meta.txt': 'a.b*c( once\nnone here\ntwice a.b*c( a.b*c(\n',
  'many.txt': Array.from({ length: 40 }, (_, index) => `needle number ${index}`).join('\n'),
  'unicode.txt': 'café 😀 needle\nStraße STRASSE straße\nτέλος needle\n300\u212a and \u017fome\n',
  'crlf.txt': 'needle one\r\nneedle two\r\n',
  'no-final-newline.txt': 'first\nlast needle',
  'long-line.txt': `${'x'.repeat(3000)} needle ${'y'.repeat(3000)}\n`,
  'dir with space/a:b ünï.txt': 'needle in an odd path\n',
  'order/a/z.txt': 'needle\n',
  'order/a-b.txt': 'needle\n',
  'order/a.txt': 'needle\n',
  'order/B.txt': 'needle\n',
  'big/large.txt': `needle ${'z'.repeat(2000)}\n`,
  'binary/late-nul-few.txt': `needle 1\n${FILLER}\0\n`,
  'binary/late-nul-many.txt': `needle 1\nneedle 2\nneedle 3\n${FILLER}\0\n`,
  'excluded-by-git.txt': 'needle\n',
};

const BINARY_FILES: Record<string, Buffer> = {
  'binary/image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65]),
  'binary/early-nul.txt': Buffer.from('needle before\n\0needle after\n'),
  'encoding/bom-utf8.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('needle with a BOM\n')]),
  'encoding/utf16le.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('utf16 needle\r\nsecond needle\r\n', 'utf16le')]),
  'encoding/utf16be.txt': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('big endian needle\n', 'utf16le').swap16()]),
  'encoding/invalid-utf8.txt': Buffer.concat([Buffer.from([0xe2, 0x82, 0x20, 0xff]), Buffer.from(' needle \xe9\n', 'latin1')]),
};

type Case = [name: string, request: Omit<SearchTextRequest, 'root'>, expectMatches: boolean];

const CASES: Case[] = [
  ['defaults', { query: 'needle' }, true],
  ['no skipped directories', { query: 'needle', skipDirs: [] }, true],
  ['regex metacharacters', { query: 'a.b*c(' }, true],
  ['a query that looks like a flag', { query: '--pre=sh' }, true],
  ['a query that is a short flag', { query: '-e' }, true],
  ['case-insensitive', { query: 'NEEDLE', caseSensitive: false }, true],
  ['case-insensitive Unicode folding', { query: 'STRASSE', caseSensitive: false }, true],
  ['case-insensitive Kelvin sign and long s', { query: '300k and some', caseSensitive: false }, true],
  ['include *.ts', { query: 'needle', globs: ['*.ts'] }, true],
  ['include src/** minus tests', { query: 'needle', globs: ['src/**'], excludeGlobs: ['*.test.ts'] }, true],
  ['globs written with ./', { query: 'needle', globs: ['./src/**'], excludeGlobs: ['./src/deep/'] }, true],
  ['include {md,txt} minus docs/', { query: 'needle', globs: ['*.{md,txt}'], excludeGlobs: ['docs/'] }, true],
  ['include a hidden file by name', { query: 'needle', globs: ['.env'] }, true],
  ['include what .gitignore ignores', { query: 'needle', globs: ['*.log'] }, true],
  ['per-file limit', { query: 'needle', maxMatchesPerFile: 3 }, true],
  ['per-file limit reached before a late NUL', { query: 'needle', globs: ['binary/*'], maxMatchesPerFile: 2 }, true],
  ['truncated to 5', { query: 'needle', maxResults: 5 }, true],
  ['truncated to 1 without skip dirs', { query: 'needle', maxResults: 1, skipDirs: [] }, true],
  ['truncated, case-insensitive, per-file limit', { query: 'e', caseSensitive: false, maxResults: 40, maxMatchesPerFile: 1 }, true],
  ['a space, heavily truncated', { query: ' ', maxResults: 13 }, true],
  ['small max file size', { query: 'needle', maxFileSizeBytes: 100 }, true],
  ['non-ASCII query', { query: 'café' }, true],
  ['emoji query', { query: '😀' }, true],
  ['Greek, after other non-ASCII', { query: 'λος' }, true],
  ['no match', { query: 'no such string anywhere' }, false],
  ['several queries, one match per line at the first of any', { query: 'needle', moreQueries: ['a.b*c(', '--pre=sh', 'café'] }, true],
  ['several queries, per-file limit and truncation counting lines', { query: 'e', moreQueries: ['needle', ' '], maxMatchesPerFile: 2, maxResults: 30 }, true],
  ['several queries, case-insensitive', { query: 'NEEDLE', moreQueries: ['STRASSE', '300k and some'], caseSensitive: false }, true],
];

let workspace: TempWorkspace;
let rgPath: string;

beforeAll(async () => {
  workspace = await createTempWorkspace({ git: true, files: TEXT_FILES });
  for (const [relative, content] of Object.entries(BINARY_FILES)) workspace.write(relative, content);
  fs.writeFileSync(workspace.path('.git/info/exclude'), 'excluded-by-git.txt\n');
  fs.mkdirSync(workspace.path('sub/repo/.git'));
  fs.symlinkSync('src', workspace.path('link-to-src'));
  fs.symlinkSync('meta.txt', workspace.path('link-to-meta.txt'));
  execFileSync('mkfifo', [workspace.path('a-fifo')]);
  const ripgrep = await findRipgrep({});
  if (ripgrep === null) throw new Error('the bundled ripgrep is missing: reinstall @vscode/ripgrep');
  rgPath = ripgrep.path;
});

afterAll(async () => {
  await workspace.dispose();
});

function withoutEngine(result: SearchTextResult): Omit<SearchTextResult, 'engine'> {
  return { matches: result.matches, truncated: result.truncated };
}

describe('the ripgrep and Node engines agree', () => {
  it.each(CASES)('%s', async (_name, request, expectMatches) => {
    const fullRequest = { root: workspace.root, maxResults: 500, ...request };
    const fromRipgrep = await searchWithRipgrep(rgPath, fullRequest);
    const fromNode = await searchWithNode(fullRequest);
    expect(fromRipgrep.engine).toBe('ripgrep');
    expect(fromNode.engine).toBe('node');
    expect(withoutEngine(fromNode)).toEqual(withoutEngine(fromRipgrep));
    expect(fromRipgrep.matches.length > 0).toBe(expectMatches);
  });

  it('both reject an invalid glob the same way', async () => {
    const request = { root: workspace.root, query: 'needle', globs: ['src/[abc'] };
    const outcomes = await Promise.allSettled([searchWithRipgrep(rgPath, request), searchWithNode(request)]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as unknown;
      expect(InvalidInputError.isInstance(error) && error.field).toBe('globs');
    }
  });

  it('covers the cases it claims to (the fixture is not silently empty)', async () => {
    const { matches } = await searchWithNode({ root: workspace.root, query: 'needle', skipDirs: [], maxResults: 500 });
    const paths = new Set(matches.map((match) => match.path));
    for (const present of ['keep.log', 'sub/sub.log', 'sub/repo/inner.log', 'encoding/utf16le.txt', 'encoding/utf16be.txt', 'encoding/bom-utf8.txt', 'dir with space/a:b ünï.txt', 'deep/generated/in.txt', 'node_modules/pkg/index.js']) {
      expect(paths).toContain(present);
    }
    for (const absent of ['drop.log', 'generated/out.txt', 'dot-ignored.txt', 'other/rg-hidden.txt', 'sub/local-secret.txt', 'excluded-by-git.txt', '.env', 'binary/early-nul.txt', 'binary/late-nul-few.txt', 'link-to-src/app.ts', 'scratch-1/s.txt']) {
      expect(paths).not.toContain(absent);
    }
  });
});
