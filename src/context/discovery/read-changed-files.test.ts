import { describe, expect, it } from 'vitest';
import { parseGitStatus } from './read-changed-files.js';

describe('parseGitStatus', () => {
  it('lists modified, added, renamed and untracked files, not deleted ones or directories', () => {
    const output = [' M src/a.ts', 'A  src/new.ts', 'R  src/renamed.ts', 'src/old-name.ts', ' D src/gone.ts', '?? notes/', '?? scratch.ts', 'MM src/my dir/ü.ts', ''].join('\0');
    expect(parseGitStatus(output)).toEqual(['src/a.ts', 'src/new.ts', 'src/renamed.ts', 'scratch.ts', 'src/my dir/ü.ts']);
  });

  it('returns nothing for empty or malformed output', () => {
    expect(parseGitStatus('')).toEqual([]);
    expect(parseGitStatus('garbage')).toEqual([]);
  });
});
