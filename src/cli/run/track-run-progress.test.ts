import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../progress/index.js';
import { trackRunProgress } from './track-run-progress.js';

describe('trackRunProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const live = () => {
    const written: string[] = [];
    const progress = createProgress({ stream: { write: (text: string) => written.push(text) }, mode: 'live', now: () => Date.now() });
    return { progress, track: trackRunProgress(progress), frame: () => written.at(-1) ?? '' };
  };

  it('shows "waiting for the model" from the request to the first text, and a tool call while it runs', () => {
    const { track, frame } = live();
    track({ type: 'model.started', step: 1, agent: 'main' });
    expect(frame()).toContain('waiting for the model');
    track({ type: 'text.delta', text: 'Reading', agent: 'main' });
    expect(frame()).toBe('\r\u001b[2K');
    track({ type: 'action.started', callId: 'c1', tool: 'shell', input: { command: 'npm test' }, agent: 'main' });
    expect(frame()).toContain('shell npm test');
    track({ type: 'action.completed', callId: 'c1', tool: 'shell', summary: 'exit 0', durationMs: 5, agent: 'main' });
    expect(frame()).toBe('\r\u001b[2K');
  });

  it("draws nothing while a person answers an approval, and starts the call's time again after", () => {
    const { track, frame } = live();
    track({ type: 'action.started', callId: 'c1', tool: 'shell', input: { command: 'npm test' }, agent: 'main' });
    vi.advanceTimersByTime(3000);
    expect(frame()).toMatch(/shell npm test · 3 s$/);
    track({ type: 'approval.requested', approvalId: 'main-1', action: 'shell.run', tool: 'shell', reason: 'r', paths: [], outOfScopePaths: [], command: 'npm test', diff: null });
    expect(frame()).toBe('\r\u001b[2K');
    vi.advanceTimersByTime(60_000);
    expect(frame()).toBe('\r\u001b[2K');
    track({ type: 'approval.resolved', approvalId: 'main-1', outcome: 'allow-once' });
    expect(frame()).toMatch(/shell npm test$/);
  });

  it("ignores a sub-agent's model requests (its delegate call is the line shown)", () => {
    const { track, frame } = live();
    track({ type: 'model.started', step: 1, agent: 'delegate-1' });
    expect(frame()).toBe('');
  });
});
