/**
 * The shell parser on Node: web-tree-sitter with the tree-sitter-bash
 * grammar, supplying core's ShellParser capability to the command path
 * extractor.
 */
export { SHELL_PARSE_BUDGET_MS, loadShellParser } from './tree-sitter-shell-parser.js';
