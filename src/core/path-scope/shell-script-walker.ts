import { literalOf } from './command-options.js';
import { type CommandReading, type DirectoryChange, type PathPosition, pathValue } from './command-reading.js';
import type { ExtractionCollector } from './extraction-collector.js';
import { type CandidateContext, expandPathText, pathTextsOfArgument } from './path-candidates.js';
import { isSystemProgramPath, readSimpleCommand } from './read-simple-command.js';
import { MAX_CWD_CHOICES, type ShellState, mergeShellStates, withVariable } from './shell-analysis-state.js';
import { type Outcome, sameOutcome, settledState } from './shell-outcome.js';
import { MAX_SHELL_SCRIPT_CHARS, type ShellParser, type ShellSyntaxNode } from './shell-syntax.js';
import { type ShellWord, evaluateWord, findSubstitutions, findUnparsedExpansionWords, globRisk } from './shell-word.js';
import { walkStatement } from './walk-statement.js';

/** Scripts inside scripts (`sh -c "eval '...'"`) and commands inside wrappers, at most this deep. */
export const MAX_NESTING_DEPTH = 8;

const same = sameOutcome;

/**
 * Walks a shell syntax tree statement by statement, following the working
 * directory through `cd`, `&&`, `||`, branches and loops, and reports every
 * path each command may touch. Syntax it does not follow is reported as
 * unknown, never skipped.
 */
export class ShellScriptWalker {
  constructor(
    readonly collector: ExtractionCollector,
    private readonly homeDir: string,
    private readonly parser: ShellParser | null,
  ) {}

  /** Parses and walks a script in `state`; the outcome matters when this shell runs it (`eval`). */
  walkScript(script: string, state: ShellState, depth: number): Outcome {
    const fail = (reason: string): Outcome => {
      this.collector.markUnknown(reason);
      return same(state);
    };
    if (depth > MAX_NESTING_DEPTH) return fail(`scripts nested more than ${MAX_NESTING_DEPTH} deep`);
    if (this.parser === null) return fail('no shell parser is available to read the script');
    if (script.length > MAX_SHELL_SCRIPT_CHARS) return fail(`the script is longer than ${MAX_SHELL_SCRIPT_CHARS} characters`);
    // tree-sitter-bash splits a word at a backslash-newline; bash joins it (`.\⏎./x` is `../x`).
    if (/[^\s\\]\\\r?\n[^\s]/.test(script)) return fail('a line continuation inside a word');
    const parsed = this.parser.parse(script);
    if (!parsed.ok) return fail(parsed.reason);
    return this.statement(parsed.root, state, depth);
  }

  /**
   * Walks one simple command given as words (an argv, or a command a wrapper
   * runs). `how.lookup` says whether the shell runs it itself (a builtin of
   * that name wins) or starts it as a program (default); `how.assignments`
   * names its `NAME=value` prefixes.
   */
  simpleCommand(words: readonly ShellWord[], state: ShellState, depth: number, how: { lookup?: 'builtin' | 'exec'; assignments?: readonly string[] } = {}): Outcome {
    if (depth > MAX_NESTING_DEPTH) {
      this.collector.markUnknown(`commands nested more than ${MAX_NESTING_DEPTH} deep`);
      return same(state);
    }
    this.collector.step();
    const reading = readSimpleCommand(words);
    this.collector.command(words.map((word) => literalOf(word) ?? word.source), isTransparentRunner(words, reading), how.lookup ?? 'exec', how.assignments ?? []);
    if (reading.forgottenVariables.length > 0) this.collector.markAssignment();
    this.collector.observeCwds(state.cwds);
    // Scripts are walked as scripts; every other word's fields may be paths to whatever reads them.
    const scripts = new Set([...reading.scripts, ...reading.evaluatedScripts]);
    for (const word of words.slice(1)) if (!scripts.has(word)) this.latentWord(word, state, true);
    return this.applyReading(reading, state, depth);
  }

  private applyReading(reading: CommandReading, state: ShellState, depth: number): Outcome {
    for (const reason of reading.unknown) this.collector.markUnknown(reason);
    for (const position of reading.paths) this.pathWord(position, state);
    for (const script of reading.scripts) {
      if (script.values === null) this.collector.markUnknown(script.unknownReason ?? `${script.source} is only known when it runs`);
      for (const value of script.values ?? []) this.walkScript(value, childShellState(state), depth + 1);
    }
    let outcome = same(state);
    const evaluated = reading.evaluatedScripts.flatMap((script) => {
      if (script.values === null) this.collector.markUnknown(script.unknownReason ?? `${script.source} is only known when it runs`);
      return (script.values ?? []).map((value) => this.walkScript(value, state, depth + 1));
    });
    if (evaluated.length > 0) outcome = { success: mergeShellStates(evaluated.map((item) => item.success)), failure: mergeShellStates(evaluated.map(settledState)) };
    for (const command of reading.commands) {
      const nested = this.simpleCommand(command.words, state, depth + 1, { lookup: command.isInShell && command.isExecuted !== true ? 'builtin' : 'exec' });
      if (command.isInShell) outcome = nested;
    }
    let after = outcome.success;
    for (const name of reading.forgottenVariables) after = withVariable(after, name, null);
    if (reading.directoryChange !== null) return this.changeDirectory(reading.directoryChange, after);
    return after === outcome.success ? outcome : { success: after, failure: after };
  }

  private changeDirectory(change: DirectoryChange, state: ShellState): Outcome {
    const fail = (reason: string): Outcome => {
      this.collector.markUnknown(reason);
      return same(state);
    };
    let cwds: readonly string[];
    let directoryStack = state.directoryStack;
    switch (change.kind) {
      case 'unknown':
        return fail(`the working directory after ${change.reason} is not known`);
      case 'previous':
        if (state.previousCwds === null) return fail('cd - goes back to a directory that is not known');
        cwds = state.previousCwds;
        break;
      case 'pop': {
        const [top, ...rest] = directoryStack ?? [];
        if (top === undefined) return fail('popd returns to a directory that is not known');
        cwds = top;
        directoryStack = rest;
        break;
      }
      default: {
        const targets = change.target === null ? this.homes(state) : this.directoryTargets(change.target, state);
        if (targets === null) return same(state);
        // A bare `cd` enters $HOME: a directory the command touches like any named one.
        if (change.target === null) for (const home of targets) this.collector.mention(home, 'cd');
        cwds = targets;
        if (change.kind === 'push') directoryStack = directoryStack === null ? null : [state.cwds, ...directoryStack];
      }
    }
    if (cwds.length === 0) return same(state);
    if (cwds.length > MAX_CWD_CHOICES) return fail(`the shell may be in more than ${MAX_CWD_CHOICES} directories`);
    return { success: { ...state, cwds, previousCwds: state.cwds, directoryStack }, failure: state };
  }

  private directoryTargets(target: ShellWord, state: ShellState): string[] | null {
    if (target.values === null) {
      this.collector.markUnknown(target.unknownReason ?? `cd to ${target.source}, which is only known when it runs`);
      return null;
    }
    const targets: string[] = [];
    for (const value of target.values) {
      if (value === '') continue;
      if (state.variables.has('CDPATH') && !/^(\/|\.\.?(\/|$)|~)/.test(value)) {
        this.collector.markUnknown(`cd ${value} with CDPATH set may go anywhere`);
        return null;
      }
      const expanded = expandPathText(value, this.candidateContext(state));
      if ('unknown' in expanded) {
        this.collector.markUnknown(expanded.unknown);
        for (const path of expanded.paths ?? []) this.collector.mention(path, target.source);
        return null;
      }
      targets.push(...expanded.paths);
    }
    return [...new Set(targets)];
  }

  /** Where a bare `cd` goes: each value `$HOME` may have, absolute (a relative one is joined to the working directory). */
  private homes(state: ShellState): string[] | null {
    const values = this.candidateContext(state).homes;
    // `HOME= cd`: an empty HOME leaves the shell where it is; nothing to name.
    const homes = [...new Set(values.filter((home) => home.length > 0).flatMap((home) => (home.startsWith('/') ? [home] : state.cwds.map((cwd) => `${cwd}/${home}`))))];
    if (values.length === 0) this.collector.markUnknown('$HOME is not known here');
    if (homes.length === 0) return null;
    return homes;
  }

  /** Reports the paths one word in a path position may name. */
  pathWord(position: PathPosition, state: ShellState): void {
    const { word } = position;
    if (word.values === null) {
      this.collector.markUnknown(word.unknownReason ?? `${word.source} is only known when it runs`);
      return;
    }
    const context = this.candidateContext(state);
    for (const value of word.values) {
      const texts = position.mode === 'argument' ? pathTextsOfArgument(value) : value === '' ? [] : [value];
      for (const text of texts) {
        const expanded = expandPathText(text, context);
        if ('unknown' in expanded) this.collector.markUnknown(expanded.unknown);
        for (const path of expanded.paths ?? []) this.collector.mention(path, word.source);
      }
    }
  }

  /**
   * The paths a word names where it is not known to be used as a path (an
   * `echo` text, a here-string): listed if the line turns out unknown (see
   * `ExtractionCollector.latentMention`). `isText`: split it into words first.
   */
  latentWord(word: ShellWord, state: ShellState, isText = false): void {
    const context = this.candidateContext(state);
    for (const value of word.values ?? []) {
      const fields = isText ? value.split(/\s+/) : [value];
      for (const field of fields) {
        if (!/^[~/]|\.\.|\//.test(field) || isSystemProgramPath(field)) continue;
        for (const text of pathTextsOfArgument(field)) {
          const expanded = expandPathText(text, context);
          for (const path of expanded.paths ?? []) this.collector.latentMention(path, word.source);
        }
      }
    }
  }

  private candidateContext(state: ShellState): CandidateContext {
    const home = state.variables.has('HOME') ? state.variables.get('HOME') : [this.homeDir];
    return { cwds: state.cwds, previousCwds: state.previousCwds, homes: home ?? [] };
  }

  /** Evaluates a word node in `state`; its substitutions must be walked separately (`substitutions`). */
  word(node: ShellSyntaxNode, state: ShellState): ShellWord {
    return evaluateWord(node, { state, homeDir: this.homeDir });
  }

  /**
   * Walks every `$(...)`, backquote and `<(...)` inside `node` as a subshell
   * of `state`, those inside the unparsed words of `${...}` expansions
   * (`${x#$(cmd)}`) included.
   */
  substitutions(node: ShellSyntaxNode, state: ShellState, depth: number): void {
    for (const substitution of findSubstitutions(node)) this.sequence(substitution.children, state, depth);
    // The grammar leaves `${x#PATTERN}` patterns as text: parse them as the words they are and walk what they run.
    for (const text of findUnparsedExpansionWords(node)) this.unparsedWord(text, state, depth + 1);
  }

  private unparsedWord(text: string, state: ShellState, depth: number): void {
    const fail = (reason: string): void => this.collector.markUnknown(`${reason} (in the expansion word ${text.slice(0, 40)})`);
    if (depth > MAX_NESTING_DEPTH) return fail(`words nested more than ${MAX_NESTING_DEPTH} deep`);
    if (this.parser === null) return fail('no shell parser is available to read it');
    const parsed = this.parser.parse(`: ${text}`);
    if (!parsed.ok) return fail(parsed.reason);
    this.substitutions(parsed.root, state, depth);
  }

  /** A word the shell expands as a glob lists file names, whatever the command does with them (`echo ~/.ssh/*`). */
  globWord(node: ShellSyntaxNode, word: ShellWord, state: ShellState): void {
    const risk = globRisk(node, { state, homeDir: this.homeDir });
    if (risk === 'glob') this.pathWord(pathValue(word), state);
    else if (typeof risk === 'object') this.collector.markUnknown(risk.unknown);
  }

  /** Walks statements in order; the outcome is the last one's. */
  sequence(children: readonly ShellSyntaxNode[], state: ShellState, depth: number): Outcome {
    let outcome = same(state);
    let current = state;
    for (const child of children) {
      if (!child.isNamed || child.type === 'comment') continue;
      outcome = this.statement(child, current, depth);
      current = settledState(outcome);
    }
    return outcome;
  }

  /** Walks one statement (see `walkStatement`). */
  statement(node: ShellSyntaxNode, state: ShellState, depth: number): Outcome {
    return walkStatement(this, node, state, depth);
  }
}

/** Programs that only run the command or script they are given, unchanged (no other user, no other environment). */
const TRANSPARENT_RUNNERS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'timeout', 'nice', 'nohup', 'time', 'stdbuf', 'command', 'builtin', 'ionice', 'setsid', 'exec', 'coproc']);

function isTransparentRunner(words: readonly ShellWord[], reading: CommandReading): boolean {
  const name = literalOf(words[0] ?? { source: '', values: null, unknownReason: null });
  if (name === null || !TRANSPARENT_RUNNERS.has(name.slice(name.lastIndexOf('/') + 1))) return false;
  const runs = reading.scripts.length + reading.commands.length;
  return runs > 0 && reading.unknown.length === 0 && reading.paths.length === 0 && reading.scripts.every((script) => script.values !== null);
}

/** The state a child shell starts in: same directories, the script's unexported variables not known. */
export function childShellState(state: ShellState): ShellState {
  const variables = new Map<string, readonly string[] | null>();
  for (const name of state.variables.keys()) variables.set(name, null);
  return { cwds: state.cwds, previousCwds: null, variables, directoryStack: [] };
}
