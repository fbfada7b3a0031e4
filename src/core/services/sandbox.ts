/**
 * The sandbox every process brass-agent starts runs in, as the core sees it:
 * whether it works on this machine, and how a command is isolated. The Node
 * adapter (bubblewrap) lives in src/adapters/sandbox.
 */

/** `sandbox.mode`: use it where it works (`auto`), refuse commands without it (`required`), or never use it (`off`). */
export type SandboxMode = 'auto' | 'required' | 'off';

/** Whether commands run sandboxed on this machine, probed once per process. */
export type SandboxStatus =
  /** Commands run inside the sandbox; `detail` names it (e.g. `bubblewrap 0.8.0`). */
  | { state: 'active'; detail: string }
  /** `sandbox.mode` is `off`. */
  | { state: 'off'; detail: string }
  /** It cannot run here: why (not installed, user namespaces blocked, …) and how to fix that. */
  | { state: 'unavailable'; reason: string; fix: string };

/**
 * Where a command comes from. `workspace`: anything the repository defines or
 * can plant, and anything the model asks for (validation scripts, `tsc`,
 * `pytest`, the agent's shell). `brass`: a program brass-agent itself starts
 * with fixed arguments it hardened (ripgrep with `--no-config`, git with every
 * repository-configured program switched off, version probes). `person`: a
 * program the person chose for themselves ($VISUAL or $EDITOR for `memory
 * edit`), started at their request on a file of theirs: it runs as they
 * would run it themselves, never sandboxed (the sandbox hides the home
 * directory and /tmp, where their editor's settings and the file are).
 */
export type CommandOrigin = 'workspace' | 'brass' | 'person';

/** How one command runs, decided by workspace trust and sandbox state (see decideCommandIsolation). */
export type CommandIsolation =
  | { kind: 'sandbox' }
  /** Unsandboxed; `note` says why, for stderr and JSON (absent for brass-agent's own hardened programs). */
  | { kind: 'host'; note?: string }
  /** Unsandboxed only if a person says yes (an untrusted workspace with no sandbox); `auto` approval never does. */
  | { kind: 'ask'; reason: string }
  /** Not run at all (`sandbox.mode: "required"` without a sandbox). */
  | { kind: 'refuse'; reason: string };
