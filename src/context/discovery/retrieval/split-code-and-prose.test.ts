import { describe, expect, it } from 'vitest';
import { splitCodeAndProse } from './split-code-and-prose.js';

describe('splitCodeAndProse', () => {
  it.each([
    ['a comment marker inside a string is string', 'call("/* not a comment */", x)', 'call( , x)', '"/* not a comment */"'],
    ['a quote inside a comment is comment', 'a /* it\'s "quoted" */ b // don\'t\nc', 'a   b  \nc', '/* it\'s "quoted" */\n// don\'t'],
    ['a template literal spans lines and keeps its escapes', 'const t = `line ${x}\n\\` still`;\nnext', 'const t =  ;\nnext', '`line ${x}\n\\` still`'],
    ['`#` starts a comment at the start or after white space, not inside a word', '# head\nx = 1 # tail\nthis.#field; a#b', ' \nx = 1 \nthis.#field; a#b', '# head\n # tail'],
    ['an unterminated string is code, and scanning goes on after its quote', "it's here\nsay 'done'", "it's here\nsay  ", "'done'"],
    ['a backslash before a line feed ends no string', '"abc\\\nrest"', '"abc\\\nrest"', ''],
    ['an unterminated block comment is code', 'a /* open\nb', 'a /* open\nb', ''],
  ])('%s', (_name, content, code, prose) => {
    expect(splitCodeAndProse(content)).toEqual({ code, prose });
  });
});
