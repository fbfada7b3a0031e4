import type { PermissionRequest, PermissionVerdict } from '../services/permission.js';
import { isPlainCommand, type PermissionRule } from './permission-rule.js';

export interface PermissionRules {
  allow: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  deny: readonly PermissionRule[];
}

/**
 * Decides one request: a matching deny rule beats a matching ask rule, which
 * beats a matching allow rule; with no matching rule the defaults apply:
 * anything touching a path outside the workspace asks, reads and LLM calls
 * are allowed, writes and commands ask. Pure: no state, no I/O.
 */
export function evaluatePermission(request: PermissionRequest, rules: PermissionRules): PermissionVerdict {
  const denied = rules.deny.find((rule) => rule.matches(request));
  if (denied) return { decision: 'deny', reason: `denied by rule ${denied.source}` };
  const asked = rules.ask.find((rule) => rule.matches(request));
  if (asked) return { decision: 'ask', reason: `rule ${asked.source} asks` };
  if (request.outOfScopePaths.length > 0) {
    return { decision: 'ask', reason: `touches ${request.outOfScopePaths.join(', ')}, outside the workspace` };
  }
  const allowed = rules.allow.find((rule) => rule.matches(request) && (rule.kind !== 'Shell' || isPlainCommand(request.argv ?? [])));
  if (allowed) return { decision: 'allow', reason: `allowed by rule ${allowed.source}` };
  switch (request.access) {
    case 'read':
      return { decision: 'allow', reason: 'reads inside the workspace are allowed by default' };
    case 'network':
      return { decision: 'allow', reason: 'calls to the configured LLM are allowed by default' };
    case 'write':
      return { decision: 'ask', reason: 'writes ask by default' };
    case 'execute':
      return { decision: 'ask', reason: 'commands ask by default' };
  }
}
