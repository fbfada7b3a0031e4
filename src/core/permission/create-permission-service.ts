import type { ApprovalOutcome, PermissionRequest, PermissionService, PermissionVerdict } from '../services/permission.js';
import { evaluatePermission, type PermissionRules } from './evaluate-permission.js';
import { parsePermissionRule } from './permission-rule.js';

export type ApprovalMode = 'ask' | 'auto' | 'never';

export interface PermissionServiceOptions {
  /** Rule strings as in config `permissions`. */
  rules?: { allow?: readonly string[]; ask?: readonly string[]; deny?: readonly string[] };
  /** `auto` approves every ask (never a deny), `never` refuses every ask, `ask` calls `ask`. */
  approval?: ApprovalMode;
  /**
   * Commands allowed by default, as exact argv (the project's own validation
   * scripts, e.g. `['npm', 'run', 'typecheck']`). Deny and ask rules still win.
   */
  allowedCommands?: readonly (readonly string[])[];
  /** Asks a person; structured outcome only. Absent: asks are refused. */
  ask?: (request: PermissionRequest, verdict: PermissionVerdict) => Promise<ApprovalOutcome>;
}

/**
 * The stateful permission service around `evaluatePermission`: it applies the
 * approval mode and remembers `allow-session` answers (per action kind and
 * tool) for the rest of the session. Throws InvalidInputError on a bad rule.
 */
export function createPermissionService(options: PermissionServiceOptions = {}): PermissionService {
  const rules: PermissionRules = {
    allow: (options.rules?.allow ?? []).map(parsePermissionRule),
    ask: (options.rules?.ask ?? []).map(parsePermissionRule),
    deny: (options.rules?.deny ?? []).map(parsePermissionRule),
  };
  const approval = options.approval ?? 'ask';
  const sessionGrants = new Set<string>();
  const allowedCommands = new Set((options.allowedCommands ?? []).map((argv) => JSON.stringify(argv)));
  const isAllowedCommand = (argv: readonly string[] | undefined): boolean => argv !== undefined && allowedCommands.has(JSON.stringify(argv));
  const grantKey = (request: PermissionRequest): string => `${request.action}\u0000${request.tool ?? ''}`;

  return {
    decide(request) {
      const verdict = evaluatePermission(request, rules);
      if (verdict.decision === 'ask' && request.outOfScopePaths.length === 0 && isAllowedCommand(request.argv)) {
        const fromRule = rules.ask.some((rule) => rule.matches(request));
        if (!fromRule) return { decision: 'allow', reason: "the project's own validation command is allowed by default" };
      }
      return verdict;
    },
    async approve(request, verdict) {
      if (verdict.decision !== 'ask') return verdict.decision === 'allow' ? 'allow-once' : 'deny';
      // A grant for a kind of action never covers paths outside the workspace.
      if (request.outOfScopePaths.length === 0 && sessionGrants.has(grantKey(request))) return 'allow-session';
      if (approval === 'auto') return 'allow-once';
      if (approval === 'never' || options.ask === undefined) return 'deny';
      const outcome = await options.ask(request, verdict);
      if (outcome === 'allow-session' && request.outOfScopePaths.length === 0) sessionGrants.add(grantKey(request));
      return outcome;
    },
  };
}
