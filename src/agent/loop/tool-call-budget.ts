import { truncateUtf8, utf8ByteLength } from '../../core/context-text/truncate-utf8.js';

/** Most tool calls of one model turn that run; the others are answered "not run". */
export const MAX_TOOL_CALLS_PER_TURN = 64;
/** Bytes of tool results (UTF-8, nested context included) one model turn may collect: 1 MiB, sixteen full-size results. */
export const MAX_TOOL_RESULT_BYTES_PER_TURN = 1024 * 1024;
/** Bytes of tool results one tool loop (a run's main loop, a repair loop, a sub-agent) may collect in all: 8 MiB. */
export const MAX_TOOL_RESULT_BYTES_PER_RUN = 8 * 1024 * 1024;

/** What the tool calls of a loop may still cost, turn by turn. */
export interface ToolCallBudget {
  /** Starts a model turn that made `callCount` calls. */
  startTurn(callCount: number): void;
  /** The message for the model when call number `index` (0-based) of this turn must not run, else null. */
  refusal(index: number): string | null;
  /** Counts a result against the budgets; returns it, cut with a note when it passes what is left. */
  charge(content: string): string;
}

/**
 * Bounds the tool calls of one loop: at most MAX_TOOL_CALLS_PER_TURN calls
 * of a turn run, and their results may total MAX_TOOL_RESULT_BYTES_PER_TURN
 * per turn and MAX_TOOL_RESULT_BYTES_PER_RUN per loop. A call past a bound is
 * not run and its result says why and what to do instead, so a turn of
 * 12,000 calls costs 64 runs and 12,000 short answers, never 12,000 results.
 */
export function createToolCallBudget(): ToolCallBudget {
  let callCount = 0;
  let turnBytes = 0;
  let runBytes = 0;
  return {
    startTurn(count) {
      callCount = count;
      turnBytes = 0;
    },
    refusal(index) {
      if (index >= MAX_TOOL_CALLS_PER_TURN) {
        return `Not run: this turn made ${callCount} tool calls and at most ${MAX_TOOL_CALLS_PER_TURN} run per turn. Make fewer, more targeted calls; call this one again in a later turn if you still need it.`;
      }
      if (runBytes >= MAX_TOOL_RESULT_BYTES_PER_RUN) {
        return `Not run: the tool results of this run reached ${MAX_TOOL_RESULT_BYTES_PER_RUN} bytes, the most one run may collect. No more tools run; answer with what you have.`;
      }
      if (turnBytes >= MAX_TOOL_RESULT_BYTES_PER_TURN) {
        return `Not run: the tool results of this turn reached ${MAX_TOOL_RESULT_BYTES_PER_TURN} bytes, the most one turn may collect. Ask for less (narrower reads and searches), or call it again in the next turn.`;
      }
      return null;
    },
    charge(content) {
      const turnLeft = MAX_TOOL_RESULT_BYTES_PER_TURN - turnBytes;
      const runLeft = MAX_TOOL_RESULT_BYTES_PER_RUN - runBytes;
      const bytes = utf8ByteLength(content);
      if (bytes <= Math.min(turnLeft, runLeft)) {
        turnBytes += bytes;
        runBytes += bytes;
        return content;
      }
      const cut = truncateUtf8(content, Math.max(0, Math.min(turnLeft, runLeft)));
      // The bound that cut it is used up, so the calls after it are refused with the reason.
      if (runLeft <= turnLeft) runBytes = MAX_TOOL_RESULT_BYTES_PER_RUN;
      else runBytes += cut.bytes;
      turnBytes = MAX_TOOL_RESULT_BYTES_PER_TURN;
      return `${cut.text}\n[... result cut: showing ${cut.bytes} of ${bytes} bytes, because the tool results of this ${runLeft <= turnLeft ? 'run' : 'turn'} reached their bound; ask for less to see the rest ...]`;
    },
  };
}
