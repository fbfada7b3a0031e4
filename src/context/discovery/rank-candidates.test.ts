import { describe, expect, it } from 'vitest';
import { createEvidenceBoard } from './evidence-board.js';
import { rankCandidates } from './rank-candidates.js';

describe('rankCandidates', () => {
  it('ranks the definition a failure is about above the file the failure shows in', () => {
    const board = createEvidenceBoard();
    board.markDirect('src/user/user-service.ts');
    board.add('src/user/user-service.ts', '14', { kind: 'error-location', weight: 4, detail: 'error at 14' });
    board.add('src/user/user-service.ts', '21', { kind: 'error-location', weight: 4, detail: 'error at 21' });
    board.add('src/user/user-service.ts', 'frame', { kind: 'stack-frame', weight: 3, detail: 'frame' });
    board.add('src/auth/auth-client.ts', 'def:AuthClient', { kind: 'defines', weight: 7.5, detail: 'defines AuthClient' });
    board.add('src/auth/auth-client.ts', 'import', { kind: 'imported-binding', weight: 3, detail: 'imported' });
    const ranked = rankCandidates(board, { isTestFailureAbout: () => false });
    expect(ranked.map((candidate) => [candidate.path, candidate.reason])).toEqual([
      ['src/auth/auth-client.ts', 'search'],
      ['src/user/user-service.ts', 'direct'],
    ]);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
    expect(ranked[0]!.score).toBeLessThan(1);
  });

  it('counts a repeated fact once, caps a pile of symptoms and scales down tests', () => {
    const board = createEvidenceBoard();
    for (let line = 1; line <= 50; line += 1) board.add('src/a.ts', `${line}`, { kind: 'error-location', weight: 4, detail: `error ${line}` });
    board.add('src/b.ts', 'x', { kind: 'defines', weight: 6, detail: 'defines X' });
    board.add('src/b.ts', 'x', { kind: 'defines', weight: 6, detail: 'defines X again' });
    board.add('src/b.test.ts', 'test', { kind: 'failing-test', weight: 2.5, detail: 'failing test' });
    const ranked = rankCandidates(board, { isTestFailureAbout: () => false });
    expect(ranked.find((candidate) => candidate.path === 'src/a.ts')!.rawScore).toBe(8);
    expect(ranked.find((candidate) => candidate.path === 'src/b.ts')!.rawScore).toBe(6);
    expect(ranked.find((candidate) => candidate.path === 'src/b.test.ts')!.rawScore).toBe(1.5);
  });

  it('breaks ties by path and leaves out files with only a mention of a searched name', () => {
    const board = createEvidenceBoard();
    for (const path of ['src/z.ts', 'src/a.ts', 'src/m.ts']) board.add(path, 'k', { kind: 'defines', weight: 3, detail: 'd' });
    board.add('src/weak.ts', 's', { kind: 'search-hit', weight: 0.5, detail: 'uses X' });
    expect(rankCandidates(board, { isTestFailureAbout: () => false }).map((candidate) => candidate.path)).toEqual(['src/a.ts', 'src/m.ts', 'src/z.ts']);
  });
});
