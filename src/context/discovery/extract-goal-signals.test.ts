import { describe, expect, it } from 'vitest';
import { extractGoalSignals } from './extract-goal-signals.js';

describe('extractGoalSignals', () => {
  it('reads paths with positions, backticked code and code-shaped words', () => {
    const goal = 'Fix the failing `auth.getToken()` call in src/user/user-service.ts:14:86 — AuthClient was renamed; see user_store and packages/api/src';
    const signals = extractGoalSignals(goal);
    expect(signals.paths).toEqual([
      { path: 'src/user/user-service.ts', line: 14, column: 86, role: 'mention' },
      { path: 'packages/api/src', role: 'mention' },
    ]);
    expect(signals.identifiers).toEqual([
      { name: 'auth', from: 'code' },
      { name: 'getToken', from: 'code' },
      { name: 'AuthClient', from: 'word' },
      { name: 'user_store', from: 'word' },
    ]);
    expect(signals.words).toContain('renamed');
    expect(signals.words).not.toContain('the');
  });

  it('takes plain capitalised words for words, not identifiers', () => {
    expect(extractGoalSignals('Please Make Tests Pass').identifiers).toEqual([]);
  });

  it('reads paths with spaces when backticked, and non-ASCII names', () => {
    expect(extractGoalSignals('look at src/ünï/café.ts').paths[0]!.path).toBe('src/ünï/café.ts');
  });
});
