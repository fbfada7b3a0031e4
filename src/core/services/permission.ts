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
  /**
   * For `shell.run`: every simple command the command line may run, wrappers,
   * substitutions and nested scripts included (see `extractArgvPaths`). Shell
   * rules check each one; without it, `argv` is the only command.
   */
  commands?: readonly RequestedCommand[];
  /** Set when the paths the action touches cannot all be known: the folder gate asks, with this reason. */
  unknownPathsReason?: string;
  /**
   * For `shell.run`: the command line sets a variable (`X=1 cmd`, `export X=1`,
   * `read X`): no exact-argv allowance and no allow rule matches it, since an
   * exported variable (`NODE_OPTIONS`, `LD_PRELOAD`, `GIT_*`) changes what a
   * program runs.
   */
  assignsVariables?: boolean;
  /** For `shell.run`: a redirection writes a file (`> out.txt`), so the command counts as a write. */
  writesThroughRedirection?: boolean;
  /**
   * For `shell.run`: the command would run without a sandbox in an untrusted
   * workspace, and why. The sandbox gate then asks; only a person's answer
   * (never `auto`, never a session grant) lets it run.
   */
  unsandboxedReason?: string;
}

/** One simple command of a shell command line. */
export interface RequestedCommand {
  /** Its words (a word only known when it runs is given as written). */
  argv: readonly string[];
  /** It only runs the commands listed after it (`sh -c SCRIPT`, `timeout 5 CMD`): allow rules need not match it. */
  isTransparent?: boolean;
  /**
   * `builtin`: the shell runs it itself (a statement of a parsed script), so a
   * builtin of that name wins over any file. Otherwise (absent, `exec`) it is
   * started as a program found on `PATH` or by its path.
   */
  lookup?: 'builtin' | 'exec';
  /**
   * Set by the runtime for a program started by name: its name (no `/`)
   * resolves on the system `PATH` to a file outside the workspace. A
   * path-named program, or one found inside the workspace, never is.
   */
  isSystemProgram?: boolean;
  /** Names of its `NAME=value` prefixes; an allowance never matches a command that has any. */
  assignments?: readonly string[];
}

/** Which gates ask for a request (several may). */
export interface ApprovalNeeds {
  /** Paths outside the workspace and the granted roots, or paths that cannot be known (the folder-access gate). */
  folder: boolean;
  /** An `ask` rule matched: only a person's answer for this exact operation covers it. */
  rule: boolean;
  /** The action or tool is not allowed without asking (a default, or a tool not marked safe). */
  tool: boolean;
  /** A command would run unsandboxed in an untrusted workspace (see `unsandboxedReason`). */
  sandbox?: boolean;
  /**
   * Only a person's answer for this exact operation lets it run: never
   * `--approval auto`, never a session grant, whatever allow rule or sandbox
   * (a write to `.git/config` or `.git/hooks/`).
   */
  person?: boolean;
}

export interface PermissionVerdict {
  decision: PermissionDecision;
  /** One line a person or a model can read: which rule or default decided. */
  reason: string;
  /** For `ask`: which gates ask, so grants can cover each. Absent: treat every gate as asking. */
  needs?: ApprovalNeeds;
}

export type ApprovalOutcome = 'allow-once' | 'allow-session' | 'deny';

export interface PermissionService {
  /**
   * The same request and rules always give the same verdict; a session's
   * service also notes a change to a file that defines its allowed commands,
   * after which they no longer are (see `commandDefinitionPaths`).
   */
  decide(request: PermissionRequest): PermissionVerdict;
  /**
   * Called only for `ask`. Resolves to a structured choice, never parsed from
   * free text. A service with no way to ask resolves `deny`.
   */
  approve(request: PermissionRequest, verdict: PermissionVerdict): Promise<ApprovalOutcome>;
}
