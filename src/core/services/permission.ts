/**
 * The PermissionService decides whether one action may run. The decision is a
 * pure function of the request and the rules (`decide`); what happens on
 * `ask` (a prompt, a grant, auto-approval) is the stateful part (`approve`).
 */

export type PermissionDecision = 'allow' | 'ask' | 'deny';

/** What kind of access an action needs. */
export type PermissionAccess = 'read' | 'write' | 'execute' | 'network';

export interface PermissionRequest {
  /** The action kind, e.g. `fs.readFile` or `shell.run`. */
  action: string;
  access: PermissionAccess;
  /** The agent tool that asked, when there is one (`read_file`, `shell`, ...). */
  tool?: string;
  /** Workspace-relative paths (forward slashes) the action touches inside the workspace. */
  paths: readonly string[];
  /** Absolute paths the action touches outside the workspace and the allowed roots. */
  outOfScopePaths: readonly string[];
  /** For `shell.run`: the command as argv. */
  argv?: readonly string[];
}

export interface PermissionVerdict {
  decision: PermissionDecision;
  /** One line a person or a model can read: which rule or default decided. */
  reason: string;
}

export type ApprovalOutcome = 'allow-once' | 'allow-session' | 'deny';

export interface PermissionService {
  /** Pure: the same request and rules always give the same verdict. */
  decide(request: PermissionRequest): PermissionVerdict;
  /**
   * Called only for `ask`. Resolves to a structured choice, never parsed from
   * free text. A service with no way to ask resolves `deny`.
   */
  approve(request: PermissionRequest, verdict: PermissionVerdict): Promise<ApprovalOutcome>;
}
