import { pathArgument, pathValue } from './command-reading.js';
import { type ShellState, mergeShellStates, withVariable } from './shell-analysis-state.js';
import { type Outcome, sameOutcome, settledState } from './shell-outcome.js';
import type { ShellScriptWalker } from './shell-script-walker.js';
import type { ShellSyntaxNode } from './shell-syntax.js';
import type { ShellWord } from './shell-word.js';
import { namedChildren, withField } from './syntax-node-children.js';
import { walkLoop } from './walk-loop.js';
import { walkRedirect } from './walk-redirect.js';

const STATEMENT_LIST_TYPES = new Set(['program', 'compound_statement', 'do_group']);
const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
const TEST_FILE_OPERATORS = new Set(['-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-u', '-w', '-x', '-G', '-L', '-N', '-O', '-S']);
const TEST_BINARY_FILE_OPERATORS = new Set(['-nt', '-ot', '-ef']);


/**
 * Walks one statement of the tree-sitter-bash grammar and returns where the
 * shell may be afterwards. Node types it does not know make the extraction
 * unknown.
 */
export function walkStatement(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
  walker.collector.step();
  if (STATEMENT_LIST_TYPES.has(node.type)) {
    // `(( x++ ))` is a compound_statement holding arithmetic, not statements.
    if (node.children[0]?.type === '((') {
      walker.substitutions(node, state, depth);
      return sameOutcome(state);
    }
    return walker.sequence(node.children, state, depth);
  }
  switch (node.type) {
    case 'subshell':
      walker.sequence(node.children, state, depth);
      return sameOutcome(state);
    case 'list':
      return walkList(walker, node, state, depth);
    case 'pipeline': {
      // Every part runs in a subshell (the last one may not, with `lastpipe`: keep its effect as possible).
      const outcomes = namedChildren(node).map((child) => settledState(walker.statement(child, state, depth)));
      return sameOutcome(mergeShellStates([state, ...outcomes]));
    }
    case 'negated_command': {
      const inner = namedChildren(node)[0];
      const outcome = inner === undefined ? sameOutcome(state) : walker.statement(inner, state, depth);
      return { success: outcome.failure, failure: outcome.success };
    }
    case 'redirected_statement':
      return walkRedirected(walker, node, state, depth);
    case 'command':
      return walkCommand(walker, node, state, depth);
    case 'variable_assignment':
    case 'variable_assignments':
    case 'declaration_command':
    case 'unset_command':
      return sameOutcome(walkAssignments(walker, node, state, depth));
    case 'test_command':
      walkTest(walker, node, state, depth);
      return sameOutcome(state);
    case 'if_statement':
      return walkIf(walker, node, state, depth);
    case 'while_statement':
    case 'for_statement':
    case 'c_style_for_statement':
      return walkLoop(walker, node, state, depth);
    case 'case_statement':
      return walkCase(walker, node, state, depth);
    case 'function_definition':
      walker.collector.markUnknown('the command defines a shell function, which may run anywhere it is called');
      for (const child of namedChildren(node)) if (child.field !== 'name') walkStatement(walker, child, state, depth);
      return sameOutcome(state);
    case 'file_redirect':
    case 'heredoc_redirect':
    case 'herestring_redirect':
      walkRedirect(walker, node, state, depth);
      return sameOutcome(state);
    default:
      walker.collector.markUnknown(`shell syntax the path check does not follow (${node.type}: ${node.text.slice(0, 40)})`);
      walker.substitutions(node, state, depth);
      return sameOutcome(state);
  }
}

function walkList(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
  const [left, right] = namedChildren(node);
  const operator = node.children.find((child) => !child.isNamed)?.type;
  if (left === undefined || right === undefined) return walker.sequence(node.children, state, depth);
  const first = walker.statement(left, state, depth);
  if (operator === '&&') {
    const second = walker.statement(right, first.success, depth);
    return { success: second.success, failure: mergeShellStates([first.failure, second.failure]) };
  }
  if (operator === '||') {
    const second = walker.statement(right, first.failure, depth);
    return { success: mergeShellStates([first.success, second.success]), failure: second.failure };
  }
  return walker.statement(right, settledState(first), depth);
}

function walkRedirected(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
  const body = withField(node, 'body')[0];
  // tree-sitter-bash may hang a redirection on a whole list (`cd / && sort < x`):
  // resolve it against every directory any command of the body ran in.
  const observed = walker.collector.observing(() => (body === undefined ? sameOutcome(state) : walker.statement(body, state, depth)));
  const redirectState = { ...state, cwds: [...new Set([...state.cwds, ...observed.cwds])] };
  for (const child of node.children) if (child !== body && child.isNamed) walkStatement(walker, child, redirectState, depth);
  return observed.value;
}

function walkCommand(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
  // tree-sitter-bash sometimes reads `a | b | c⏎cat /etc/passwd` as one command `c cat /etc/passwd`; bash ends it at the line break.
  if (hasLineBreakBetweenWords(node)) walker.collector.markUnknown('the parser joined two lines into one command');
  for (const child of node.children) if (!(child.field === 'redirect' || REDIRECT_TYPES.has(child.type))) walker.substitutions(child, state, depth);
  const words: ShellWord[] = [];
  const environment: ShellWord[] = [];
  const redirects: ShellSyntaxNode[] = [];
  for (const child of node.children) {
    if (child.type === 'comment') continue;
    if (child.field === 'name') words.unshift(globbed(walker, child.children[0] ?? child, state));
    else if (child.field === 'argument') words.push(globbed(walker, child, state));
    else if (child.field === 'redirect' || REDIRECT_TYPES.has(child.type)) redirects.push(child);
    else if (child.type === 'variable_assignment') environment.push(assignmentWord(walker, child, state));
    else if (child.isNamed) walker.collector.markUnknown(`shell syntax the path check does not follow (${child.type} in a command)`);
  }
  // `VAR=value cmd`: the value goes to the command's environment, where it may be used as a path.
  for (const word of environment) walker.pathWord(pathArgument(word), state);
  for (const redirect of redirects) walkRedirect(walker, redirect, state, depth);
  if (words.length === 0) {
    if (environment.length > 0) walker.collector.markAssignment();
    return sameOutcome(state);
  }
  // `CDPATH=/etc cd ssh`: a CDPATH for this command makes its `cd` go anywhere.
  const hasCdPath = environment.some((word) => word.source.startsWith('CDPATH='));
  const assignments = environment.map((word) => /^[A-Za-z_][A-Za-z0-9_]*/.exec(word.source)?.[0] ?? word.source);
  // A statement of the script: the shell runs a builtin of that name itself, whatever files PATH holds.
  return walker.simpleCommand(words, hasCdPath ? withVariable(state, 'CDPATH', null) : state, depth, { lookup: 'builtin', assignments });
}

/** A command's word; when the shell expands it as a glob, the names it may list count as touched. */
function globbed(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState): ShellWord {
  const word = walker.word(node, state);
  walker.globWord(node, word, state);
  return word;
}

/** Whether an unescaped line break separates two parts of one command (bash would end the command there). */
function hasLineBreakBetweenWords(node: ShellSyntaxNode): boolean {
  let end = node.startIndex;
  for (const child of node.children) {
    const gap = node.text.slice(end - node.startIndex, child.startIndex - node.startIndex);
    if (/(^|[^\\])\n/.test(gap)) return true;
    end = child.startIndex + child.text.length;
  }
  return false;
}

/** `NAME=value` as one word, so the value is split like an assignment argument (`PATH=a:b`, `X=~/y`). */
function assignmentWord(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState): ShellWord {
  const name = withField(node, 'name')[0]?.text ?? '';
  const value = withField(node, 'value')[0];
  if (value === undefined) return { source: node.text, values: [`${name}=`], unknownReason: null };
  const word = value.type === 'array' ? arrayWord(walker, value, state) : walker.word(value, state);
  return { source: node.text, values: word.values?.map((text) => `${name}=${text}`) ?? null, unknownReason: word.unknownReason };
}

/** An array's elements as one word's possible values (each may be a path). */
function arrayWord(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState): ShellWord {
  const elements = namedChildren(node).map((child) => walker.word(child, state));
  const unknown = elements.find((element) => element.values === null);
  if (unknown !== undefined) return unknown;
  return { source: node.text, values: elements.flatMap((element) => element.values ?? []), unknownReason: null };
}

function walkAssignments(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): ShellState {
  if (hasLineBreakBetweenWords(node)) walker.collector.markUnknown('the parser joined two lines into one command');
  walker.substitutions(node, state, depth);
  walker.collector.markAssignment();
  let current = state;
  const assignments = node.type === 'variable_assignment' ? [node] : namedChildren(node);
  const isExporting = node.type === 'declaration_command' && /^export\b|\s-[a-zA-Z]*x/.test(node.text);
  // `declare -n ref=NAME` makes ref another name for NAME: its "value" is not a value.
  const isNameReference = node.type === 'declaration_command' && /\s-[a-zA-Z]*n/.test(node.text);
  for (const child of assignments) {
    if (child.type === 'variable_name') {
      // `export NAME`, `declare NAME`, `unset NAME`: the value is whatever it is now, or gone.
      current = withVariable(current, child.text, node.type === 'unset_command' ? null : (current.variables.get(child.text) ?? null));
      continue;
    }
    if (child.type !== 'variable_assignment') continue;
    const word = assignmentWord(walker, child, current);
    // A value only known when it runs matters once it reaches a program: exported, or used later as a path.
    if (word.values !== null || isExporting) walker.pathWord(pathArgument(word), current);
    const name = withField(child, 'name')[0];
    const isAppend = child.children.some((part) => part.type === '+=');
    if (name === undefined || name.type !== 'variable_name') continue;
    const values = isAppend || isNameReference || word.values === null ? null : word.values.map((text) => text.slice(text.indexOf('=') + 1));
    current = withVariable(current, name.text, values);
  }
  return current;
}

const WORD_NODE_TYPES = new Set(['word', 'string', 'raw_string', 'ansi_c_string', 'translated_string', 'concatenation', 'simple_expansion', 'expansion', 'number', 'command_substitution', 'process_substitution']);

/**
 * An operand of a test expression as a word. tree-sitter-bash reads some
 * operands as arithmetic (`~/.ssh` becomes `~` applied to `/.ssh`); plain
 * text is taken as written, anything else is unknown.
 */
function testOperandWord(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState): ShellWord {
  if (WORD_NODE_TYPES.has(node.type)) return walker.word(node, state);
  if (/^[^'"`$\\\s]+$/.test(node.text)) return { source: node.text, values: [node.text], unknownReason: null };
  return { source: node.text, values: null, unknownReason: `${node.text} in a test is an expression the path check does not follow` };
}

function walkTest(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): void {
  walker.substitutions(node, state, depth);
  const pending = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const operator = current.children.find((child) => child.field === 'operator')?.text;
    const operands = namedChildren(current).filter((child) => child.field !== 'operator');
    if (current.type === 'unary_expression' && operator !== undefined && TEST_FILE_OPERATORS.has(operator)) {
      for (const operand of operands) walker.pathWord(pathValue(testOperandWord(walker, operand, state)), state);
    } else if (current.type === 'binary_expression' && operator !== undefined && TEST_BINARY_FILE_OPERATORS.has(operator)) {
      for (const operand of operands) walker.pathWord(pathValue(testOperandWord(walker, operand, state)), state);
    } else pending.push(...namedChildren(current));
  }
}

function walkIf(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
  const branches: ShellState[] = [];
  let failure = state;
  for (const clause of [node, ...node.children.filter((child) => child.type === 'elif_clause' || child.type === 'else_clause')]) {
    const parts = clause.children.filter((child) => child.type !== 'elif_clause' && child.type !== 'else_clause');
    if (clause.type === 'else_clause') {
      branches.push(settledState(walker.sequence(parts, failure, depth)));
      failure = state;
      continue;
    }
    const thenAt = parts.findIndex((child) => child.type === 'then');
    const condition = walker.sequence(parts.slice(0, thenAt), failure, depth);
    branches.push(settledState(walker.sequence(parts.slice(thenAt + 1), condition.success, depth)));
    failure = condition.failure;
  }
  return sameOutcome(mergeShellStates([...branches, failure]));
}

function walkCase(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
  walker.substitutions({ ...node, children: withField(node, 'value') }, state, depth);
  const results: ShellState[] = [state];
  let previous: ShellState | null = null;
  for (const item of node.children.filter((child) => child.type === 'case_item')) {
    walker.substitutions({ ...item, children: withField(item, 'value') }, state, depth);
    const entry = previous === null ? state : mergeShellStates([state, previous]);
    const after = settledState(walker.sequence(item.children.filter((child) => child.field !== 'value'), entry, depth));
    results.push(after);
    previous = item.children.some((child) => child.field === 'fallthrough') ? after : null;
  }
  return sameOutcome(mergeShellStates(results));
}
