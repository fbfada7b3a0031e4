import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHELL_SCRIPT_CHARS, MAX_SHELL_SYNTAX_DEPTH, type ShellParser, type ShellSyntaxNode } from '../../core/index.js';
import { loadShellParser } from './tree-sitter-shell-parser.js';

function* walk(node: ShellSyntaxNode): Generator<ShellSyntaxNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

describe('loadShellParser', () => {
  let parser: ShellParser;
  let script: string;
  beforeAll(async () => {
    parser = await loadShellParser();
    script = 'cd "é 😀" && cat ~/x | wc -l';
  });

  it('copies the whole tree: types, fields, named flags, and text at its offset', () => {
    const parsed = parser.parse(script);
    if (!parsed.ok) throw new Error(parsed.reason);
    const nodes = [...walk(parsed.root)];
    expect(parsed.root.type).toBe('program');
    expect(nodes.map((node) => node.type)).toEqual(expect.arrayContaining(['list', 'pipeline', 'command', 'string', '&&', '|']));
    expect(nodes.find((node) => node.field === 'name')?.text).toBe('cd');
    for (const node of nodes) expect(script.slice(node.startIndex, node.startIndex + node.text.length)).toBe(node.text);
    expect(nodes.filter((node) => !node.isNamed).map((node) => node.text)).toEqual(expect.arrayContaining(['&&', '|', '"']));
  });

  it.each([
    ['a syntax error', 'cat "unterminated', /syntax error/],
    ['an unclosed group', 'if true; then echo', /syntax error/],
    ['garbage that makes error recovery slow', 'a |'.repeat(3000), /syntax error|took longer/],
    ['a script over the limit', 'x'.repeat(MAX_SHELL_SCRIPT_CHARS + 1), /longer than/],
    ['a tree deeper than the limit', `${'$(echo '.repeat(MAX_SHELL_SYNTAX_DEPTH)}x${')'.repeat(MAX_SHELL_SYNTAX_DEPTH)}`, /nests deeper/],
  ])('refuses %s as a value, never by throwing', (_name, input, reason) => {
    const parsed = parser.parse(input);
    expect(parsed).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });

  it('keeps parsing correctly after a refused script', () => {
    parser.parse(')'.repeat(5000));
    const parsed = parser.parse('echo ok');
    expect(parsed.ok && parsed.root.text).toBe('echo ok');
  });

  it('loads the grammar once: a second parser shares it', async () => {
    const other = await loadShellParser();
    expect(other.parse('ls').ok).toBe(true);
  });
});
