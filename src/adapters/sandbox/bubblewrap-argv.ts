/** What a sandboxed command may see and do (every path absolute and real). */
export interface SandboxPolicy {
  /** Directories it may write: the workspace first, then `sandbox.writablePaths`. */
  writablePaths: readonly string[];
  /** Paths inside the writable ones that stay read-only (`.git/config`, `.git/hooks`, the config files). */
  protectedPaths: readonly string[];
  /** Paths it may read although they lie in a hidden directory (`sandbox.readOnlyPaths`, toolchains under HOME). */
  readOnlyPaths: readonly string[];
  /** Secrets covered after everything else (a directory by an empty one, a file by /dev/null): for a workspace that holds the home directory. */
  secretPaths: readonly { path: string; isDirectory: boolean }[];
  /** Directories replaced by empty private ones: the home directory, /tmp, /run. */
  hiddenPaths: readonly string[];
  /** The home directory as the command sees it (empty and private). */
  homeDir: string;
  network: boolean;
}

/**
 * Flags every bubblewrap run uses, the trial included: every namespace
 * unshared (user, pid, network, ipc, uts, cgroup), the sandbox killed when
 * brass-agent dies, a new session (no typing into the terminal through
 * TIOCSTI), the root filesystem read-only, a fresh /dev and /proc.
 */
export const BUBBLEWRAP_BASE_FLAGS: readonly string[] = ['--die-with-parent', '--new-session', '--unshare-all', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];

/**
 * The argv that runs `argv` in `cwd` inside bubblewrap under `policy`.
 * Mount order matters (a later mount covers an earlier one): read-only root,
 * hidden directories as empty tmpfs, paths shown through them read-only,
 * writable directories, then the protected paths inside them read-only again,
 * then secrets covered.
 * bubblewrap itself never sets `no_new_privs` off: setuid programs cannot
 * gain privileges inside.
 */
export function buildBubblewrapArgv(bwrapPath: string, argv: readonly string[], options: { cwd: string; policy: SandboxPolicy }): string[] {
  const { policy } = options;
  const args = [bwrapPath, ...BUBBLEWRAP_BASE_FLAGS];
  if (policy.network) args.push('--share-net');
  for (const hidden of policy.hiddenPaths) args.push('--tmpfs', hidden);
  for (const readable of policy.readOnlyPaths) args.push('--ro-bind-try', readable, readable);
  for (const writable of policy.writablePaths) args.push('--bind-try', writable, writable);
  for (const kept of policy.protectedPaths) args.push('--ro-bind-try', kept, kept);
  for (const secret of policy.secretPaths) args.push(...(secret.isDirectory ? ['--tmpfs', secret.path] : ['--ro-bind', '/dev/null', secret.path]));
  args.push('--setenv', 'HOME', policy.homeDir, '--setenv', 'TMPDIR', '/tmp', '--chdir', options.cwd, '--', ...argv);
  return args;
}
