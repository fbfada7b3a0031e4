import { describe, expect, it } from 'vitest';
import { parseGenericOutput } from './parse-generic-output.js';

describe('parseGenericOutput', () => {
  it.each([
    { line: 'warning at src/a.ts:12:3 in build', path: 'src/a.ts', position: [12, 3] },
    { line: 'lib/x.py(7,2): oops', path: 'lib/x.py', position: [7, 2] },
    { line: 'see file:///srv/app/src/b.mjs:10', path: 'file:///srv/app/src/b.mjs', position: [10, undefined] },
    { line: 'C:\\app\\src\\c.ts:4:1 - bad', path: 'C:\\app\\src\\c.ts', position: [4, 1] },
    { line: '  File "app/run.py", line 9, in run', path: 'app/run.py', position: [9, undefined] },
  ])('finds $path in "$line"', ({ line, path, position }) => {
    const [diagnostic] = parseGenericOutput([line]);
    expect(diagnostic!.locations[0]).toMatchObject({ path, line: position[0], ...(position[1] === undefined ? {} : { column: position[1] }), role: 'mention' });
  });

  it.each(['Start at 06:01:04', 'expect(add(2, 3)).toBe(5);', 'version v1.2.3:4', 'https://example.com'])('finds no file in "%s"', (line) => {
    expect(parseGenericOutput([line]).map((diagnostic) => diagnostic.locations[0]!.path).filter((path) => !path.startsWith('//'))).toEqual([]);
  });

  it('reads a megabyte line of garbage in linear time and finds nothing', () => {
    const garbage = 'a/b/c:'.repeat(200_000);
    expect(parseGenericOutput([garbage])).toEqual([]);
  });
});
