import { isPlainObject } from './merge-config-layers.js';
import type { Config } from './schema.js';
import { AGENT_MODES } from './sections/agent-schema.js';
import { APPROVAL_MODES } from './sections/approval-schema.js';
import { SANDBOX_MODES } from './sections/sandbox-schema.js';

/** A workspace setting that an untrusted workspace may only use to narrow what brass-agent does. */
export interface UntrustedKeyRule {
  /** Dotted key path; a trailing `.*` covers every key of that section (present and future). */
  keyPath: string;
  /** Why `value` widens what the lower layers allow, or undefined when it does not. */
  widens(value: unknown, lower: unknown): string | undefined;
}

const addsEntries =
  (reason: string) =>
  (value: unknown, lower: unknown): string | undefined =>
    Array.isArray(value) && value.some((entry: unknown) => !(Array.isArray(lower) && lower.includes(entry))) ? reason : undefined;

const changes =
  (reason: string) =>
  (value: unknown, lower: unknown): string | undefined =>
    value !== lower ? reason : undefined;

const disablesRedaction = (value: unknown, lower: unknown): string | undefined =>
  value === false && lower !== false ? 'turns secret redaction off' : undefined;

const enablesDocsCache = (value: unknown, lower: unknown): string | undefined =>
  value === true && lower === false ? 'writes a docs index to your cache directory, which you turned off' : undefined;

const raisesLimit = (value: unknown, lower: unknown): string | undefined =>
  typeof value === 'number' && typeof lower === 'number' && value > lower ? `raises the limit above ${lower}` : undefined;

const loosensApproval = (value: unknown, lower: unknown): string | undefined => {
  const rank = (mode: unknown) => APPROVAL_MODES.indexOf(mode as (typeof APPROVAL_MODES)[number]);
  return rank(value) > rank(lower) ? `"${String(value)}" approves more than "${String(lower)}"` : undefined;
};

const loosensAgentMode = (value: unknown, lower: unknown): string | undefined => {
  const rank = (mode: unknown) => AGENT_MODES.indexOf(mode as (typeof AGENT_MODES)[number]);
  return rank(value) > rank(lower) ? `"${String(value)}" lets the agent do more than "${String(lower)}"` : undefined;
};

const loosensSandbox = (value: unknown, lower: unknown): string | undefined => {
  const rank = (mode: unknown) => SANDBOX_MODES.indexOf(mode as (typeof SANDBOX_MODES)[number]);
  return rank(value) > rank(lower) ? `"${String(value)}" sandboxes less than "${String(lower)}"` : undefined;
};

const enablesNetwork = (value: unknown, lower: unknown): string | undefined =>
  value === true && lower !== true ? 'gives sandboxed commands the network' : undefined;

/**
 * The workspace trust rule: a repository's own `.brass-agent.json` is
 * untrusted input until the user trusts the workspace, so these settings are
 * ignored when they would widen what the lower layers (defaults and the user
 * file) allow. Everything else (`permissions.ask`/`deny`, which only add
 * rules; `context.*` but its byte limit; `agents`, `flows`, whose context
 * paths must stay inside the workspace; `project.*`, whose commands still pass
 * the permission rules; `llm.model`; `search.engine`, `search.skipDirs`;
 * `redaction.additionalPatterns`, which only redacts more; `docs.dir`, whose
 * pages are read only inside the workspace, through the permission rules)
 * applies as written.
 */
export const UNTRUSTED_WORKSPACE_RULES: readonly UntrustedKeyRule[] = [
  { keyPath: 'permissions.allow', widens: addsEntries('allows actions without asking') },
  { keyPath: 'approval', widens: loosensApproval },
  { keyPath: 'agent.mode', widens: loosensAgentMode },
  { keyPath: 'agent.maxSteps', widens: raisesLimit },
  { keyPath: 'agent.maxTokens', widens: raisesLimit },
  { keyPath: 'agent.repairTurns', widens: raisesLimit },
  { keyPath: 'agent.delegate.*', widens: raisesLimit },
  { keyPath: 'llm.maxOutputTokens', widens: raisesLimit },
  { keyPath: 'limits.*', widens: raisesLimit },
  { keyPath: 'search.maxFileSizeBytes', widens: raisesLimit },
  { keyPath: 'search.ripgrepPath', widens: changes('names a program to run') },
  { keyPath: 'llm.provider', widens: changes('chooses where prompts are sent') },
  { keyPath: 'llm.baseUrl', widens: changes('chooses where prompts and the API key are sent') },
  { keyPath: 'llm.apiKeyEnv', widens: changes('chooses which secret is sent as the API key') },
  { keyPath: 'shell.passEnv', widens: addsEntries('passes more secret-looking variables to commands') },
  { keyPath: 'sandbox.mode', widens: loosensSandbox },
  { keyPath: 'sandbox.network', widens: enablesNetwork },
  { keyPath: 'sandbox.readOnlyPaths', widens: addsEntries('lets sandboxed commands read more of your machine') },
  { keyPath: 'sandbox.writablePaths', widens: addsEntries('lets sandboxed commands write outside the workspace') },
  { keyPath: 'redaction.enabled', widens: disablesRedaction },
  { keyPath: 'redaction.allowPatterns', widens: addsEntries('lets matching secrets through unredacted') },
  { keyPath: 'guidance.fileNames', widens: addsEntries('names other files to read into the prompt, also in your config directory') },
  { keyPath: 'guidance.rootMarkers', widens: addsEntries('could move the project root up and read guidance from directories above the workspace') },
  { keyPath: 'guidance.maxBytes', widens: raisesLimit },
  { keyPath: 'contextDiscovery.*', widens: raisesLimit },
  { keyPath: 'context.maxScopedBytes', widens: raisesLimit },
  { keyPath: 'docs.maxPageBytes', widens: raisesLimit },
  { keyPath: 'docs.cache', widens: enablesDocsCache },
];

/** What applyTrustRule needs: the validated workspace file and what the lower layers decided. */
export interface TrustRuleInput {
  /** The workspace file's validated value (not defaulted). */
  workspace: Readonly<Record<string, unknown>>;
  /** The effective config of the layers below the workspace file (defaults and user file). */
  lower: Config;
  /** The workspace file as shown to users, for warnings. */
  file: string;
  isTrusted: boolean;
}

/** The workspace value to merge, and one warning line per ignored key. */
export interface TrustRuleResult {
  value: Record<string, unknown>;
  warnings: string[];
}

/**
 * Applies UNTRUSTED_WORKSPACE_RULES to the workspace file. A trusted workspace
 * passes unchanged. In an untrusted one, each widening key is removed and
 * reported: `.brass-agent.json: ignored approval ("auto" approves more than
 * "ask"): this workspace is not trusted; run \`brass-agent trust\` to trust it`.
 */
export function applyTrustRule(input: TrustRuleInput): TrustRuleResult {
  const value = structuredClone(input.workspace) as Record<string, unknown>;
  if (input.isTrusted) return { value, warnings: [] };
  const warnings: string[] = [];
  for (const rule of UNTRUSTED_WORKSPACE_RULES) {
    for (const keyPath of expandKeyPath(value, rule.keyPath)) {
      const path = keyPath.split('.');
      const current = valueAt(value, path);
      if (current === undefined) continue;
      const reason = rule.widens(current, valueAt(input.lower, path));
      if (reason === undefined) continue;
      deleteAt(value, path);
      warnings.push(`${input.file}: ignored ${keyPath} (${reason}): this workspace is not trusted; run \`brass-agent trust\` to trust it`);
    }
  }
  return { value, warnings };
}

function expandKeyPath(value: Record<string, unknown>, keyPath: string): string[] {
  if (!keyPath.endsWith('.*')) return [keyPath];
  const section = keyPath.slice(0, -2);
  const object = valueAt(value, section.split('.'));
  return isPlainObject(object) ? Object.keys(object).map((key) => `${section}.${key}`) : [];
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function deleteAt(value: Record<string, unknown>, path: readonly string[]): void {
  const parent = valueAt(value, path.slice(0, -1));
  if (isPlainObject(parent)) delete parent[path[path.length - 1]!];
}
