import type { CommandIsolation, CommandOrigin, SandboxMode, SandboxStatus } from '../services/sandbox.js';

/** What decides how a command runs. */
export interface IsolationInput {
  origin: CommandOrigin;
  isWorkspaceTrusted: boolean;
  mode: SandboxMode;
  status: SandboxStatus;
}

/**
 * The one place where workspace trust and sandbox state decide whether and
 * how a command runs:
 * - a program the person chose for themselves (`person`: their editor) runs
 *   as they would run it, never sandboxed;
 * - the sandbox works: every command runs inside it;
 * - brass-agent's own hardened programs (`brass`) run unsandboxed otherwise;
 * - `sandbox.mode: "required"`: any other command is refused;
 * - a trusted workspace: it runs unsandboxed, and says so;
 * - an untrusted workspace: only with a person's yes (the agent asks on a
 *   terminal; discovery and unattended runs do not run it).
 *
 * @example
 * decideCommandIsolation({ origin: 'workspace', isWorkspaceTrusted: false, mode: 'auto', status: { state: 'unavailable', reason: 'bwrap is not installed', fix: 'apt-get install bubblewrap' } });
 * // { kind: 'ask', reason: 'the workspace is not trusted and commands cannot be sandboxed here (bwrap is not installed); fix: apt-get install bubblewrap, or run `brass-agent trust`' }
 */
export function decideCommandIsolation(input: IsolationInput): CommandIsolation {
  const { status } = input;
  if (input.origin === 'person') return { kind: 'host' };
  if (status.state === 'active') return { kind: 'sandbox' };
  if (input.origin === 'brass') return { kind: 'host' };
  const why = status.state === 'off' ? 'sandbox.mode is "off"' : status.reason;
  if (input.mode === 'required') {
    return { kind: 'refuse', reason: `sandbox.mode is "required" but commands cannot be sandboxed here (${why}); fix: ${fixOf(status)}` };
  }
  if (input.isWorkspaceTrusted) return { kind: 'host', note: `ran without a sandbox (${why})` };
  return { kind: 'ask', reason: `the workspace is not trusted and commands cannot be sandboxed here (${why}); fix: ${fixOf(status)}, or run \`brass-agent trust\`` };
}

function fixOf(status: Exclude<SandboxStatus, { state: 'active' }>): string {
  return status.state === 'off' ? 'set sandbox.mode to "auto"' : status.fix;
}
