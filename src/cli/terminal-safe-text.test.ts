import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/events/agent-event.js';
import { createOutput } from './output.js';
import { createHumanRenderer } from './run/create-human-renderer.js';
import { terminalSafeLines, terminalSafeName, terminalSafeText } from './terminal-safe-text.js';

const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
const CSI = String.fromCharCode(0x9b);
const RLO = String.fromCharCode(0x202e);
const ZWSP = String.fromCharCode(0x200b);

/** Names a hostile repository or model could use (issue 15, item 23). */
const HOSTILE_NAMES: readonly { title: string; name: string; shown: string }[] = [
  { title: 'a screen clear', name: `src/${ESC}[2Jx.ts`, shown: 'src/\\x1b[2Jx.ts' },
  { title: 'a window title (OSC ... BEL)', name: `${ESC}]0;pwned${BEL}a.ts`, shown: '\\x1b]0;pwned\\x07a.ts' },
  { title: 'a hyperlink (OSC 8)', name: `${ESC}]8;;https://evil.example${ESC}\\b.ts`, shown: '\\x1b]8;;https://evil.example\\x1b\\b.ts' },
  { title: 'an 8-bit CSI', name: `${CSI}31mred.ts`, shown: '\\x9b31mred.ts' },
  { title: 'a newline faking another line', name: 'a.ts\nerror: fake', shown: 'a.ts\\x0aerror: fake' },
  { title: 'a carriage return overwriting the line', name: 'evil.ts\rgood.ts', shown: 'evil.ts\\x0dgood.ts' },
  { title: 'a bidirectional override', name: `invoice${RLO}st.js`, shown: 'invoice\\u202est.js' },
  { title: 'a zero-width space', name: `a${ZWSP}.ts`, shown: 'a\\u200b.ts' },
  { title: 'a colour sequence, even one brass-agent uses', name: `${ESC}[31ma.ts`, shown: '\\x1b[31ma.ts' },
];

describe('terminalSafeName', () => {
  it.each(HOSTILE_NAMES)('shows $title escaped', ({ name, shown }) => {
    expect(terminalSafeName(name)).toBe(shown);
  });

  it('leaves ordinary names, Unicode included, as they are', () => {
    for (const name of ['src/a.ts', 'docs/Übersicht.md', 'src/日本語/ファイル.ts', 'a b/c-d_e.f']) expect(terminalSafeName(name)).toBe(name);
  });
});

describe('terminalSafeLines', () => {
  it('keeps newlines, tabs and brass-agent\'s own colours, and escapes every other control sequence', () => {
    const colored = `${ESC}[1mbold${ESC}[22m\t${ESC}[33mwarn${ESC}[39m\n`;
    expect(terminalSafeLines(colored)).toBe(colored);
    expect(terminalSafeLines('windows\r\nline ends\r\n but a lone\roverwrite')).toBe('windows\nline ends\n but a lone\\x0doverwrite');
    for (const { name } of HOSTILE_NAMES.filter((hostile) => !/newline|colour/.test(hostile.title))) {
      expect(terminalSafeLines(`read ${name}`)).not.toMatch(new RegExp(`[${ESC}${BEL}${CSI}${RLO}${ZWSP}\r]`));
    }
  });

  it('differs from terminalSafeText, which drops controls from streamed model text', () => {
    expect(terminalSafeText(`a${ESC}[2Jb`)).toBe('a[2Jb');
  });
});

describe('every name printed is terminal-safe (issue 15, item 23)', () => {
  const hostile = `src/${ESC}]0;pwned${BEL}${ESC}[2J${RLO}x.ts`;

  it('the CLI output helpers escape control sequences in result, info, warn and error text', () => {
    let stdout = '';
    let stderr = '';
    const sink = (write: (text: string) => void) => Object.assign(new PassThrough(), { write: (text: string) => (write(text), true) });
    const output = createOutput({ stdout: sink((text) => (stdout += text)), stderr: sink((text) => (stderr += text)), env: {} });
    output.result(`1. ${hostile}`);
    output.info(`patch written to ${hostile}`);
    output.warn(`AGENTS.md in ${hostile} could not be read`);
    output.error(`${hostile} is outside the workspace`, `check ${hostile}`);
    for (const text of [stdout, stderr]) expect(text).not.toMatch(new RegExp(`[${ESC}${BEL}${RLO}]`));
    expect(stdout).toBe('1. src/\\x1b]0;pwned\\x07\\x1b[2J\\u202ex.ts\n');
  });

  it('run\'s progress lines: discovery, patch:, changed files, rollback, warnings', () => {
    let stderr = '';
    const colors = createOutput({ stdout: new PassThrough(), stderr: new PassThrough(), env: {} }).colors;
    const renderer = createHumanRenderer({ stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) }, colors, isPromptShowingApprovals: false });
    const file = { path: hostile, status: 'modified' as const, additions: 1, deletions: 0 };
    const events: AgentEvent[] = [
      { type: 'discovery.completed', files: [{ path: hostile, reason: 'direct' }], commands: [] },
      { type: 'patch.proposed', files: [file], diff: '' },
      { type: 'patch.applied', patchId: 'p', files: [file] },
      { type: 'command.changed_files', command: 'npm test', files: [{ path: hostile, status: 'added' }] },
      { type: 'patch.rolled_back', patchId: 'p', restored: [hostile], removed: [hostile] },
      { type: 'warning', message: `${hostile} was skipped` },
      { type: 'run.finished', state: 'proposed', summary: `proposed ${hostile}`, steps: 1, inputTokens: 1, outputTokens: 1, files: [file] },
    ];
    for (const event of events) renderer.onEvent(event);
    expect(stderr).not.toMatch(new RegExp(`[${ESC}${BEL}${RLO}]`));
    expect(stderr).toContain('patch: src/\\x1b]0;pwned\\x07\\x1b[2J\\u202ex.ts (+1 −0)');
  });
});
