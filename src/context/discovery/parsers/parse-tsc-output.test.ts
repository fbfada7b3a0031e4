import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseTscOutput } from './parse-tsc-output.js';

// Real output of tsc 5.9 (see __fixtures__): a project with one file broken in nine ways.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseTscOutput', () => {
  it.each(['tsc-plain.txt', 'tsc-pretty.txt'])('reads every error of %s with its line, column and code', (name) => {
    const diagnostics = parseTscOutput(fixture(name));
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.locations[0]])).toEqual([
      ['TS2305', { path: 'src/app/main.ts', line: 1, column: 28, role: 'error' }],
      ['TS2307', { path: 'src/app/main.ts', line: 2, column: 24, role: 'error' }],
      ['TS2353', { path: 'src/app/main.ts', line: 5, column: 31, role: 'error' }],
      ['TS2554', { path: 'src/app/main.ts', line: 6, column: 13, role: 'error' }],
      ['TS2551', { path: 'src/app/main.ts', line: 7, column: 18, role: 'error' }],
      ['TS2322', { path: 'src/app/main.ts', line: 8, column: 7, role: 'error' }],
      ['TS2322', { path: 'src/app/main.ts', line: 9, column: 7, role: 'error' }],
      ['TS2304', { path: 'src/app/main.ts', line: 10, column: 13, role: 'error' }],
      ['TS2304', { path: 'src/app/main.ts', line: 11, column: 13, role: 'error' }],
    ]);
    expect(diagnostics[0]!.message).toBe(`Module '"../lib/shapes.js"' has no exported member 'getRole'.`);
    expect(diagnostics[5]!.message).toBe("Type 'User | undefined' is not assignable to type 'User'.\nType 'undefined' is not assignable to type 'User'.");
  });

  it("keeps the pretty format's related locations, which point at the changed definition", () => {
    const diagnostics = parseTscOutput(fixture('tsc-pretty.txt'));
    const related = diagnostics.flatMap((diagnostic) => diagnostic.locations.filter((location) => location.role === 'related'));
    expect(related).toEqual([
      { path: 'src/lib/shapes.ts', line: 8, column: 40, role: 'related' },
      { path: 'src/lib/shapes.ts', line: 13, column: 3, role: 'related' },
    ]);
    expect(diagnostics[3]!.message).toContain("An argument for 'uppercase' was not provided.");
  });

  it('reads errors in several files and ignores the summary table', () => {
    const diagnostics = parseTscOutput(fixture('tsc-pretty-multi.txt'));
    expect(diagnostics).toHaveLength(10);
    expect(diagnostics[9]!.locations[0]).toEqual({ path: 'src/app/other.ts', line: 2, column: 33, role: 'error' });
    expect(diagnostics.every((diagnostic) => !diagnostic.message.includes('Errors  Files'))).toBe(true);
  });

  it('reads paths with spaces, non-ASCII names and Windows separators', () => {
    const lines = ['src/my dir/ünï.ts(3,5): error TS2304: Cannot find name \'x\'.', 'src\\win\\a.ts:4:2 - error TS2339: Property \'y\' does not exist on type \'Z\'.'];
    expect(parseTscOutput(lines).map((diagnostic) => diagnostic.locations[0]!.path)).toEqual(['src/my dir/ünï.ts', 'src\\win\\a.ts']);
  });
});
