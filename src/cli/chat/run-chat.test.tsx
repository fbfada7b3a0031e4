import { describe, expect, it } from 'vitest';
import { createFakeSessionEngine } from '../../../test/support/fake-session-engine.js';
import { KEYS, NarrowStdout, press, TestStdin, tick, waitForFrame } from '../../../test/support/ink-test-helpers.js';
import { pickSession, runChat } from './run-chat.js';

// Not the frames: Ink writes only <Static> output while it believes it runs in CI (a CI variable is set, even empty).
const waitFor = (check: () => boolean) => waitForFrame(() => (check() ? 'yes' : ''), 'yes');
const streams = () => ({ stdin: new TestStdin(), stdout: new NarrowStdout(80) });
const asTerminal = ({ stdin, stdout }: ReturnType<typeof streams>) => ({ stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });

describe('runChat and pickSession', () => {
  it('runChat renders the chat and resolves when the person types /exit; a running turn is cancelled', async () => {
    const engine = createFakeSessionEngine({ holdsTurns: true });
    const terminal = streams();
    const done = runChat({ engine, ...asTerminal(terminal) });
    await tick();
    await press(terminal.stdin, 'work', KEYS.enter);
    await waitFor(() => engine.isBusy());
    await press(terminal.stdin, '/exit', KEYS.enter);
    await expect(done).resolves.toBeUndefined();
    expect(engine.callsOf('cancel')).toHaveLength(1);
    expect(engine.callsOf('close')).toHaveLength(0);
  });

  it('pickSession resolves with the chosen id, or null on Esc', async () => {
    const sessions = [
      { id: 'a', title: 'first', updatedAt: '2026-12-01T00:00:00Z', turns: 1 },
      { id: 'b', title: 'second', updatedAt: '2026-11-01T00:00:00Z', turns: 2 },
    ];
    const terminal = streams();
    const chosen = pickSession({ sessions, ...asTerminal(terminal) });
    await tick();
    await press(terminal.stdin, KEYS.down, KEYS.enter);
    await expect(chosen).resolves.toBe('b');
    const other = streams();
    const cancelled = pickSession({ sessions, ...asTerminal(other) });
    await tick();
    await press(other.stdin, KEYS.escape);
    await expect(cancelled).resolves.toBeNull();
  });
});
