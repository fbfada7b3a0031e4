/**
 * The shell syntax tree the command path extractor reads, as plain data.
 *
 * Core cannot load a parser (that needs the filesystem), so it asks for this
 * small capability and an adapter supplies it (tree-sitter with the Bash
 * grammar on Node). Node types and field names are those of the
 * tree-sitter-bash grammar (`command`, `word`, `file_redirect`, `&&`, ...):
 * the extractor interprets them, the adapter only copies the tree.
 */

/** Scripts longer than this are not parsed: the extractor answers "unknown". */
export const MAX_SHELL_SCRIPT_CHARS = 16 * 1024;

/** Trees deeper than this are refused by parsers (the extractor walks them recursively). */
export const MAX_SHELL_SYNTAX_DEPTH = 200;

/** One node of a concrete syntax tree: every token is present, named or not. */
export interface ShellSyntaxNode {
  /** Grammar node type (`command`, `string`, ...) or the token itself for anonymous nodes (`&&`, `>`). */
  type: string;
  /** The exact source text the node covers. */
  text: string;
  /** Offset of the node's first character in the parsed script (UTF-16 code units, like `String.slice`). */
  startIndex: number;
  /** Whether the grammar names this node (false for punctuation and keywords). */
  isNamed: boolean;
  /** The field name this node has in its parent (`name`, `argument`, `redirect`, ...), or null. */
  field: string | null;
  children: readonly ShellSyntaxNode[];
}

/** A parse that either produced a complete, error-free tree or says why not. */
export type ShellParseResult = { ok: true; root: ShellSyntaxNode } | { ok: false; reason: string };

/**
 * Parses Bash source. Implementations never throw for bad input: a syntax
 * error, a tree deeper than MAX_SHELL_SYNTAX_DEPTH or a parse that takes too
 * long is `{ ok: false, reason }`, which the extractor treats as "unknown".
 */
export interface ShellParser {
  parse(script: string): ShellParseResult;
}
