import { describe, expect, it } from 'vitest';
import { failedCommandTail, MAX_TAIL_LINES } from './failed-command-tail.js';
import type { CommandRecord } from './run-validation-commands.js';

function record(overrides: Partial<CommandRecord>): CommandRecord {
  return { name: 'test', command: 'npm test', argv: ['npm', 'test'], source: 'package.json', ran: true, exitCode: 1, durationMs: 10, timedOut: false, output: '', ...overrides } as CommandRecord;
}

describe('failedCommandTail', () => {
  it('keeps the last lines of a failed command, without colours or control characters', () => {
    const output = [...Array.from({ length: 30 }, (_, line) => `line ${line}`), '', '\u001b[31mFAIL\u001b[39m src/a.test.ts', 'a \u0007bell\u001b[2K and more'].join('\n');
    const tail = failedCommandTail(record({ output }))!;
    expect(tail.lines).toHaveLength(MAX_TAIL_LINES);
    expect(tail.lines.slice(-2)).toEqual(['FAIL src/a.test.ts', 'a bell and more']);
    expect(tail.lines[0]).toBe('line 20');
    expect(tail.hint).toBeUndefined();
  });

  it('caps a long line and says nothing for a command that passed or did not run', () => {
    expect(failedCommandTail(record({ output: 'x'.repeat(1_000) }))!.lines[0]).toHaveLength(200);
    expect(failedCommandTail(record({ exitCode: 0, output: 'ok' }))).toBeNull();
    expect(failedCommandTail(record({ ran: false, exitCode: null, output: '' }))).toBeNull();
  });

  it('hints at the common causes: a missing program, missing dependencies, not executable, the timeout', () => {
    expect(failedCommandTail(record({ exitCode: 127, output: 'sh: 1: vitest: not found' }))!.hint).toMatch(/not found: are the dependencies installed/);
    expect(failedCommandTail(record({ exitCode: 1, output: "Error: Cannot find module 'zod'" }))!.hint).toMatch(/module could not be loaded: are the dependencies installed/);
    expect(failedCommandTail(record({ exitCode: 126, output: 'permission denied' }))!.hint).toMatch(/not executable/);
    expect(failedCommandTail(record({ exitCode: null, timedOut: true, output: 'running…' }))!.hint).toMatch(/limits\.shellTimeoutMs/);
  });
});
