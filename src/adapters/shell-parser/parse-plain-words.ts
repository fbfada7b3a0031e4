import { MAX_SHELL_SCRIPT_CHARS, type ShellParseResult, type ShellSyntaxNode } from '../../core/index.js';

/**
 * A word that means itself in Bash: letters, digits and `_ . / - + , : @ %`,
 * not starting with a digit or a dash before a digit (the grammar reads those
 * as numbers), so no quoting, expansion, globbing, tilde, brace, comment,
 * redirection or operator can be in it. `=` may follow in an argument
 * (`--out=dist`); in the command's name it would make an assignment. A name
 * starts with neither a dash (`- a=b` is not a command to the grammar) nor `=`.
 */
const PLAIN_NAME = /^[A-Za-z_./+,:@%][A-Za-z0-9_./+,:@%-]*$/;
const PLAIN_ARGUMENT = /^(?:-{1,2}(?![0-9])|[A-Za-z_./+,:@%])[A-Za-z0-9_./+,:@%=-]*$/;

/**
 * Words the grammar gives other nodes than `command_name`/`word` (keywords,
 * declarations), refused anywhere in the script rather than reasoned about.
 */
const RESERVED_WORDS = new Set(
  ['if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done', 'in', 'function', 'time', 'coproc'].concat(['declare', 'typeset', 'export', 'readonly', 'local', 'unset', 'unsetenv']),
);

/**
 * The tree the Bash grammar gives a script of plain words (`npm test`,
 * `git log --oneline`, `ls -la src`): one command, its name and its
 * arguments, each a `word`, separated by single spaces. Returns null for any
 * other script, which only the grammar may parse. Issue 21: this answers
 * the most common command lines without loading the grammar (a WebAssembly
 * module, tens of ms); `parse-plain-words.test.ts` checks that every tree
 * it returns is the grammar's, node for node.
 */
export function parsePlainWords(script: string): ShellParseResult | null {
  if (script.length === 0 || script.length > MAX_SHELL_SCRIPT_CHARS) return null;
  const words = script.split(' ');
  const children: ShellSyntaxNode[] = [];
  let startIndex = 0;
  for (const [index, text] of words.entries()) {
    if (!(index === 0 ? PLAIN_NAME : PLAIN_ARGUMENT).test(text) || RESERVED_WORDS.has(text)) return null;
    const word = { type: 'word', text, startIndex, isNamed: true, children: [] };
    children.push(index === 0 ? { type: 'command_name', text, startIndex, isNamed: true, field: 'name', children: [{ ...word, field: null }] } : { ...word, field: 'argument' });
    startIndex += text.length + 1;
  }
  const command: ShellSyntaxNode = { type: 'command', text: script, startIndex: 0, isNamed: true, field: null, children };
  return { ok: true, root: { type: 'program', text: script, startIndex: 0, isNamed: true, field: null, children: [command] } };
}
