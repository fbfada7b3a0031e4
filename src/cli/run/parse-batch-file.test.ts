import { describe, expect, it } from 'vitest';
import { MAX_BATCH_GOALS, parseBatchFile } from './parse-batch-file.js';

describe('parseBatchFile', () => {
  it('reads one goal per line, skipping blank lines and # comments', () => {
    expect(parseBatchFile('# nightly fixes\nfix the login error\r\n\n  update the changelog  \n#done\n')).toEqual([{ goal: 'fix the login error' }, { goal: 'update the changelog' }]);
  });

  it('reads a JSON array of strings and { goal, agent, flow } objects', () => {
    expect(parseBatchFile('[ "fix it", { "goal": "review it", "agent": "reviewer" }, { "goal": "ship", "flow": "release" } ]')).toEqual([
      { goal: 'fix it' },
      { goal: 'review it', agent: 'reviewer' },
      { goal: 'ship', flow: 'release' },
    ]);
  });

  it.each([
    ['an empty file', '', /no goal/],
    ['only comments', '# nothing\n\n', /no goal/],
    ['broken JSON', '[ "a", ', /not valid JSON/],
    ['a number in the array', '[ "a", 3 ]', /^--batch-file: item 1: /],
    ['an unknown key', '[ { "goal": "a", "model": "x" } ]', /^--batch-file: item 0/],
    ['a bad agent name', '[ { "goal": "a", "agent": "../x" } ]', /^--batch-file: item 0\.agent/],
    ['an empty goal', '[ "  " ]', /non-empty goal/],
  ])('refuses %s naming the flag', (_name, text, message) => {
    expect(() => parseBatchFile(text)).toThrow(message);
  });

  it('refuses more goals than one batch may run', () => {
    expect(() => parseBatchFile(Array.from({ length: MAX_BATCH_GOALS + 1 }, (_, index) => `goal ${index}`).join('\n'))).toThrow(/at most/);
    expect(parseBatchFile(Array.from({ length: MAX_BATCH_GOALS }, (_, index) => `goal ${index}`).join('\n'))).toHaveLength(MAX_BATCH_GOALS);
  });
});
