import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, press, waitForFrame } from '../../../test/support/ink-test-helpers.js';
import { SessionPicker, type SessionSummary } from './session-picker.js';

afterEach(() => cleanup());

const SESSIONS: SessionSummary[] = [
  { id: 'session-new', title: 'fix the parser', updatedAt: '2026-12-01T12:00:00Z', turns: 3 },
  { id: 'session-old', title: 'rename \u202eevil', updatedAt: '2026-11-30T09:00:00Z', turns: 1 },
];

function start(sessions: SessionSummary[] = SESSIONS) {
  const picks: (string | null)[] = [];
  const app = render(<SessionPicker sessions={sessions} onPick={(id) => picks.push(id)} />);
  return { picks, ...app };
}

describe('SessionPicker', () => {
  it('lists the sessions and picks the second with Down and Enter', async () => {
    const { picks, stdin, lastFrame } = start();
    const frame = await waitForFrame(lastFrame, 'fix the parser');
    expect(frame).toContain('fix the parser · 3 turns');
    expect(frame).toContain('rename \\u202eevil · 1 turn');
    await press(stdin, KEYS.down, KEYS.enter);
    expect(picks).toEqual(['session-old']);
  });

  it('Up stops at the first and Enter picks it; nothing is picked twice', async () => {
    const { picks, stdin } = start();
    await press(stdin, KEYS.up, KEYS.enter, KEYS.down, KEYS.enter);
    expect(picks).toEqual(['session-new']);
  });

  it('Esc gives null, and so does Enter on an empty list', async () => {
    const first = start();
    await press(first.stdin, KEYS.escape);
    await waitForFrame(() => (first.picks.length > 0 ? 'picked' : ''), 'picked');
    expect(first.picks).toEqual([null]);
    const empty = start([]);
    await waitForFrame(empty.lastFrame, 'no session to resume');
    await press(empty.stdin, KEYS.enter);
    expect(empty.picks).toEqual([null]);
  });
});
