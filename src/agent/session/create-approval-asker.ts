import type { ApprovalOutcome, Clock, PermissionRequest, PermissionVerdict } from '../../core/index.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { ApprovalPrompt } from './agent-environment.js';

/** The permission request's action for a memory write (`remember`): asked like a write, its entry shown as the diff. */
export const MEMORY_WRITE_ACTION = 'memory.write';

/** What the asker needs from its session. */
export interface ApprovalAskerOptions {
  /** The session's name, to make approval ids unique across sessions. */
  sessionName: string;
  ask: (prompt: ApprovalPrompt) => Promise<ApprovalOutcome>;
  emit: (event: AgentEvent) => void;
  redact: (text: string) => string;
  /** The diff for a `patch.apply` or `memory.write` approval (taken once: the next one needs its own). */
  takeDiff: () => string | null;
  /** Times the wait for the person's answer, told to onWaited (a call's duration leaves it out). */
  clock?: Clock;
  onWaited?: (ms: number) => void;
}

/**
 * The permission service's `ask` for one session: emits
 * `approval.requested` (redacted: reason, paths, command, diff), asks the
 * person through the environment, emits `approval.resolved`. A failing
 * prompt (closed terminal) counts as `deny` and is reported as a warning.
 */
export function createApprovalAsker(options: ApprovalAskerOptions): (request: PermissionRequest, verdict: PermissionVerdict) => Promise<ApprovalOutcome> {
  let count = 0;
  return async (request, verdict) => {
    count += 1;
    const approvalId = `${options.sessionName}-${count}`;
    const diff = request.action === 'patch.apply' || request.action === MEMORY_WRITE_ACTION ? options.takeDiff() : null;
    options.emit({
      type: 'approval.requested',
      approvalId,
      action: request.action,
      tool: request.tool ?? null,
      reason: options.redact(verdict.reason),
      paths: request.paths.map(options.redact),
      outOfScopePaths: request.outOfScopePaths.map(options.redact),
      command: request.argv === undefined ? null : options.redact(formatArgv(request.argv)),
      diff: diff === null ? null : options.redact(diff),
    });
    let outcome: ApprovalOutcome;
    const askedMs = options.clock?.now();
    try {
      outcome = await options.ask({ request, verdict, diff, approvalId });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.emit({ type: 'warning', message: options.redact(`the approval prompt failed (${message}); treated as deny`) });
      outcome = 'deny';
    } finally {
      if (askedMs !== undefined && options.clock !== undefined) options.onWaited?.(options.clock.now() - askedMs);
    }
    options.emit({ type: 'approval.resolved', approvalId, outcome });
    return outcome;
  };
}

/** argv as a person would type it: words with spaces or quotes are single-quoted. */
function formatArgv(argv: readonly string[]): string {
  return argv.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}
