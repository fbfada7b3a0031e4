/**
 * The shell parser on Node: web-tree-sitter with the tree-sitter-bash
 * grammar, supplying core's ShellParser capability to the command path
 * extractor; plain-word command lines are parsed without loading it.
 */
export { SHELL_PARSE_BUDGET_MS, loadShellParser } from './tree-sitter-shell-parser.js';
export { loadShellParserFor } from './load-shell-parser-for.js';
