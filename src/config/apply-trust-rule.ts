import { type TrustBehaviourEntry, listTrustBehaviours } from './list-trust-behaviours.js';
import { isPlainObject } from './merge-config-layers.js';
import type { Config } from './schema.js';
import type { UntrustedBehaviour } from './sections/untrusted-behaviour.js';

/** A workspace setting that an untrusted workspace may only use to narrow what brass-agent does. */
export interface UntrustedKeyRule {
  /** Dotted key path of one leaf key. */
  keyPath: string;
  /** Why `value` widens what the lower layers allow, or undefined when it does not. */
  widens(value: unknown, lower: unknown): string | undefined;
}

/** How a value that does not narrow is recognised, for each declared behaviour. */
function widensBy(behaviour: UntrustedBehaviour | undefined): UntrustedKeyRule['widens'] | undefined {
  // A key without a declared behaviour (a bug a test catches) is treated as the strictest: any change is ignored.
  if (behaviour === undefined) return (value, lower) => (isSameValue(value, lower) ? undefined : 'has no declared trust behaviour, so it may not change');
  switch (behaviour.rule) {
    case 'applies':
      return undefined;
    case 'lower-only':
      return (value, lower) =>
        typeof value === 'number' && (typeof lower !== 'number' || value > lower) ? `raises the limit above ${String(lower)}` : undefined;
    case 'no-new-entries':
      return (value, lower) =>
        Array.isArray(value) && value.some((entry: unknown) => !(Array.isArray(lower) && lower.some((known: unknown) => isSameValue(known, entry))))
          ? behaviour.reason
          : undefined;
    case 'unchanged':
      return (value, lower) => (isSameValue(value, lower) ? undefined : behaviour.reason);
    case 'stricter-only': {
      const rank = (mode: unknown) => behaviour.order.indexOf(mode as string);
      return (value, lower) => (rank(value) > rank(lower) ? `"${String(value)}" ${behaviour.reason} "${String(lower)}"` : undefined);
    }
    case 'not-to':
      return (value, lower) => (value === behaviour.value && lower !== behaviour.value ? behaviour.reason : undefined);
  }
}

function isSameValue(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}

let workspaceRules: readonly UntrustedKeyRule[] | undefined;

/**
 * The workspace trust rule: a repository's own `.brass-agent.json` is
 * untrusted input until the user trusts the workspace, so these settings are
 * ignored when they would widen what the lower layers (defaults and the user
 * file) allow. The list is derived from the config schema: each leaf key
 * declares its behaviour in its metadata (see untrusted-behaviour.ts), every
 * numeric limit may only be lowered, and keys that `apply` (such as
 * `permissions.ask`/`deny`, `project.validationCommands`, `llm.model`) are
 * absent here. Ordered as listTrustBehaviours lists the keys.
 */
export function untrustedWorkspaceRules(): readonly UntrustedKeyRule[] {
  // Derived on first use, not when the module loads: walking the schema costs every command about 3 ms, and only
  // a workspace that has a config file needs the rules (issue 21).
  workspaceRules ??= untrustedRulesFor(listTrustBehaviours());
  return workspaceRules;
}

/**
 * The rules of `entries` (see listTrustBehaviours): one per key that does
 * not simply apply; a key that declares no behaviour gets the strictest
 * rule (any change is ignored), so a forgotten declaration fails closed.
 */
export function untrustedRulesFor(entries: readonly TrustBehaviourEntry[]): UntrustedKeyRule[] {
  return entries.flatMap(({ keyPath, behaviour }) => {
    const widens = widensBy(behaviour);
    return widens === undefined ? [] : [{ keyPath, widens }];
  });
}

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
 * Applies untrustedWorkspaceRules() to the workspace file. A trusted workspace
 * passes unchanged. In an untrusted one, each widening key is removed and
 * reported: `.brass-agent.json: ignored approval ("auto" approves more than
 * "ask"): this workspace is not trusted; run \`brass-agent trust\` to trust it`.
 */
export function applyTrustRule(input: TrustRuleInput): TrustRuleResult {
  const value = structuredClone(input.workspace) as Record<string, unknown>;
  if (input.isTrusted) return { value, warnings: [] };
  const warnings: string[] = [];
  for (const rule of untrustedWorkspaceRules()) {
    const path = rule.keyPath.split('.');
    const current = valueAt(value, path);
    if (current === undefined) continue;
    const reason = rule.widens(current, valueAt(input.lower, path));
    if (reason === undefined) continue;
    deleteAt(value, path);
    warnings.push(`${input.file}: ignored ${rule.keyPath} (${reason}): this workspace is not trusted; run \`brass-agent trust\` to trust it`);
  }
  return { value, warnings };
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
