import type { SearchMatch } from '../../core/index.js';

const SLASH = 0x2f;

/**
 * Orders two root-relative, forward-slash paths the way `rg --sort path`
 * walks a tree: component by component, each component compared by code
 * point (which is UTF-8 byte order). So `a/b` comes before `a.txt`: the
 * component `a` is a prefix of `a.txt`. A plain string comparison would
 * put `a.txt` first, since `.` sorts below `/`.
 */
export function comparePaths(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const leftUnit = left.charCodeAt(index);
    const rightUnit = right.charCodeAt(index);
    if (leftUnit === rightUnit) continue;
    // The end of a component sorts before any character that continues it.
    if (leftUnit === SLASH) return -1;
    if (rightUnit === SLASH) return 1;
    return toCodePointOrder(leftUnit) - toCodePointOrder(rightUnit);
  }
  return left.length - right.length;
}

/** Orders matches by path (see comparePaths), then line, then column. */
export function compareMatches(left: SearchMatch, right: SearchMatch): number {
  return comparePaths(left.path, right.path) || left.line - right.line || left.column - right.column;
}

/**
 * Maps a UTF-16 code unit so that comparing mapped units orders strings by
 * code point: surrogates (astral characters) must sort above U+E000..U+FFFF,
 * where UTF-16 puts them below.
 */
function toCodePointOrder(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
