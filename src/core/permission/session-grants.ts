import { isPathInside } from '../path-scope/workspace-scope.js';
import type { Clock } from '../services/clock.js';
import type { ApprovalNeeds, PermissionRequest } from '../services/permission.js';
import { nodeCrypto } from '../node-crypto/node-crypto.js';

/** How long an approval stays usable after it was asked for: 5 minutes. */
export const DEFAULT_APPROVAL_TTL_MS = 5 * 60 * 1000;

/** A grant for one exact operation: the next identical request within its lifetime uses it up. */
export interface OnceGrant {
  /** `operationHash` of the request it was granted for. */
  operationHash: string;
  /** Clock time (ms) after which it no longer counts. */
  expiresAt: number;
}

/** Which grant covered a request. */
export type GrantCoverage = 'once' | 'session' | null;

/**
 * A stable hash of what an operation is: the tool, the action and its
 * arguments as the permission layer sees them (paths, paths outside, argv,
 * every command of a command line). An approval is bound to this value: a
 * request that differs in any of them is another operation.
 */
export function operationHash(request: PermissionRequest): string {
  const canonical = JSON.stringify([
    request.tool ?? null,
    request.action,
    request.access,
    [...request.paths].sort(),
    [...request.outOfScopePaths].sort(),
    request.argv ?? null,
    request.commands?.map((command) => command.argv) ?? null,
    request.unknownPathsReason ?? null,
    request.writesThroughRedirection ?? false,
    request.unsandboxedReason ?? null,
  ]);
  return nodeCrypto().createHash('sha256').update(canonical).digest('hex');
}

/**
 * The grants of one agent session: roots outside the workspace and tools a
 * person allowed for the session, "all tools" for the session, and once
 * grants bound to one operation that expire. A sub-agent gets its own
 * (`createChild`): its grants and its parent's never mix.
 */
export class SessionGrants {
  private readonly roots: string[] = [];
  private readonly tools = new Set<string>();
  private isAllToolsGranted = false;
  private readonly once = new Map<string, number>();
  private readonly clock: Clock;
  readonly approvalTtlMs: number;

  constructor(options: { clock: Clock; approvalTtlMs?: number }) {
    this.clock = options.clock;
    this.approvalTtlMs = options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS;
  }

  /** Grants exactly this operation once (e.g. after a person approved it in the agent loop). */
  grantOnce(request: PermissionRequest): OnceGrant {
    const grant = { operationHash: operationHash(request), expiresAt: this.clock.now() + this.approvalTtlMs };
    this.once.set(grant.operationHash, grant.expiresAt);
    return grant;
  }

  /**
   * Records an `allow-session` answer. With paths outside the workspace, the
   * session gets those roots (and the call its tool, once: it is the call
   * being approved); without, the session gets the tool (or the action kind
   * when no tool asked). Paths that cannot be known are never granted.
   */
  grantSession(request: PermissionRequest, needs: ApprovalNeeds): void {
    if (needs.folder && request.unknownPathsReason === undefined && request.outOfScopePaths.length > 0) {
      for (const root of request.outOfScopePaths) if (!this.roots.includes(root)) this.roots.push(root);
      return;
    }
    if (!needs.folder) this.tools.add(toolKey(request));
  }

  /** Every tool may run for the rest of the session (paths outside still need their own grant). */
  grantAllTools(): void {
    this.isAllToolsGranted = true;
  }

  /**
   * Whether grants cover what `needs` asks for. A once grant for this exact
   * operation covers everything and is used up; an expired one is dropped.
   * Session grants cover the folder gate (every outside path under a granted
   * root) and the tool gate, never an ask rule, unknown paths, an
   * unsandboxed command nor a write only a person may allow.
   */
  cover(request: PermissionRequest, needs: ApprovalNeeds): GrantCoverage {
    const hash = operationHash(request);
    const expiresAt = this.once.get(hash);
    if (expiresAt !== undefined) {
      this.once.delete(hash);
      if (this.clock.now() <= expiresAt) return 'once';
    }
    const isFolderCovered = !needs.folder || (request.unknownPathsReason === undefined && request.outOfScopePaths.every((outside) => this.isPathGranted(outside)));
    const isToolCovered = !needs.tool || this.isAllToolsGranted || this.tools.has(toolKey(request));
    return isFolderCovered && isToolCovered && !needs.rule && needs.sandbox !== true && needs.person !== true ? 'session' : null;
  }

  /** Whether a real path lies under a root granted for the session. */
  isPathGranted(realPath: string): boolean {
    return this.roots.some((root) => isPathInside(realPath, root, false));
  }

  /** Roots outside the workspace granted for the session. */
  get grantedRoots(): readonly string[] {
    return this.roots;
  }

  /** Grants for a sub-agent: same clock and lifetime, nothing granted yet. */
  createChild(): SessionGrants {
    return new SessionGrants({ clock: this.clock, approvalTtlMs: this.approvalTtlMs });
  }
}

function toolKey(request: PermissionRequest): string {
  return request.tool === undefined ? `action:${request.action}` : `tool:${request.tool}`;
}
