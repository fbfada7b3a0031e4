import { describe, expect, it } from 'vitest';
import { createRetrievalIndex } from './build-retrieval-index.js';
import { indexDocument } from './index-document.js';
import { describeGoalMatch, rankByGoal } from './rank-by-goal.js';

const index = createRetrievalIndex([
  indexDocument('src/session/token-store.ts', '/** Keeps access tokens in memory until they expire. */\nexport class TokenStore {\n  expire(key: string) {\n    this.entries.delete(key);\n  }\n}\n'),
  indexDocument('src/session/token-store.test.ts', "import { TokenStore } from './token-store.js';\nit('expires tokens', () => new TokenStore().expire('k'));\n"),
  indexDocument('src/format/format-date.ts', '/** Formats a date with the quarter and the locale. */\nexport function formatDate(date: Date, locale: string) {\n  return quarterOf(date) + locale;\n}\n'),
  indexDocument('src/format/quarter.ts', 'export function quarterOf(date: Date) {\n  return Math.floor(date.getMonth() / 3) + 1;\n}\n'),
  indexDocument('src/http/retry.ts', '// Retries a request after a network failure, with backoff.\nexport async function retryRequest(send: () => Promise<void>) {\n  await send();\n}\n'),
]);
const pathsFor = (goal: string) => rankByGoal(index, goal).map((match) => match.path);

describe('rankByGoal', () => {
  it.each([
    ['prose about expiry', 'Access tokens never expire from the session store', 'src/session/token-store.ts'],
    ['an exact declared name', 'quarterOf returns 0 for January', 'src/format/quarter.ts'],
    ['a backticked name', 'the `formatDate` output ignores the locale', 'src/format/format-date.ts'],
    ['a file name', 'something in retry is off when the network drops', 'src/http/retry.ts'],
  ])('%s', (_name, goal, first) => {
    expect(pathsFor(goal)[0]).toBe(first);
  });

  it('halves test files unless the goal is about tests', () => {
    const testIndex = createRetrievalIndex([indexDocument('src/zebra.test.ts', '// checks the zebra crossing lights\n'), indexDocument('src/other.ts', 'export const other = 1;\n')]);
    const scoreOf = (goal: string) => rankByGoal(testIndex, goal)[0]!.score;
    expect(scoreOf('zebra crossing lights specs')).toBeCloseTo(2 * scoreOf('zebra crossing lights'), 2);
  });

  it.each([
    ['empty', ''],
    ['stop words only', 'the and of it is was'],
    ['another script', 'ошибка при обновлении токена'],
    ['punctuation', '!!! ??? ... ---'],
  ])('returns nothing for a goal with no usable terms (%s)', (_name, goal) => {
    expect(rankByGoal(index, goal)).toEqual([]);
  });

  it('reads a 100 KB goal and still ranks', () => {
    const goal = `${'The token store forgets to expire access tokens. '.repeat(2100)}`;
    expect(goal.length).toBeGreaterThan(100_000);
    expect(pathsFor(goal)[0]).toBe('src/session/token-store.ts');
  });

  it('gives the declared-name bonus to names written as code, not to a prose word that happens to be a method name', () => {
    const [store] = rankByGoal(index, 'tokens never expire from the session store');
    expect(store).toMatchObject({ path: 'src/session/token-store.ts', exactSymbols: [] });
    expect(rankByGoal(index, 'TokenStore never lets tokens expire')[0]).toMatchObject({ path: 'src/session/token-store.ts', exactSymbols: ['TokenStore'] });
  });

  it('weighs a named file by how rare its name is in the repository', () => {
    const runs = Array.from({ length: 6 }, (_unused, position) => indexDocument(`src/task-${position}.ts`, `export function start${position}() {\n  return run();\n}\n`));
    const named = createRetrievalIndex([...runs, indexDocument('src/run.ts', 'export const a = 1;\n'), indexDocument('src/doctor.ts', 'export const b = 2;\n')]);
    const matches = rankByGoal(named, 'the doctor does not run');
    // `doctor` names one file here and keeps most of the named-file bonus (6); `run`, used everywhere, keeps so little that it drops out.
    expect(matches[0]).toMatchObject({ path: 'src/doctor.ts', namedPath: 'file' });
    expect(matches[0]!.score).toBeGreaterThan(5);
    expect(matches.find((match) => match.path === 'src/run.ts')?.score ?? 0).toBeLessThan(2);
  });

  it('explains which terms matched which field', () => {
    const [match] = rankByGoal(index, 'quarterOf is wrong for the locale');
    expect(match!.exactSymbols).toEqual(['quarterOf']);
    expect(describeGoalMatch(match!)).toMatch(/^matches the goal: .*quarterOf.* in declared names.*; defines quarterOf$/);
  });

  // Issue 17: explanations showed index stems (`pars`, `expir`) as if they were the evidence.
  it('names the words the goal wrote, never their stems', () => {
    const parsing = createRetrievalIndex([
      indexDocument('src/config/parse-config.ts', '/** Parsing of the settings; values expire. */\nexport function parseConfig(source: string) {\n  return source;\n}\n'),
      indexDocument('src/other.ts', 'export const other = 1;\n'),
    ]);
    const [match] = rankByGoal(parsing, 'parseConfig fails when parsing values that expired');
    const line = describeGoalMatch(match!);
    expect(match!.matches.flatMap((item) => item.terms)).toContain('pars');
    expect(line).toContain('parseConfig');
    expect(line).toContain('defines parseConfig');
    expect(line).toMatch(/\bparsing\b/);
    expect(line).toMatch(/\bexpired\b/);
    expect(line).not.toMatch(/\b(?:pars|valu|expir)\b/);
  });
});
