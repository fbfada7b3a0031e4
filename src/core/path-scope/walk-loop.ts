import { type ShellState, hasSameCwds, mergeShellStates, withVariable } from './shell-analysis-state.js';
import { type Outcome, sameOutcome, settledState } from './shell-outcome.js';
import type { ShellScriptWalker } from './shell-script-walker.js';
import type { ShellSyntaxNode } from './shell-syntax.js';
import { namedChildren, withField } from './syntax-node-children.js';

/** Builtins that assign the variables their arguments name. */
const ASSIGNING_COMMANDS = new Set(['read', 'mapfile', 'readarray', 'getopts', 'printf', 'declare', 'typeset', 'local', 'export', 'readonly', 'unset']);
/** Builtins that run text in this shell: they may assign anything. */
const EVALUATING_COMMANDS = new Set(['eval', 'source', '.']);

/**
 * Loops run their body any number of times, so every variable the loop may
 * assign is unknown inside it (`x=$x/..` climbs once per round), and a body
 * that moves the shell makes later paths unknowable. One walk: linear time.
 */
export function walkLoop(walker: ShellScriptWalker, node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
  const body = withField(node, 'body')[0];
  const header = node.children.filter((child) => child !== body && child.isNamed && child.field !== 'variable' && child.field !== 'value');
  let entry = forgetVariables(state, assignedNames(node));
  if (node.type === 'for_statement') {
    const variable = withField(node, 'variable')[0];
    if (variable !== undefined) walker.collector.markAssignment();
    const values = withField(node, 'value');
    for (const value of values) walker.substitutions(value, state, depth);
    const words = values.map((value) => walker.word(value, state));
    // `for f in ~/.ssh/*`: the list is expanded as a glob, whatever the body does with it.
    values.forEach((value, index) => walker.globWord(value, words[index]!, state));
    const isKnown = values.length > 0 && words.every((word) => word.values !== null);
    if (variable !== undefined) entry = withVariable(entry, variable.text, isKnown ? words.flatMap((word) => word.values ?? []) : null);
  }
  for (const part of header) if (part.field === 'initializer' || part.field === 'update' || part.type.endsWith('expression')) walker.substitutions(part, entry, depth);
  const condition = walker.sequence(header.filter((child) => !child.type.endsWith('expression') && child.field !== 'initializer' && child.field !== 'update'), entry, depth);
  const after = body === undefined ? settledState(condition) : settledState(walker.statement(body, settledState(condition), depth));
  if (!hasSameCwds(entry, after)) walker.collector.markUnknown('the working directory changes inside a loop');
  return sameOutcome(mergeShellStates([entry, after]));
}

/** Names a loop may assign, found in its text; `all` when it evaluates text (`eval`). */
function assignedNames(node: ShellSyntaxNode): Set<string> | 'all' {
  const names = new Set<string>();
  const pending = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.type === 'variable_assignment' || current.type === 'for_statement') {
      const name = withField(current, current.type === 'for_statement' ? 'variable' : 'name')[0];
      if (name !== undefined) names.add(name.text);
    }
    if (current.type === 'command') {
      const words = current.children.filter((child) => child.field === 'name' || child.field === 'argument').map((child) => child.text);
      if (words.some((word) => EVALUATING_COMMANDS.has(word))) return 'all';
      if (words.some((word) => ASSIGNING_COMMANDS.has(word))) for (const word of words) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(word)) names.add(word);
    }
    if (current.type === 'declaration_command' || current.type === 'unset_command') {
      for (const child of namedChildren(current)) if (child.type === 'variable_name') names.add(child.text);
    }
    pending.push(...current.children);
  }
  return names;
}

function forgetVariables(state: ShellState, names: Set<string> | 'all'): ShellState {
  let forgotten = state;
  for (const name of names === 'all' ? state.variables.keys() : names) forgotten = withVariable(forgotten, name, null);
  return forgotten;
}
