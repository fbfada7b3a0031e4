import type { ShellParser } from '../../core/index.js';
import { parsePlainWords } from './parse-plain-words.js';
import { loadShellParser } from './tree-sitter-shell-parser.js';

/** Parses plain words only: what a script of plain words can hold (a nested `sh -c` script is one of its words). */
const PLAIN_WORDS_PARSER: ShellParser = {
  parse: (script) => parsePlainWords(script) ?? { ok: false, reason: 'only plain words are parsed without the Bash grammar' },
};

/**
 * A parser for one known command line: without the grammar when the line is
 * plain words (see parsePlainWords, which gives the grammar's own tree),
 * otherwise loadShellParser(). Throws as loadShellParser does.
 */
export async function loadShellParserFor(script: string): Promise<ShellParser> {
  return parsePlainWords(script) === null ? loadShellParser() : PLAIN_WORDS_PARSER;
}
