import type { RawLocation } from './diagnostic.js';
import { isTellingIdentifier } from './is-telling-identifier.js';

/** What a goal such as "fix `getToken` in src/auth/auth-client.ts" says. */
export interface GoalSignals {
  /** Paths (with `:line:col` when given). */
  paths: RawLocation[];
  /** Identifiers from backticked code (`code`) and from CamelCase, camelCase and snake_case words (`word`). */
  identifiers: { name: string; from: 'code' | 'word' }[];
  /** Lower-case words of the goal, matched against path segments when ranking (`auth`, `token`). */
  words: string[];
}

/** Longest goal read; a goal is a sentence or a paragraph, not a log. */
export const MAX_GOAL_CHARS = 10_000;

const BACKTICKED = /`([^`\n]{1,200})`/g;
const PATH = /(?:^|[\s(["'`])((?:\.{1,2}\/|\/)?[\p{L}\p{N}_@~+.-]+(?:[\\/][\p{L}\p{N}_@~+. -]*[\p{L}\p{N}_@~+.-])*\.[A-Za-z][A-Za-z0-9]{0,5}|(?:\.{1,2}\/)?[\p{L}\p{N}_@~+.-]+(?:\/[\p{L}\p{N}_@~+.-]+)+)(?::(\d{1,7})(?::(\d{1,7}))?)?(?=$|[\s)\]"'`,;:!?])/gu;
const WORD = /[A-Za-z_$][\w$]*/g;
const STOP_WORDS = new Set(['the', 'and', 'for', 'fix', 'fails', 'failing', 'failed', 'error', 'errors', 'test', 'tests', 'with', 'when', 'that', 'this', 'from', 'into', 'make', 'should', 'does', 'not', 'why', 'how', 'after', 'before', 'again', 'pass', 'passes', 'broken', 'bug', 'issue', 'please', 'code', 'file', 'files']);

/**
 * Reads the goal: paths (`src/a.ts`, `src/a.ts:12:3`, `packages/api/src`),
 * backticked code (every identifier in it), CamelCase / camelCase /
 * snake_case identifiers, and plain words for path matching. A capitalised
 * plain word ("Fix") is a word, not an identifier.
 */
export function extractGoalSignals(goal: string): GoalSignals {
  const text = goal.length > MAX_GOAL_CHARS ? goal.slice(0, MAX_GOAL_CHARS) : goal;
  const paths: RawLocation[] = [];
  for (const match of text.matchAll(PATH)) {
    const path = match[1]!;
    if (/^\d+(\.\d+)*$/.test(path) || /^https?:/.test(path)) continue;
    const location: RawLocation = { path, role: 'mention' };
    if (match[2]) location.line = Number(match[2]);
    if (match[2] && match[3]) location.column = Number(match[3]);
    paths.push(location);
  }
  const identifiers = new Map<string, 'code' | 'word'>();
  for (const match of text.matchAll(BACKTICKED)) {
    for (const word of match[1]!.match(WORD) ?? []) if (isTellingIdentifier(word)) identifiers.set(word, 'code');
  }
  const pathText = new Set(paths.map((location) => location.path));
  for (const word of text.match(WORD) ?? []) {
    if (identifiers.has(word) || !isTellingIdentifier(word) || [...pathText].some((path) => path.includes(word))) continue;
    if (isCodeLikeWord(word)) identifiers.set(word, 'word');
  }
  const words = [...new Set((text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? []).filter((word) => !STOP_WORDS.has(word)))];
  return { paths, identifiers: [...identifiers].map(([name, from]) => ({ name, from })), words };
}

/** `AuthClient`, `getUserById`, `user_service`, `HTTP_TIMEOUT`: shapes ordinary prose does not have. */
function isCodeLikeWord(word: string): boolean {
  if (/[a-z][A-Z]/.test(word)) return true;
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(word)) return true;
  return /[A-Za-z0-9]_[A-Za-z0-9]/.test(word);
}
