import { isPathInside, type SandboxStatus } from '../../core/index.js';
import { findExecutable } from '../shell/find-executable.js';
import { createNodeShell } from '../shell/node-shell.js';
import { BUBBLEWRAP_BASE_FLAGS } from './bubblewrap-argv.js';

/** How long the trial `bwrap … -- bwrap --version` may take before the sandbox counts as broken. */
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
 * trial run with the real flags (`bwrap --unshare-all --ro-bind / / … --
 * bwrap --version`) that exits 0; what it prints names the version.
 * Probed once per binary for the life of the process. Never throws: what
 * is wrong comes back as an `unavailable` status with the fix.
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
  // Only PATH reaches the trial: bwrap needs nothing else, so the probe may start before the config says which
  // variable holds the model's key (policy check starts it while the config is read).
  const runner = createNodeShell({ baseEnv: env.PATH === undefined ? {} : { PATH: env.PATH } });
  // One process, not two (issue 21): the trial sandbox runs bwrap's own `--version`, so a sandbox that works also
  // says which bubblewrap it is. A binary under /tmp (hidden by the trial's tmpfs) is shown to it read-only.
  const shown = isPathInside(bwrapPath, '/tmp', false) ? ['--ro-bind', bwrapPath, bwrapPath] : [];
  const argv = [bwrapPath, ...BUBBLEWRAP_BASE_FLAGS, '--tmpfs', '/tmp', ...shown, '--', bwrapPath, '--version'];
  try {
    const result = await runner.run({ argv, cwd: '/', timeoutMs: SANDBOX_PROBE_TIMEOUT_MS, maxOutputBytes: 4096 });
    if (result.exitCode === 0) {
      const version = result.stdout.trim().split('\n')[0] ?? '';
      return { bwrapPath, status: { state: 'active', detail: `${version.length > 0 ? version : 'bubblewrap'} (${bwrapPath})` } };
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
