import type { Diagnostic } from '../diagnostic.js';
import { location } from './parse-helpers.js';

// A position after a path: `:12`, `:12:3`, `(12,3)`. Found first, then the path is read backwards.
const POSITION = /:(\d{1,7})(?::(\d{1,7}))?|\((\d{1,7}),\s?(\d{1,7})\)/g;
// `File "x.py", line 3` style positions.
const QUOTED_FILE_LINE = /"([^"]{1,300}\.[A-Za-z][A-Za-z0-9]{0,5})", line (\d{1,7})/g;
// A path must end in a file extension: `a.ts`, `main.go`, `lib.rs`, `page.tsx`.
const ENDS_WITH_EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,5}$/;
/** Longest path read backwards from a position. */
const MAX_PATH_CHARS = 300;
/** Locations kept per line: a line listing hundreds of positions is noise. */
const MAX_LOCATIONS_PER_LINE = 4;

/**
 * The fallback scanner for formats no dedicated parser knows: every
 * `path.ext:line[:col]` and `path.ext(line,col)` in any line, read without
 * backtracking (the position is found first, then the path backwards), so
 * a megabyte of garbage costs linear time. Paths with spaces are left to the
 * dedicated parsers.
 */
export function parseGenericOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of lines) {
    if (!line.includes(':') && !line.includes('(') && !line.includes('", line ')) continue;
    let found = 0;
    for (const match of line.matchAll(POSITION)) {
      if (found >= MAX_LOCATIONS_PER_LINE) break;
      const path = readPathBackwards(line, match.index);
      if (path === null) continue;
      found += 1;
      const rest = line.slice(match.index + match[0].length).replace(/^[\s:\-–]+/, '').trim();
      diagnostics.push({ source: 'generic', message: rest, locations: [location(path, match[1] ?? match[3], match[2] ?? match[4], 'mention')] });
    }
    if (line.includes('", line ')) {
      for (const match of line.matchAll(QUOTED_FILE_LINE)) {
        diagnostics.push({ source: 'generic', message: '', locations: [location(match[1]!, match[2], undefined, 'mention')] });
      }
    }
  }
  return diagnostics;
}

/** The path ending at `end`, or null when what precedes the position is not a file name with an extension. */
function readPathBackwards(line: string, end: number): string | null {
  let start = end;
  while (start > 0 && end - start < MAX_PATH_CHARS) {
    const character = line[start - 1]!;
    if (isPathBoundary(character)) {
      // `C:\x` and `C:/x`: the drive colon belongs to the path.
      if (character === ':' && start - 2 >= 0 && /[A-Za-z]/.test(line[start - 2]!) && (start - 3 < 0 || isPathBoundary(line[start - 3]!)) && /[\\/]/.test(line[start] ?? '')) {
        start -= 2;
        continue;
      }
      break;
    }
    start -= 1;
  }
  let path = line.slice(start, end);
  if (path.startsWith('//') && line.slice(Math.max(0, start - 5), start) === 'file:') path = `file:${path}`;
  // `.toBe(5)` is a method call, `.eslintrc.js:3` a file: a name needs something before its extension.
  if (!ENDS_WITH_EXTENSION.test(path) || !/[^./\\][^/\\]*\.[^./\\]+$/.test(path)) return null;
  // A version or a number (`v1.2`, `1.5`) is no file name.
  if (/^[\d.]+$/.test(path) || /^v?\d+(\.\d+)+$/.test(path)) return null;
  return path;
}

function isPathBoundary(character: string): boolean {
  return /[\s"'`()[\]{}<>,;|=:*?]/.test(character);
}
