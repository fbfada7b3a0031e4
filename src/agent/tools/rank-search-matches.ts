import { posix } from 'node:path';
import { roleFactorOf } from '../../context/discovery/index.js';
import type { SearchMatch } from '../../core/index.js';

/**
 * A line that declares a name: `export function x`, `class X`, `def x`,
 * `const x =` and the like (TypeScript, JavaScript, Python, Go, Rust). The
 * name is group 1.
 */
const DECLARATION = /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:function\*?|class|interface|type|enum|const|let|var|def|fn|func|struct|trait|namespace|module)\s+([A-Za-z_$][\w$]*)/;

/** How much a file's name containing the query, or a declaration of it, lifts the file: more than a few more uses do. */
const PATH_FACTOR = 2;
const DECLARATION_FACTOR = 3;

/** A name as words without their separators and case: `render-widget.ts` and `renderWidget` meet. */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Orders search matches by relevance to `query`, best file first, each
 * file's matches in line order (issue 18, item 10): source before docs,
 * tests, examples, benchmarks and fixtures (the discovery's path roles and
 * their order, unless the query is about that role, as with "test"); within
 * a role, a file that declares the query or whose name contains it before
 * one that only uses it, more matches before fewer. Ties keep the input's path order, so the order is
 * the same on every run.
 */
export function rankSearchMatches(matches: readonly SearchMatch[], query: string, isCaseSensitive: boolean): SearchMatch[] {
  const fold = (text: string): string => (isCaseSensitive ? text : text.toLowerCase());
  const needle = fold(query);
  const squashedQuery = squash(query);
  const byFile = new Map<string, SearchMatch[]>();
  for (const match of matches) {
    const list = byFile.get(match.path) ?? [];
    list.push(match);
    byFile.set(match.path, list);
  }
  const scored = [...byFile].map(([path, fileMatches]) => {
    const declares = fileMatches.some((match) => fold(DECLARATION.exec(match.text)?.[1] ?? '').includes(needle));
    const named = squashedQuery.length > 0 && squash(posix.basename(path)).includes(squashedQuery);
    const score = (1 + Math.log2(fileMatches.length)) * (named ? PATH_FACTOR : 1) * (declares ? DECLARATION_FACTOR : 1);
    return { role: roleFactorOf(path, query), score, matches: [...fileMatches].sort((left, right) => left.line - right.line || left.column - right.column) };
  });
  // The role is a tier, not a weight: a test named after the query still comes after the source that uses it.
  // Array.prototype.sort is stable: equal files keep the path order they came in.
  scored.sort((left, right) => right.role - left.role || right.score - left.score);
  return scored.flatMap((file) => file.matches);
}
