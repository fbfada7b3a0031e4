import { describe, expect, it } from 'vitest';
import { guidanceDirectories } from './guidance-directories.js';

describe('guidanceDirectories', () => {
  const cases: [projectRoot: string, working: string, expected: string[]][] = [
    ['/repo', '/repo', ['/repo']],
    ['/repo', '/repo/packages/api', ['/repo', '/repo/packages', '/repo/packages/api']],
    ['/other', '/repo/app', ['/repo/app']],
    ['/repo/app', '/repo', ['/repo']],
    ['/repo', '/repo2', ['/repo2']],
  ];
  it.each(cases)('from %s to %s', (projectRoot, working, expected) => {
    expect(guidanceDirectories(projectRoot, working)).toEqual(expected);
  });
});
