import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BrassError, CommandStartError, InvalidInputError } from '../../core/index.js';
import type { SearchTextRequest } from '../../core/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { findRipgrep } from './find-ripgrep.js';
import { MAX_MATCH_TEXT_CHARS } from './match-text.js';
import { searchWithRipgrep } from './ripgrep-search.js';

let workspace: TempWorkspace;
let rgPath: string;

beforeAll(async () => {
  workspace = await createTempWorkspace({
    files: {
      'meta.txt': 'plain a.b*c( here\nno match on this line\nx a.b*c( a.b*c(\n',
      'dash.txt': 'run --pre=sh now\nflag -e here\n',
      'src/app.ts': 'export const needle = 1;\n',
      'src/app.test.ts': 'test(needle)\n',
      'docs/guide.md': 'the needle in docs\n',
      '.gitignore': 'ignored.txt\nlogs/\n',
      'ignored.txt': 'needle\n',
      'logs/run.txt': 'needle\n',
      '.hidden/secret.txt': 'needle\n',
      '.env': 'needle\n',
      'node_modules/pkg/index.js': 'needle\n',
      'dist/bundle.js': 'needle\n',
      'many.txt': Array.from({ length: 30 }, (_, index) => `line ${index} needle`).join('\n'),
      'unicode.txt': 'café 😀 needle\n',
      'dir with space/a:b ünï.txt': 'needle inside\n',
      'crlf.txt': 'needle one\r\nneedle two\r\n',
      'Case.txt': 'NEEDLE upper\nNeedle mixed\n',
      'long.txt': `${'x'.repeat(2000)} needle\n`,
      'order/a/z.txt': 'needle\n',
      'order/a-b.txt': 'needle\n',
      'order/a.txt': 'needle\n',
      'order/B.txt': 'needle\n',
    },
  });
  workspace.write('binary.bin', Buffer.from('needle\0binary\n'));
  workspace.write('big.txt', `needle ${'y'.repeat(5000)}\n`);
  workspace.write('invalid-utf8.txt', Buffer.concat([Buffer.from([0xc3, 0x28, 0x20]), Buffer.from('needle\n')]));
  workspace.write('utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('needle in utf16\n', 'utf16le')]));
  const ripgrep = await findRipgrep({});
  if (ripgrep === null) throw new Error('the bundled ripgrep is missing: reinstall @vscode/ripgrep');
  rgPath = ripgrep.path;
});

afterAll(async () => {
  await workspace.dispose();
});

afterEach(() => {
  delete process.env.RIPGREP_CONFIG_PATH;
});

function search(request: Partial<SearchTextRequest> & { query: string }) {
  return searchWithRipgrep(rgPath, { root: workspace.root, maxResults: 1000, ...request });
}

async function pathsFor(request: Partial<SearchTextRequest> & { query: string }): Promise<string[]> {
  return [...new Set((await search(request)).matches.map((match) => match.path))];
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('searchWithRipgrep', () => {
  it('matches regex metacharacters literally, one match per line at the first occurrence', async () => {
    const result = await search({ query: 'a.b*c(' });
    expect(result.engine).toBe('ripgrep');
    expect(result.truncated).toBe(false);
    expect(result.matches).toEqual([
      { path: 'meta.txt', line: 1, column: 7, text: 'plain a.b*c( here' },
      { path: 'meta.txt', line: 3, column: 3, text: 'x a.b*c( a.b*c(' },
    ]);
  });

  it('searches several queries in one pass: a line with any is one match, at the first occurrence of any', async () => {
    const result = await search({ query: 'a.b*c(', moreQueries: ['here', '--pre=sh'], globs: ['meta.txt', 'dash.txt'] });
    expect(result.matches).toEqual([
      { path: 'dash.txt', line: 1, column: 5, text: 'run --pre=sh now' },
      { path: 'dash.txt', line: 2, column: 9, text: 'flag -e here' },
      { path: 'meta.txt', line: 1, column: 7, text: 'plain a.b*c( here' },
      { path: 'meta.txt', line: 3, column: 3, text: 'x a.b*c( a.b*c(' },
    ]);
    const limited = await search({ query: 'needle', moreQueries: ['line 2'], globs: ['many.txt'], maxMatchesPerFile: 4 });
    expect(limited.matches.map((match) => match.line)).toEqual([1, 2, 3, 4]);
  });

  it('rejects a further query that is empty or holds a line break, naming it', async () => {
    const error = await rejection(searchWithRipgrep('/nonexistent/rg', { root: workspace.root, query: 'ok', moreQueries: ['fine', 'two\nlines'] }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as InvalidInputError).field).toBe('moreQueries[1]');
  });

  it.each(['--pre=sh', '-e', '--', '-'])('treats the query %s as text, never as a flag', async (query) => {
    const result = await search({ query });
    expect(result.matches.every((match) => match.text.includes(query))).toBe(true);
    if (query !== '-' && query !== '--') expect(result.matches.map((match) => match.path)).toEqual(['dash.txt']);
  });

  it.each([
    ['a newline', 'two\nlines'],
    ['a carriage return', 'two\rlines'],
    ['a NUL byte', 'nul\0byte'],
    ['nothing', ''],
  ])('rejects a query with %s before starting ripgrep', async (_name, query) => {
    const error = await rejection(searchWithRipgrep('/nonexistent/rg', { root: workspace.root, query }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as InvalidInputError).field).toBe('query');
  });

  it('applies include and exclude globs', async () => {
    expect(await pathsFor({ query: 'needle', globs: ['*.ts'] })).toEqual(['src/app.test.ts', 'src/app.ts']);
    expect(await pathsFor({ query: 'needle', globs: ['src/**'], excludeGlobs: ['*.test.ts'] })).toEqual(['src/app.ts']);
    expect(await pathsFor({ query: 'needle', globs: ['*.md', '*.ts'], excludeGlobs: ['src/'] })).toEqual(['docs/guide.md']);
  });

  it('rejects an invalid glob with the field that holds it', async () => {
    const error = await rejection(search({ query: 'needle', excludeGlobs: ['[abc'] }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as InvalidInputError).field).toBe('excludeGlobs');
  });

  it('honours .gitignore without a .git directory and skips hidden entries and skip dirs', async () => {
    const paths = await pathsFor({ query: 'needle' });
    for (const left of ['ignored.txt', 'logs/run.txt', '.hidden/secret.txt', '.env', 'node_modules/pkg/index.js', 'dist/bundle.js']) {
      expect(paths).not.toContain(left);
    }
    expect(paths).toContain('src/app.ts');
  });

  it('honours .gitignore inside a git repository too', async () => {
    await using repo = await createTempWorkspace({ git: true, files: { '.gitignore': 'out.txt\n', 'out.txt': 'needle\n', 'in.txt': 'needle\n' } });
    const result = await searchWithRipgrep(rgPath, { root: repo.root, query: 'needle' });
    expect(result.matches.map((match) => match.path)).toEqual(['in.txt']);
  });

  it('searches skip dirs when told to skip none', async () => {
    const paths = await pathsFor({ query: 'needle', skipDirs: [] });
    expect(paths).toContain('node_modules/pkg/index.js');
    expect(paths).toContain('dist/bundle.js');
  });

  it('keeps at most maxMatchesPerFile lines per file', async () => {
    const result = await search({ query: 'needle', globs: ['many.txt'], maxMatchesPerFile: 5 });
    expect(result.matches.map((match) => match.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('truncates to the first maxResults matches in path order, the same on every run', async () => {
    const all = await search({ query: 'needle', skipDirs: [] });
    for (let run = 0; run < 3; run += 1) {
      const truncated = await search({ query: 'needle', skipDirs: [], maxResults: 7 });
      expect(truncated.truncated).toBe(true);
      expect(truncated.matches).toEqual(all.matches.slice(0, 7));
    }
    const exact = await search({ query: 'needle', skipDirs: [], maxResults: all.matches.length });
    expect(exact.truncated).toBe(false);
  });

  it('skips files larger than maxFileSizeBytes', async () => {
    expect(await pathsFor({ query: 'needle', maxFileSizeBytes: 1000 })).not.toContain('big.txt');
    expect(await pathsFor({ query: 'needle', maxFileSizeBytes: 10_000 })).toContain('big.txt');
  });

  it('counts columns in UTF-16 code units of the text', async () => {
    const [match] = (await search({ query: 'needle', globs: ['unicode.txt'] })).matches;
    expect(match).toEqual({ path: 'unicode.txt', line: 1, column: 9, text: 'café 😀 needle' });
    expect(match?.text.slice((match.column ?? 0) - 1)).toBe('needle');
  });

  it('returns paths with spaces, colons and non-ASCII characters intact', async () => {
    expect(await pathsFor({ query: 'needle inside' })).toEqual(['dir with space/a:b ünï.txt']);
  });

  it('skips binary files, decodes UTF-16 and replaces invalid UTF-8', async () => {
    const paths = await pathsFor({ query: 'needle' });
    expect(paths).not.toContain('binary.bin');
    expect((await search({ query: 'needle in utf16' })).matches).toEqual([{ path: 'utf16.txt', line: 1, column: 1, text: 'needle in utf16' }]);
    expect((await search({ query: 'needle', globs: ['invalid-utf8.txt'] })).matches).toEqual([
      { path: 'invalid-utf8.txt', line: 1, column: 4, text: '\ufffd( needle' },
    ]);
  });

  it('strips CRLF terminators and caps long lines', async () => {
    expect((await search({ query: 'needle', globs: ['crlf.txt'] })).matches.map((match) => match.text)).toEqual(['needle one', 'needle two']);
    const [long] = (await search({ query: 'needle', globs: ['long.txt'] })).matches;
    expect(long?.text).toHaveLength(MAX_MATCH_TEXT_CHARS);
    expect(long?.column).toBe(2002);
  });

  it('matches case-insensitively when asked', async () => {
    expect(await pathsFor({ query: 'NEEDLE', globs: ['Case.txt'] })).toEqual(['Case.txt']);
    expect((await search({ query: 'needle', globs: ['Case.txt'], caseSensitive: false })).matches.map((match) => match.line)).toEqual([1, 2]);
  });

  it('returns matches sorted by path (component by component), line and column', async () => {
    const { matches } = await search({ query: 'needle', skipDirs: [], maxMatchesPerFile: 2 });
    expect(matches.map((match) => `${match.path}:${match.line}`)).toEqual([
      'big.txt:1',
      'crlf.txt:1',
      'crlf.txt:2',
      'dir with space/a:b ünï.txt:1',
      'dist/bundle.js:1',
      'docs/guide.md:1',
      'invalid-utf8.txt:1',
      'long.txt:1',
      'many.txt:1',
      'many.txt:2',
      'node_modules/pkg/index.js:1',
      'order/B.txt:1',
      'order/a/z.txt:1',
      'order/a-b.txt:1',
      'order/a.txt:1',
      'src/app.test.ts:1',
      'src/app.ts:1',
      'unicode.txt:1',
      'utf16.txt:1',
    ]);
  });

  it('returns an empty result when nothing matches', async () => {
    expect(await search({ query: 'no such text anywhere' })).toEqual({ matches: [], truncated: false, engine: 'ripgrep' });
  });

  it('ignores a ripgrep config file named by RIPGREP_CONFIG_PATH', async () => {
    const config = workspace.write('rg-config', '--max-count=1\n--invert-match\n');
    process.env.RIPGREP_CONFIG_PATH = config;
    try {
      expect((await search({ query: 'needle', globs: ['many.txt'] })).matches).toHaveLength(30);
    } finally {
      fs.rmSync(config);
    }
  });

  it('throws CommandStartError when ripgrep is missing', async () => {
    const error = await rejection(searchWithRipgrep(workspace.path('no-rg-here'), { root: workspace.root, query: 'needle' }));
    expect(CommandStartError.isInstance(error)).toBe(true);
  });

  it('throws search-failed when ripgrep exits 2 before searching', async () => {
    const fakeRg = workspace.write('fake-rg', '#!/bin/sh\necho "rg: unexpected argument" >&2\nexit 2\n');
    fs.chmodSync(fakeRg, 0o755);
    try {
      const error = await rejection(searchWithRipgrep(fakeRg, { root: workspace.root, query: 'needle' }));
      expect(BrassError.isInstance(error) && error.code).toBe('search-failed');
      expect((error as Error).message).toContain('rg: unexpected argument');
    } finally {
      fs.rmSync(fakeRg);
    }
  });

  it('throws FileAccessError when the root is not a directory', async () => {
    const error = await rejection(searchWithRipgrep(rgPath, { root: workspace.path('meta.txt'), query: 'needle' }));
    expect(BrassError.isInstance(error) && error.code).toBe('file-not-a-directory');
  });

  it('rejects with the abort reason when the signal fires', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by test');
    const pending = search({ query: 'needle', signal: controller.signal });
    controller.abort(reason);
    expect(await rejection(pending)).toBe(reason);
  });
});
