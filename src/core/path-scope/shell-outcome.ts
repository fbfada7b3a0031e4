import { type ShellState, mergeShellStates } from './shell-analysis-state.js';

/** Where the shell may be after a statement: when it succeeded, and when it failed (for `&&` and `||`). */
export interface Outcome {
  success: ShellState;
  failure: ShellState;
}

/** The outcome of a statement that does not move the shell. */
export function sameOutcome(state: ShellState): Outcome {
  return { success: state, failure: state };
}

/** Where the shell may be after a statement, whatever its exit status. */
export function settledState(outcome: Outcome): ShellState {
  return mergeShellStates([outcome.success, outcome.failure]);
}
