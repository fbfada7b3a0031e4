import { canonicalJson } from './canonical-json.js';

/** Identical calls that run; the next identical one is refused. */
export const MAX_IDENTICAL_CALLS = 2;
/** Refusals after which the loop stops: the first plus three more. */
export const MAX_REFUSED_REPEATS = 4;

/** Tells whether a tool call repeats one the model already made too often. */
export interface RepeatedCallGuard {
  /** Records the call; returns the message for the model when it must not run, else null. */
  admit(tool: string, input: unknown): string | null;
  /** Something changed (an edit, a command): earlier results may be stale, so counting starts over. */
  reset(): void;
  /** The model kept repeating after being told: the loop should stop. */
  readonly shouldStop: boolean;
}

/**
 * Counts calls by tool and canonical arguments. The third identical call in
 * a run is refused with a message telling the model to use the earlier
 * result; after MAX_REFUSED_REPEATS refusals the loop should stop. A change
 * to the workspace resets the counts (running the tests again after an edit
 * is no loop).
 */
export function createRepeatedCallGuard(): RepeatedCallGuard {
  const counts = new Map<string, number>();
  let refusals = 0;
  return {
    admit(tool, input) {
      const key = `${tool}\u0000${canonicalJson(input)}`;
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count <= MAX_IDENTICAL_CALLS) return null;
      refusals += 1;
      return `You already called ${tool} with these arguments twice; use the earlier result or try something else.`;
    },
    reset() {
      counts.clear();
    },
    get shouldStop() {
      return refusals >= MAX_REFUSED_REPEATS;
    },
  };
}
