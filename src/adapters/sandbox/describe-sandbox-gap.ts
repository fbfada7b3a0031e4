import type { SandboxStatus } from '../../core/index.js';

/**
 * The one warning a long-running surface (`run`, `mcp`) prints at start when
 * commands will not be sandboxed: why, what that means for this workspace,
 * and the fix. Null when the sandbox is active.
 */
export function describeSandboxGap(status: SandboxStatus, options: { isWorkspaceTrusted: boolean; isRequired: boolean }): string | null {
  if (status.state === 'active') return null;
  const why = status.state === 'off' ? status.detail : `no sandbox: ${status.reason}`;
  const effect = options.isRequired
    ? 'commands are refused (sandbox.mode is "required")'
    : options.isWorkspaceTrusted
      ? 'commands run unsandboxed (the workspace is trusted)'
      : 'commands from the repository or the model run only with your yes on a terminal';
  return `${why}; ${effect}${status.state === 'unavailable' ? `; fix: ${status.fix}` : ''}`;
}
