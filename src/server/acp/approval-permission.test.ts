import { describe, expect, it } from 'vitest';
import { approvalAnswerOf, permissionRequest } from './approval-permission.js';

describe('approval permissions', () => {
  it('maps allow once, allow always and reject to once, session and deny; anything else denies', () => {
    expect(approvalAnswerOf({ outcome: 'selected', optionId: 'once' })).toEqual({ choice: 'once' });
    expect(approvalAnswerOf({ outcome: 'selected', optionId: 'session' })).toEqual({ choice: 'session' });
    expect(approvalAnswerOf({ outcome: 'selected', optionId: 'deny' })).toEqual({ choice: 'deny' });
    expect(approvalAnswerOf({ outcome: 'selected', optionId: 'something-else' })).toEqual({ choice: 'deny' });
    expect(approvalAnswerOf({ outcome: 'cancelled' })).toEqual({ choice: 'deny' });
  });

  it('asks about a command with its reason, its kind and the paths it touches', () => {
    const request = permissionRequest(
      'session-1',
      'call-7',
      { type: 'approval.requested', approvalId: 'main-1', action: 'shell.run', tool: 'shell', reason: 'no rule allows this command', paths: ['build'], outOfScopePaths: [], command: 'rm -rf build', diff: null },
      '/work/ws',
    );
    expect(request.toolCall).toMatchObject({ toolCallId: 'call-7', title: 'Run rm -rf build', kind: 'execute', status: 'pending', locations: [{ path: '/work/ws/build' }] });
    expect(request.toolCall.content).toEqual([{ type: 'content', content: { type: 'text', text: 'no rule allows this command\ncommand: rm -rf build' } }]);
    expect(request.options.map((option) => [option.optionId, option.kind])).toEqual([
      ['once', 'allow_once'],
      ['session', 'allow_always'],
      ['deny', 'reject_once'],
    ]);
  });
});
