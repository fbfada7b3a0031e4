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
    expect(extractGoalSignals('open `My Project/src/a b.ts` now').paths.map((path) => path.path)).toEqual(['My Project/src/a b.ts']);
  });

  it('reads two paths in one sentence as two, not one path with spaces', () => {
    expect(extractGoalSignals('compare /home/me/.ssh/id_rsa.pub and ../../secrets/key.pem with src/a.ts').paths.map((path) => path.path)).toEqual(['/home/me/.ssh/id_rsa.pub', '../../secrets/key.pem', 'src/a.ts']);
  });

  // Issue 17: a goal written with code syntax yielded no identifier signals at all.
  it.each([
    ['a call with an options object', 'parseConfig(src, { strict: true }) throws on an empty file', ['parseConfig', 'strict'], []],
    ['a member chain with a quoted key', "cache.get('k') returns undefined after set", ['cache', 'get'], ['cache.get']],
    ['a quoted name', "the 'userId' is dropped by saveUser()", ['userId', 'saveUser'], []],
    ['a backticked chain', 'why does `store.items.add` skip duplicates', ['store', 'add'], ['store.items.add']], // `items` is noise (isTellingIdentifier)
  ])('reads code written inline: %s', (_name, goal, names, chains) => {
    const signals = extractGoalSignals(goal);
    expect(signals.identifiers.map((identifier) => identifier.name).sort()).toEqual([...names].sort());
    expect(signals.identifiers.every((identifier) => identifier.from === 'code')).toBe(true);
    expect(signals.chains).toEqual(chains);
  });

  it('keeps quoted error messages as messages, with the names they point at', () => {
    const signals = extractGoalSignals(`the page crashes with "Cannot read properties of undefined (reading 'palette')" on load`);
    expect(signals.messages).toEqual(["Cannot read properties of undefined (reading 'palette')"]);
    expect(signals.identifiers).toContainEqual({ name: 'palette', from: 'code' });
  });

  it('reads named files and directories, and leaves prose, abbreviations and file(s) alone', () => {
    const signals = extractGoalSignals("colours are wrong in theme.ts under the settings/ folder, e.g. the cache's get and the file(s) see(above)");
    expect(signals.paths).toEqual([{ path: 'theme.ts', role: 'mention' }]);
    expect(signals.directories).toEqual(['settings']);
    expect(signals.identifiers).toEqual([]);
    expect(signals.chains).toEqual([]);
    expect(signals.messages).toEqual([]);
  });
});
