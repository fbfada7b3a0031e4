import type { SandboxStatus } from '../../core/index.js';

/**
 * What it means that commands will not be sandboxed, in one line: why, what
 * that means for this workspace, and the fix. `doctor`'s sandbox check shows
 * it, and `run` and `mcp` warn with it at start. Null when the sandbox is
 * active.
 */
export function describeSandboxGap(status: SandboxStatus, options: { isWorkspaceTrusted: boolean; isRequired: boolean }): string | null {
  if (status.state === 'active') return null;
  const why = status.state === 'off' ? status.detail : `no sandbox: ${status.reason}`;
  const effect = options.isRequired
    ? 'commands are refused (sandbox.mode is "required")'
    : options.isWorkspaceTrusted
      ? 'commands run unsandboxed (the workspace is trusted)'
      : 'commands from the repository or the model run only with your yes on a terminal (discovery does not run them)';
  return `${why}; ${effect}; fix: ${status.state === 'unavailable' ? status.fix : 'set sandbox.mode to "auto"'}`;
}
