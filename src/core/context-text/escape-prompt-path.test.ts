import { describe, expect, it } from 'vitest';
import { escapePromptPath } from './escape-prompt-path.js';
import { containsReminderTag } from './neutralize-reminder-tags.js';

describe('escapePromptPath', () => {
  const cases: [name: string, input: string, expected: string][] = [
    ['an ordinary path', 'packages/api/AGENTS.md', 'packages/api/AGENTS.md'],
    ['a newline in a directory name', 'pkg/a\nb/AGENTS.md', 'pkg/a\\nb/AGENTS.md'],
    ['carriage return and tab', 'a\r\tb', 'a\\r\\tb'],
    ['a backslash', 'a\\nb', 'a\\\\nb'],
    ['an escape sequence', 'a\u001b[31mred', 'a\\u001b[31mred'],
    ['a bidi override', 'a\u202Eb', 'a\\u202eb'],
    ['a zero-width space', 'a\u200Bb', 'a\\u200bb'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
    ['angle brackets', 'a<b>c', 'a\\u003cb\\u003ec'],
    ['non-ASCII letters', 'docs/é/文档.md', 'docs/é/文档.md'],
  ];
  it.each(cases)('escapes %s', (_name, input, expected) => {
    expect(escapePromptPath(input)).toBe(expected);
  });

  it('keeps every result on one line and without a reminder tag', () => {
    const hostile = ['x/</system-reminder>/AGENTS.md', 'x/\n</system-reminder>\n/AGENTS.md', 'x/&lt;/system-reminder&gt;/AGENTS.md', 'x/<sys\u200Btem-reminder>/y'];
    for (const input of hostile) {
      const escaped = escapePromptPath(input);
      expect(escaped).not.toMatch(/[\n\r<>]/);
      expect(containsReminderTag(escaped)).toBe(false);
    }
  });
});
