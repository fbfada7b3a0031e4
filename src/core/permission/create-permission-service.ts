import type { ApprovalOutcome, PermissionRequest, PermissionService, PermissionVerdict } from '../services/permission.js';
import { evaluatePermission, type PermissionRules } from './evaluate-permission.js';
import { parsePermissionRule } from './permission-rule.js';

export type ApprovalMode = 'ask' | 'auto' | 'never';

export interface PermissionServiceOptions {
  /** Rule strings as in config `permissions`. */
  rules?: { allow?: readonly string[]; ask?: readonly string[]; deny?: readonly string[] };
  /** `auto` approves every ask (never a deny), `never` refuses every ask, `ask` calls `ask`. */
  approval?: ApprovalMode;
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
  const grantKey = (request: PermissionRequest): string => `${request.action}\u0000${request.tool ?? ''}`;

  return {
    decide: (request) => evaluatePermission(request, rules),
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
