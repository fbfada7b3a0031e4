import { pathArgument, pathValue } from './command-reading.js';
import { isHarmless } from './path-candidates.js';
import type { ShellState } from './shell-analysis-state.js';
import type { ShellScriptWalker } from './shell-script-walker.js';
import type { ShellSyntaxNode } from './shell-syntax.js';
import { findUnparsedExpansionWords } from './shell-word.js';
import { withField } from './syntax-node-children.js';

/** Redirection operators that duplicate or close a descriptor (`2>&1`, `>&-`) rather than open a file. */
const DUPLICATING_OPERATORS = new Set(['>&', '<&']);
/** Redirection operators that open a file for writing. */
const WRITING_OPERATORS = new Set(['>', '>>', '&>', '&>>', '>|', '<>', '>&']);

/** `$(` that is not `$((`: how many command substitutions the text opens. */
function countOpenings(text: string): number {
  return text.match(/\$\((?!\()/g)?.length ?? 0;
}

function countSubstitutionNodes(node: ShellSyntaxNode): number {
  let count = 0;
  const pending = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.type === 'command_substitution') count += 1;
    pending.push(...current.children);
  }
  return count;
}

/** One redirection: the file it opens is a path; here-documents and here-strings are only text. */
export function walkRedirect(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): void {
  if (node.type !== 'heredoc_redirect') walker.substitutions(node, state, depth);
  if (node.type === 'file_redirect') {
    const operator = node.children.find((child) => !child.isNamed)?.type ?? '';
    for (const destination of withField(node, 'destination')) {
      const word = walker.word(destination, state);
      const text = word.values?.length === 1 ? word.values[0] : undefined;
      if (DUPLICATING_OPERATORS.has(operator) && text !== undefined && /^(\d+|-)$/.test(text)) continue;
      if (WRITING_OPERATORS.has(operator) && !(word.values?.every((value) => value.startsWith('/') && isHarmless(value)) ?? false)) walker.collector.markRedirectionWrite();
      walker.pathWord(pathValue(word), state);
    }
    return;
  }
  if (node.type === 'herestring_redirect') {
    // Only text, unless what reads it takes arguments or commands from it (`xargs cat <<< /etc/passwd`).
    for (const child of node.children) if (child.isNamed) walker.latentWord(walker.word(child, state), state, true);
    return;
  }
  if (node.type !== 'heredoc_redirect') {
    walker.collector.markUnknown(`a redirection the path check does not follow (${node.type})`);
    return;
  }
  const start = node.children.find((child) => child.type === 'heredoc_start')?.text ?? '';
  const isQuoted = /['"\\]/.test(start);
  for (const child of node.children) {
    if (child.type === 'heredoc_body') {
      walker.latentWord({ source: start, values: [child.text], unknownReason: null }, state, true);
      if (!isQuoted) walker.substitutions(child, state, depth);
      // tree-sitter-bash leaves backquotes (and some `$(`) in a here-document body as text; bash runs them.
      const unparsedOpenings = findUnparsedExpansionWords(child).reduce((sum, text) => sum + countOpenings(text), 0);
      if (!isQuoted && (child.text.includes('`') || countOpenings(child.text) > countSubstitutionNodes(child) + unparsedOpenings)) {
        walker.collector.markUnknown('a command substitution inside a here-document the path check cannot read');
      }
      continue;
    }
    if (!child.isNamed || ['heredoc_start', 'heredoc_end', 'file_descriptor'].includes(child.type)) continue;
    // tree-sitter-bash puts the rest of the line (`<<EOF > out && cmd`) inside the here-document node.
    if (child.field === 'argument') {
      walker.substitutions(child, state, depth);
      walker.pathWord(pathArgument(walker.word(child, state)), state);
    } else walker.statement(child, state, depth);
  }
}
