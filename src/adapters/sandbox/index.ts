/**
 * The sandbox service on Node: bubblewrap around every process brass-agent
 * starts, its availability probed once, and the policy (what a command may
 * read, write and reach) built from the `sandbox` config section.
 */
export { createSandboxedShell } from './create-sandboxed-shell.js';
export type { SandboxSettings, SandboxedShell, SandboxedShellOptions } from './create-sandboxed-shell.js';
export { BUBBLEWRAP_BASE_FLAGS, buildBubblewrapArgv } from './bubblewrap-argv.js';
export type { SandboxPolicy } from './bubblewrap-argv.js';
export { SANDBOX_PROBE_TIMEOUT_MS, probeBubblewrap } from './probe-bubblewrap.js';
export type { BubblewrapProbe } from './probe-bubblewrap.js';
export { PROTECTED_WORKSPACE_PATHS } from './sandbox-paths.js';
export { describeSandboxGap } from './describe-sandbox-gap.js';
