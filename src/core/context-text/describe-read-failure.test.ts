import { describe, expect, it } from 'vitest';
import { describeReadFailure } from './describe-read-failure.js';

describe('describeReadFailure', () => {
  it('names the problem without the absolute path of a symlink target', () => {
    const message = describeReadFailure({ code: 'outside-workspace', message: 'AGENTS.md is outside the workspace (resolves to /home/me/.ssh/id_rsa)' });
    expect(message).toBe('it resolves outside the workspace (a symlink pointing elsewhere)');
    expect(describeReadFailure({ code: 'outside-workspace', message: '' }, 'project')).toContain('outside the project');
    expect(describeReadFailure({ code: 'not-found', message: '' })).toMatch(/does not exist/);
    expect(describeReadFailure({ code: 'not-a-regular-file', message: '' })).toMatch(/FIFO/);
  });
});
