import type { SandboxStatus } from '../../core/index.js';
import { findExecutable } from '../shell/find-executable.js';
import { createNodeShell } from '../shell/node-shell.js';
import { BUBBLEWRAP_BASE_FLAGS } from './bubblewrap-argv.js';

/** How long the trial `bwrap … true` may take before the sandbox counts as broken. */
export const SANDBOX_PROBE_TIMEOUT_MS = 10_000;

/** The outcome of probing bubblewrap: the status, and the binary when it works. */
export interface BubblewrapProbe {
  status: SandboxStatus;
  bwrapPath: string | null;
}

const INSTALL_FIX = 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap; Arch: pacman -S bubblewrap)';
const USERNS_FIX =
  'allow unprivileged user namespaces (sysctl -w kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 and later also kernel.apparmor_restrict_unprivileged_userns=0), or run brass-agent where they are allowed (a container started with --privileged or a seccomp profile that permits clone(CLONE_NEWUSER))';

const probes = new Map<string, Promise<BubblewrapProbe>>();

/**
 * Whether bubblewrap works here: `bwrap` on the environment's PATH and a
 * trial run with the real flags (`bwrap --unshare-all --ro-bind / / … true`)
 * that exits 0. Probed once per binary for the life of the process. Never
 * throws: what is wrong comes back as an `unavailable` status with the fix.
 */
export function probeBubblewrap(env: NodeJS.ProcessEnv): Promise<BubblewrapProbe> {
  if (process.platform !== 'linux') {
    return Promise.resolve({
      bwrapPath: null,
      status: { state: 'unavailable', reason: `the sandbox uses bubblewrap, which runs on Linux only (this is ${process.platform})`, fix: 'run brass-agent on Linux (or in a Linux VM or container)' },
    });
  }
  return findExecutable('bwrap', env).then((bwrapPath) => {
    if (bwrapPath === null) return { bwrapPath: null, status: { state: 'unavailable', reason: 'bubblewrap (bwrap) is not installed', fix: INSTALL_FIX } };
    let probe = probes.get(bwrapPath);
    if (probe === undefined) {
      probe = trial(bwrapPath, env);
      probes.set(bwrapPath, probe);
    }
    return probe;
  });
}

async function trial(bwrapPath: string, env: NodeJS.ProcessEnv): Promise<BubblewrapProbe> {
  const runner = createNodeShell({ baseEnv: env });
  const run = (argv: string[]) => runner.run({ argv, cwd: '/', timeoutMs: SANDBOX_PROBE_TIMEOUT_MS, maxOutputBytes: 4096 });
  // Both at once: the version is only used when the trial passes, but waiting for one before starting the other
  // doubled the probe's time, which every command that runs or describes a command pays (issue 21).
  const versionRun = run([bwrapPath, '--version']).catch(() => null);
  try {
    const result = await run([bwrapPath, ...BUBBLEWRAP_BASE_FLAGS, '--tmpfs', '/tmp', '--', 'true']);
    if (result.exitCode === 0) {
      const version = await versionRun;
      const detail = version !== null && version.exitCode === 0 ? version.stdout.trim().split('\n')[0]! : 'bubblewrap';
      return { bwrapPath, status: { state: 'active', detail: `${detail} (${bwrapPath})` } };
    }
    const said = result.stderr.trim().split('\n')[0] ?? '';
    const why = result.timedOut ? `timed out after ${SANDBOX_PROBE_TIMEOUT_MS} ms` : said.length > 0 ? said : `exit code ${result.exitCode ?? result.signal}`;
    if (/namespace|uid map|setting up uid|operation not permitted|permission denied|clone/i.test(said)) {
      return { bwrapPath: null, status: { state: 'unavailable', reason: `user namespaces are blocked here (${why})`, fix: USERNS_FIX } };
    }
    return { bwrapPath: null, status: { state: 'unavailable', reason: `bubblewrap failed its trial run (${why})`, fix: `check that \`${bwrapPath} --unshare-all --ro-bind / / true\` works for this user` } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { bwrapPath: null, status: { state: 'unavailable', reason: `bubblewrap could not be started (${message})`, fix: INSTALL_FIX } };
  }
}
