/**
 * What the command path extractor knows about the shell while it walks a
 * script: where relative paths point (every directory the shell may be in at
 * that point) and the variables the script assigned. Values are immutable;
 * branches are combined with `mergeShellStates` (a union: more possibilities
 * can only add paths, never hide one).
 */

/** More possible working directories than this and the extractor gives up ("unknown"). */
export const MAX_CWD_CHOICES = 16;

/** More possible values of one variable than this and the variable counts as unknown. */
export const MAX_VARIABLE_VALUES = 16;

/** The shell as far as paths go, at one point of a command line. */
export interface ShellState {
  /** Every directory (absolute, `..` not collapsed) the shell may be in. Never empty. */
  readonly cwds: readonly string[];
  /** `$OLDPWD` / `cd -` / `~-`: null when not known. */
  readonly previousCwds: readonly string[] | null;
  /**
   * Variables the script set: their possible values, or null when a value is
   * not known (read from input, computed, changed in a loop). A variable not
   * in the map comes from the environment.
   */
  readonly variables: ReadonlyMap<string, readonly string[] | null>;
  /** `pushd`/`popd`: earlier directories, most recent first; null when not known. */
  readonly directoryStack: readonly (readonly string[])[] | null;
}

/** The state at the start of a command line: one working directory, no variables. */
export function initialShellState(cwd: string): ShellState {
  return { cwds: [cwd], previousCwds: null, variables: new Map(), directoryStack: [] };
}

/** The union of several possible states (after a branch, `a || b`, a loop...). */
export function mergeShellStates(states: readonly ShellState[]): ShellState {
  const [first, ...rest] = states;
  if (first === undefined) throw new Error('mergeShellStates needs at least one state');
  if (rest.every((state) => state === first)) return first;
  const cwds = unionOf(states.map((state) => state.cwds));
  const previous = states.map((state) => state.previousCwds);
  const previousCwds = previous.some((value) => value === null) ? null : unionOf(previous as string[][]);
  const names = new Set(states.flatMap((state) => [...state.variables.keys()]));
  const variables = new Map<string, readonly string[] | null>();
  for (const name of names) {
    const values = states.map((state) => (state.variables.has(name) ? state.variables.get(name)! : null));
    // Absent on one side means "whatever the environment had": not known.
    variables.set(name, values.some((value) => value === null) ? null : capValues(unionOf(values as string[][])));
  }
  const stacks = states.map((state) => JSON.stringify(state.directoryStack));
  const directoryStack = stacks.every((stack) => stack === stacks[0]) ? first.directoryStack : null;
  return { cwds, previousCwds, variables, directoryStack };
}

/** Sets a variable (null: its value is not known). */
export function withVariable(state: ShellState, name: string, values: readonly string[] | null): ShellState {
  const variables = new Map(state.variables);
  variables.set(name, values === null ? null : capValues(values));
  return { ...state, variables };
}

/** Whether two states put the shell in the same possible directories. */
export function hasSameCwds(left: ShellState, right: ShellState): boolean {
  return left.cwds.length === right.cwds.length && left.cwds.every((cwd) => right.cwds.includes(cwd));
}

function unionOf(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

function capValues(values: readonly string[]): readonly string[] | null {
  return values.length > MAX_VARIABLE_VALUES ? null : values;
}
