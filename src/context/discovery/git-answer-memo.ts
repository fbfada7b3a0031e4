import type { Observation, Runtime, ShellRunAction } from '../../core/index.js';

/**
 * The last answers of git's read-only commands whose output depends only on
 * the repository's refs and configuration (`git config` for the filter
 * drivers, `git rev-parse HEAD`), kept by a connection across discoveries.
 * `stamp` says what they depend on (see createGitStateStamp in the Node
 * adapters); an answer is reused only under the same stamp, and a null
 * stamp (anything unusual) means git is asked.
 */
export interface GitAnswerMemo {
  stamp(): string | null;
  readonly answers: Map<string, { stamp: string; observation: Observation<ShellRunAction> }>;
}

/** Creates a memo over a stamp function. */
export function createGitAnswerMemo(stamp: () => string | null): GitAnswerMemo {
  return { stamp, answers: new Map() };
}

/**
 * Runs a read-only git argv through `runtime` (its permission service and
 * sandbox decide, as always), or returns the answer kept under the same
 * stamp. The stamp is taken before git runs, so a change meanwhile makes
 * the next stamp differ rather than keep a stale answer. Only clean exits
 * (0 or 1, not cut) are kept.
 */
export async function runGitRemembered(
  runtime: Runtime,
  request: { argv: readonly string[]; timeoutMs: number; signal?: AbortSignal },
  memo: GitAnswerMemo | undefined,
): Promise<Observation<ShellRunAction>> {
  const stamp = memo?.stamp() ?? null;
  const key = request.argv.join('\u0000');
  const kept = stamp === null ? undefined : memo?.answers.get(key);
  if (kept !== undefined && kept.stamp === stamp) return kept.observation;
  const observation = await runtime.execute({ kind: 'shell.run', argv: request.argv, timeoutMs: request.timeoutMs, origin: 'brass' }, request.signal ? { signal: request.signal } : {});
  if (memo !== undefined && stamp !== null && observation.ok) {
    const result = observation.value;
    if ((result.exitCode === 0 || result.exitCode === 1) && !result.timedOut && result.stdoutDroppedBytes === 0) memo.answers.set(key, { stamp, observation });
  }
  return observation;
}
