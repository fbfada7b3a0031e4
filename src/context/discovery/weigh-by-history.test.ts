import { describe, expect, it } from 'vitest';
import type { GoalMatch } from './retrieval/rank-by-goal.js';
import type { GitHistory, HistoryCommit } from './git-history.js';
import { weighByHistory } from './weigh-by-history.js';

const match = (path: string, score: number): GoalMatch => ({ path, score, matches: [{ field: 'body', terms: ['x'], words: ['x'] }], exactSymbols: [], namedPath: null });
const history = (commits: HistoryCommit[]): GitHistory => ({ head: 'a'.repeat(40), commits, isCut: false, isShallow: false });
const commit = (subject: string, files: string[], time = 0): HistoryCommit => ({ time, subject, files });
const everything = { exists: () => true };
/** Pads the history with unrelated commits so the recent window does not cover the commits under test. */
const filler = Array.from({ length: 120 }, (_, index) => commit(`chore ${index}`, [`other/f${index}.ts`]));

describe('weighByHistory', () => {
  it('lifts a goal match that changes together with the best one when weighted, and by default only says with which and how often', () => {
    const commits = [...filler, commit('a', ['src/a.ts', 'src/c.ts']), commit('b', ['src/a.ts', 'src/c.ts']), commit('c', ['src/a.ts', 'src/c.ts']), commit('d', ['src/a.ts']), commit('e', ['src/a.ts', 'src/new.ts']), commit('f', ['src/a.ts', 'src/new.ts'])];
    const matches = [match('src/a.ts', 10), match('src/b.ts', 8), match('src/c.ts', 2)];
    const weighed = weighByHistory(matches, history(commits), 'the widget is broken', { exists: everything.exists, weights: { subjects: 0, coChange: 1, recency: 0 } });
    // 3 of a.ts's 6 commits, times a.ts's share (1), times the weight: 0.5 of the best score, on top of c.ts's own 0.2.
    expect(weighed.find((item) => item.path === 'src/c.ts')).toMatchObject({ score: 7, history: { coChangedWith: { path: 'src/a.ts', commits: 3 } } });
    // A file only the history would bring (new.ts) is not added: on its own, co-change was noise.
    expect(weighed.map((item) => item.path).sort()).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);
    const byDefault = weighByHistory(matches, history(commits), 'the widget is broken', everything);
    expect(byDefault.find((item) => item.path === 'src/c.ts')).toMatchObject({ score: 2, history: { coChangedWith: { path: 'src/a.ts', commits: 3 } } });
  });

  it('lets one shared commit pass as chance', () => {
    const commits = [...filler, commit('a', ['src/a.ts', 'src/once.ts'])];
    const weighed = weighByHistory([match('src/a.ts', 10), match('src/once.ts', 1)], history(commits), 'x', { ...everything, weights: { subjects: 0, coChange: 1, recency: 0 } });
    expect(weighed.find((item) => item.path === 'src/once.ts')).toEqual(match('src/once.ts', 1));
  });

  it('never brings back a file that is gone', () => {
    const commits = [...filler, commit('fix the widget', ['src/gone.ts'])];
    const weighed = weighByHistory([match('src/a.ts', 10)], history(commits), 'the widget', { exists: (path) => path !== 'src/gone.ts' });
    expect(weighed.map((item) => item.path)).toEqual(['src/a.ts']);
  });

  it('lifts the files of past commits whose subjects share the goal words, in the goal spelling', () => {
    const commits = [...filler, commit('fix(hydration): mismatch when a slot is empty', ['src/hydrate.ts']), commit('feat: new router', ['src/router.ts'])];
    const weighed = weighByHistory([match('src/render.ts', 10)], history(commits), 'Hydration mismatch with an empty slot', { ...everything, weights: { subjects: 1, coChange: 0, recency: 0 } });
    const lifted = weighed.find((item) => item.path === 'src/hydrate.ts');
    expect(lifted?.history?.subjects).toEqual({ commits: 1, words: expect.arrayContaining(['Hydration', 'mismatch', 'slot']) });
    expect(lifted!.score).toBeCloseTo(10, 3);
    expect(weighed.some((item) => item.path === 'src/router.ts')).toBe(false);
  });

  it('leaves sweeps out: a commit of more files than a change has says nothing', () => {
    const sweep = commit('format everything (hydration)', Array.from({ length: 60 }, (_, index) => `src/s${index}.ts`));
    const weighed = weighByHistory([match('src/a.ts', 10)], history([...filler, sweep, sweep]), 'hydration', everything);
    expect(weighed.map((item) => item.path)).toEqual(['src/a.ts']);
  });

  it('gives recently changed matches a small lift and says so', () => {
    const commits = [commit('touch b', ['src/b.ts']), ...filler, commit('old', ['src/a.ts'])];
    const weighed = weighByHistory([match('src/a.ts', 10), match('src/b.ts', 10)], history(commits), 'x', { ...everything, weights: { subjects: 0, coChange: 0, recency: 0.1 } });
    expect(weighed.map((item) => [item.path, item.score])).toEqual([
      ['src/b.ts', 11],
      ['src/a.ts', 10],
    ]);
    expect(weighed[0]!.history).toEqual({ isRecent: true });
  });

  it('halves a test file the history alone finds, unless the goal is about tests', () => {
    const commits = [...filler, commit('widget renders twice', ['test/widget.test.ts'])];
    const weights = { subjects: 1, coChange: 0, recency: 0 };
    const scoreOf = (goal: string) => weighByHistory([match('src/a.ts', 10)], history(commits), goal, { ...everything, weights }).find((item) => item.path === 'test/widget.test.ts')!.score;
    expect(scoreOf('the widget renders twice')).toBeCloseTo(5, 3);
    expect(scoreOf('the widget tests render twice')).toBeCloseTo(10, 3);
  });

  it('returns the goal ranking as it is for an empty history', () => {
    const matches = [match('src/a.ts', 10)];
    expect(weighByHistory(matches, history([]), 'x', everything)).toEqual(matches);
  });
});
