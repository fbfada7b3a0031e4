import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../core/index.js';
import type { SearchTextRequest } from '../../core/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import type { TempWorkspace } from '../../../test/support/temp-workspace.js';
import { BINARY_SNIFF_BYTES } from './find-matches-in-content.js';
import { searchWithNode } from './node-search.js';

let workspace: TempWorkspace;
const FILLER_LINE = `${'f'.repeat(99)}\n`;
/** Enough filler lines to push what follows past the first 64 KiB. */
const PAST_SNIFF = FILLER_LINE.repeat(Math.ceil((BINARY_SNIFF_BYTES * 2) / FILLER_LINE.length));

beforeAll(async () => {
  workspace = await createTempWorkspace();
  workspace.write('binary/early-nul.txt', Buffer.from('needle one\n\0 needle two\n'));
  workspace.write('binary/late-nul-few-matches.txt', `needle 1\n${PAST_SNIFF}\0\n`);
  workspace.write('binary/late-nul-after-limit.txt', `needle 1\nneedle 2\n${PAST_SNIFF}\0\nneedle 3\n`);
  workspace.write('bom/utf8.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('needle after a BOM\n')]));
  workspace.write('bom/utf16be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('x needle\n', 'utf16le').swap16()]));
  workspace.write('fold/kelvin.txt', 'temperature 300\u212a\nlong \u017f here\n');
  workspace.write('plain/a.txt', 'needle\n');
});

afterAll(async () => {
  await workspace.dispose();
});

function search(request: Partial<SearchTextRequest> & { query: string }) {
  return searchWithNode({ root: workspace.root, maxResults: 100, ...request });
}

describe('searchWithNode', () => {
  it('answers as the node engine', async () => {
    expect(await search({ query: 'needle', globs: ['plain/*'] })).toEqual({
      matches: [{ path: 'plain/a.txt', line: 1, column: 1, text: 'needle' }],
      truncated: false,
      engine: 'node',
    });
  });

  it.each([
    ['a NUL in the first 64 KiB drops the file', 'binary/early-nul.txt', null, []],
    ['a late NUL drops the file when fewer lines than the limit match', 'binary/late-nul-few-matches.txt', 5, []],
    ['a late NUL drops the file without a limit', 'binary/late-nul-after-limit.txt', null, []],
    ['a NUL far past the limit-th matching line is never read, as in ripgrep', 'binary/late-nul-after-limit.txt', 2, [1, 2]],
  ])('%s', async (_name, file, maxMatchesPerFile, lines) => {
    const result = await search({ query: 'needle', globs: [file], ...(maxMatchesPerFile === null ? {} : { maxMatchesPerFile }) });
    expect(result.matches.map((match) => match.line)).toEqual(lines);
  });

  it('strips a UTF-8 BOM and decodes UTF-16 BE like ripgrep', async () => {
    const { matches } = await search({ query: 'needle', globs: ['bom/*'] });
    expect(matches).toEqual([
      { path: 'bom/utf16be.txt', line: 1, column: 3, text: 'x needle' },
      { path: 'bom/utf8.txt', line: 1, column: 1, text: 'needle after a BOM' },
    ]);
  });

  it('folds case with Unicode simple case folding when case-insensitive', async () => {
    const kelvin = await search({ query: '300k', caseSensitive: false });
    expect(kelvin.matches).toEqual([{ path: 'fold/kelvin.txt', line: 1, column: 13, text: 'temperature 300\u212a' }]);
    const longS = await search({ query: 'S HERE', caseSensitive: false });
    expect(longS.matches.map((match) => match.line)).toEqual([2]);
    expect((await search({ query: '300k' })).matches).toEqual([]);
  });

  it('rejects a malformed request before touching the disk', async () => {
    await expect(searchWithNode({ root: 'relative/root', query: 'needle' })).rejects.toSatisfy((error: unknown) => InvalidInputError.isInstance(error));
    await expect(search({ query: 'needle', maxResults: 0 })).rejects.toSatisfy((error: unknown) => InvalidInputError.isInstance(error));
    await expect(search({ query: 'needle', skipDirs: ['a/b'] })).rejects.toSatisfy((error: unknown) => InvalidInputError.isInstance(error));
  });

  it('rejects with the abort reason when the signal fires', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by test');
    const pending = search({ query: 'needle', signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
