import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view.js';

// Frames carry no colour when the test's stdout is not a terminal: force
// chalk's basic colours (Ink's styles go through it) to see bold and dim.
const ESC = '\u001b';
let savedLevel: typeof chalk.level;
beforeAll(() => {
  savedLevel = chalk.level;
  chalk.level = 1;
});
afterAll(() => {
  chalk.level = savedLevel;
});

function frameOf(text: string): string {
  const { lastFrame, unmount } = render(<MarkdownView text={text} />);
  const frame = lastFrame() ?? '';
  unmount();
  return frame;
}

describe('MarkdownView', () => {
  it('renders a heading bold, emphasis italic, inline code cyan and a fenced block indented and dim', () => {
    const frame = frameOf('## Title\n\nsome *soft* and **hard** with `code`\n\n```\nnpm test\n```\n');
    expect(frame).toContain(`${ESC}[1mTitle`);
    expect(frame).toContain(`${ESC}[3msoft`);
    expect(frame).toContain(`${ESC}[1mhard`);
    expect(frame).toContain(`${ESC}[36mcode`);
    expect(frame).toMatch(new RegExp(`^ {2}${ESC}\\[2mnpm test`, 'm'));
    expect(frame).not.toContain('##');
    expect(frame).not.toContain('```');
  });

  it('renders lists with bullets and numbers, links as text and url, block quotes with a bar', () => {
    const frame = frameOf('- a\n- b\n\n3. three\n4. four\n\nsee [the docs](https://example.com/docs) or <https://x.dev>\n\n> quoted\n').replace(new RegExp(`${ESC}\\[\\d+m`, 'g'), '');
    expect(frame).toContain('• a\n• b');
    expect(frame).toContain('3. three\n4. four');
    expect(frame).toContain('see the docs (https://example.com/docs) or https://x.dev');
    expect(frame).toMatch(/│ ?quoted/);
  });

  it('escapes escape sequences and bidi overrides in every text value', () => {
    const frame = frameOf('clear\u001b[2J now `\u202ecode` and\n\n```\n\u001b]0;title\u0007\n```\n');
    expect(frame).toContain('clear\\x1b[2J now');
    expect(frame).toContain('\\u202ecode');
    expect(frame).toContain('\\x1b]0;title\\x07');
    expect(frame).not.toContain('\u202e');
    expect(frame).not.toMatch(new RegExp(`${ESC}(?!\\[\\d+m)`));
  });
});
