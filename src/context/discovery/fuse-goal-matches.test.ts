import { describe, expect, it } from 'vitest';
import { fuseGoalMatches } from './fuse-goal-matches.js';
import type { RankedCandidate } from './rank-candidates.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';

const direct: RankedCandidate = { path: 'src/user.ts', score: 0.6, rawScore: 9, reason: 'direct', evidence: [{ kind: 'error-location', weight: 8, detail: 'typecheck reports an error' }] };
const searched: RankedCandidate = { path: 'src/uses.ts', score: 0.2, rawScore: 1.5, reason: 'search', evidence: [{ kind: 'search-hit', weight: 1.5, detail: 'uses token' }] };
const match = (path: string, terms: string[], extra: Partial<GoalMatch> = {}): GoalMatch => ({ path, score: 5, matches: [{ field: 'body', terms }], exactSymbols: [], namedPath: null, ...extra });

describe('fuseGoalMatches', () => {
  it('returns the failure ranking as it is when the goal ranking is empty', () => {
    expect(fuseGoalMatches([direct, searched], [], { hasFailures: true })).toEqual([direct, searched]);
  });

  it('adds a goal-only file with reason goal and explains the match; a shared file gains the explanation', () => {
    const fused = fuseGoalMatches([direct], [match('src/user.ts', ['user', 'profil']), match('src/store.ts', ['token', 'expir'])], { hasFailures: true });
    expect(fused.map((candidate) => [candidate.path, candidate.reason])).toEqual([['src/user.ts', 'direct'], ['src/store.ts', 'goal']]);
    expect(fused[0]!.evidence.map((item) => item.detail)).toEqual(['typecheck reports an error', 'matches the goal: user, profil in comments and strings']);
    expect(fused[1]!.score).toBeGreaterThan(0);
  });

  it('without failures, puts a file changed in the working tree after the goal matches', () => {
    const changed: RankedCandidate = { path: 'src/changed.ts', score: 0.3, rawScore: 3, reason: 'search', evidence: [{ kind: 'changed', weight: 3, detail: 'changed in the git working tree' }] };
    const named: RankedCandidate = { path: 'src/named.ts', score: 0.5, rawScore: 8, reason: 'direct', evidence: [{ kind: 'goal-path', weight: 8, detail: 'named in the goal' }] };
    const fused = fuseGoalMatches([named, changed, searched], [match('src/store.ts', ['token', 'expir'])], { hasFailures: false });
    expect(fused.map((candidate) => candidate.path)).toEqual(['src/named.ts', 'src/store.ts', 'src/changed.ts']);
  });

  it('moves a goal match a failing file imports up beside that file, and says why', () => {
    const traced: RankedCandidate = { path: 'src/traced.ts', score: 0.4, rawScore: 4, reason: 'search', evidence: [{ kind: 'defines', weight: 4, detail: 'defines getToken' }] };
    const matches = [match('src/other.ts', ['token', 'expir']), match('src/store.ts', ['token', 'expir'])];
    const plain = fuseGoalMatches([direct, traced], matches, { hasFailures: true });
    const expanded = fuseGoalMatches([direct, traced], matches, { hasFailures: true, agreements: [{ path: 'src/store.ts', importedBy: 'src/user.ts' }] });
    expect(plain.map((candidate) => candidate.path)).toEqual(['src/user.ts', 'src/traced.ts', 'src/other.ts', 'src/store.ts']);
    expect(expanded.map((candidate) => candidate.path)).toEqual(['src/store.ts', 'src/user.ts', 'src/traced.ts', 'src/other.ts']);
    expect(expanded[0]).toMatchObject({ reason: 'goal' });
    expect(expanded[0]!.evidence.map((item) => item.detail)).toEqual(['matches the goal: token, expir in comments and strings', 'imported by src/user.ts, where the failure is, and the goal points at it too']);
  });

  it.each([
    ['one word beside a failure is not enough', match('src/store.ts', ['token']), true, ['src/user.ts']],
    ['a declared name is', match('src/store.ts', ['token'], { exactSymbols: ['TokenStore'] }), true, ['src/user.ts', 'src/store.ts']],
    ['without failures one word is', match('src/store.ts', ['token']), false, ['src/store.ts']],
  ])('%s', (_name, goalMatch, hasFailures, expected) => {
    const ranked = hasFailures ? [direct] : [searched];
    expect(fuseGoalMatches(ranked, [goalMatch], { hasFailures }).map((candidate) => candidate.path)).toEqual(expected);
  });

  // Issue 17, item 3: goal evidence alone never displaces a file a failure names.
  it('keeps every failure-named file ahead of goal-only files however strong the goal match', () => {
    const site: RankedCandidate = { path: 'src/a.ts', score: 0.2, rawScore: 1.5, reason: 'direct', evidence: [{ kind: 'mentioned', weight: 1.5, detail: 'named in the validation output' }] };
    const strong = ['src/b.ts', 'src/c.ts', 'src/d.ts'].map((path) => match(path, ['token', 'expir', 'refresh'], { score: 40, exactSymbols: ['TokenStore'] }));
    const fused = fuseGoalMatches([site, searched], strong, { hasFailures: true });
    expect(fused.map((candidate) => candidate.path)).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'src/uses.ts']);
    expect(fused[0]!.score).toBe(0.2);
  });

  it.each([
    ['with failures', [direct, searched], true],
    ['without failures', [searched], false],
  ] as const)('prints scores that never increase down the list (%s)', (_name, ranked, hasFailures) => {
    const matches = [match('src/store.ts', ['token', 'expir'], { score: 60 }), match('src/user.ts', ['user', 'profil'], { score: 2 }), match('src/other.ts', ['token', 'expir'], { score: 1 })];
    const scores = fuseGoalMatches(ranked, matches, { hasFailures }).map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  it('without failures, orders goal-only files by the goal ranking and scores them by it', () => {
    const matches = [match('src/store.ts', ['token', 'expir'], { score: 30 }), match('src/other.ts', ['token'], { score: 10 })];
    const fused = fuseGoalMatches([searched], matches, { hasFailures: false });
    expect(fused.map((candidate) => [candidate.path, candidate.score])).toEqual([['src/store.ts', 0.75], ['src/other.ts', 0.5]]);
  });

  it('explains a file the goal matches reach through their imports by naming them', () => {
    const reached = { ...match('src/normalize.ts', []), matches: [], imports: { from: [{ path: 'src/slots.ts' }, { path: 'src/hydration.ts', via: 'src/vnode.ts' }] } };
    const fused = fuseGoalMatches([], [match('src/slots.ts', ['slot', 'hydrat']), reached], { hasFailures: false });
    expect(fused[1]!.evidence.map((item) => [item.kind, item.detail])).toEqual([
      ['goal-imports', 'imported by src/slots.ts, which matches the goal; imported by src/vnode.ts, which src/hydration.ts (matching the goal) imports'],
    ]);
  });
});
