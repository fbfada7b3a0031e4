import { type Clock, systemClock } from '../services/clock.js';
import type { ApprovalNeeds, ApprovalOutcome, PermissionRequest, PermissionService, PermissionVerdict } from '../services/permission.js';
import picomatch from 'picomatch';
import { editsCommandDefinitions } from './command-definition-paths.js';
import { evaluatePermission, type PermissionDefaults, type PermissionRules } from './evaluate-permission.js';
import { commandsOf, parsePermissionRule } from './permission-rule.js';
import { SessionGrants } from './session-grants.js';

/** What happens on `ask`: ask a person, approve (never a deny, never a path outside), or refuse. */
export type ApprovalMode = 'ask' | 'auto' | 'never';

/** Options of `createPermissionService`. */
export interface PermissionServiceOptions {
  /** Rule strings as in config `permissions`. */
  rules?: { allow?: readonly string[]; ask?: readonly string[]; deny?: readonly string[] };
  /**
   * `auto` approves every ask except paths outside the workspace (a person
   * must allow those) and never overrides a deny; `never` refuses every ask;
   * `ask` calls `ask`.
   */
  approval?: ApprovalMode;
  /**
   * Commands allowed by default, as exact argv (the project's own validation
   * scripts, e.g. `['npm', 'run', 'typecheck']`). Deny and ask rules still win.
   */
  allowedCommands?: readonly (readonly string[])[];
  /**
   * Workspace-relative globs of the files that define the `allowedCommands`
   * (see `commandDefinitionPaths`). Once the session is asked about a write
   * to one of them, or a command naming one (other than an allowed command
   * itself), `allowedCommands` no longer apply: the commands are then the
   * run's own and are decided like any other command.
   */
  commandDefinitionPaths?: readonly string[];
  /** Tools whose reads need no approval (default DEFAULT_SAFE_TOOLS). */
  safeTools?: readonly string[];
  /** Commands run in a sandbox that confines their writes and has no network: they need no approval for themselves. */
  areCommandsConfined?: boolean;
  /** Asks a person; structured outcome only. Absent: asks are refused. */
  ask?: (request: PermissionRequest, verdict: PermissionVerdict) => Promise<ApprovalOutcome>;
  /** Expands `~` in rules such as `Read(~/.ssh/**)`. */
  homeDir?: string;
  /** The session's grants; a sub-agent passes `parent.grants.createChild()`. Default: new grants. */
  grants?: SessionGrants;
  /** Times approvals (default the system clock); used when `grants` is not given. */
  clock?: Clock;
  /** How long an answer stays valid after the question was asked (default DEFAULT_APPROVAL_TTL_MS). */
  approvalTtlMs?: number;
}

/** The permission service of one session, with the grants it has collected. */
export interface SessionPermissionService extends PermissionService {
  readonly grants: SessionGrants;
  /** The definition file whose change withdrew the `allowedCommands` (see `commandDefinitionPaths`), or null. */
  readonly changedDefinition: string | null;
}

const OUTCOMES: ReadonlySet<string> = new Set<ApprovalOutcome>(['allow-once', 'allow-session', 'deny']);

/**
 * The stateful permission service around `evaluatePermission`: it applies
 * grants, the approval mode and a person's structured answers. An answer that
 * is not one of `allow-once`, `allow-session`, `deny`, or that arrives after
 * the approval lifetime, counts as `deny`. Throws InvalidInputError on a bad rule.
 */
export function createPermissionService(options: PermissionServiceOptions = {}): SessionPermissionService {
  const parse = (source: string) => parsePermissionRule(source, options.homeDir === undefined ? {} : { homeDir: options.homeDir });
  const rules: PermissionRules = {
    allow: (options.rules?.allow ?? []).map(parse),
    ask: (options.rules?.ask ?? []).map(parse),
    deny: (options.rules?.deny ?? []).map(parse),
  };
  const defaults: PermissionDefaults = {
    allowedCommands: options.allowedCommands ?? [],
    ...(options.safeTools ? { safeTools: options.safeTools } : {}),
    ...(options.areCommandsConfined === true ? { areCommandsConfined: true } : {}),
  };
  const approval = options.approval ?? 'ask';
  const clock = options.clock ?? systemClock;
  const grants = options.grants ?? new SessionGrants({ clock, ...(options.approvalTtlMs === undefined ? {} : { approvalTtlMs: options.approvalTtlMs }) });

  const allowedKeys = new Set((options.allowedCommands ?? []).map((argv) => JSON.stringify(argv)));
  const isDefinition = picomatch([...(options.commandDefinitionPaths ?? [])], { dot: true });
  let changedDefinition: string | null = null;
  const withdrawn: PermissionDefaults = { ...defaults, allowedCommands: [] };

  /** A write to a definition file, or a command naming one, withdraws the allowance for the rest of the session. */
  const noteDefinitionChange = (request: PermissionRequest): void => {
    if (changedDefinition !== null || allowedKeys.size === 0 || (options.commandDefinitionPaths ?? []).length === 0) return;
    if (request.access !== 'write' && request.access !== 'execute') return;
    if (request.access === 'execute' && request.argv !== undefined && allowedKeys.has(JSON.stringify(request.argv))) return;
    changedDefinition = request.paths.find((item) => item !== '.' && isDefinition(item)) ?? null;
    if (changedDefinition === null && request.access === 'execute') {
      const editor = commandsOf(request).find((command) => editsCommandDefinitions(command.argv));
      if (editor !== undefined) changedDefinition = `the project's configuration (${editor.argv.slice(0, 3).join(' ')})`;
    }
  };

  return {
    grants,
    get changedDefinition() {
      return changedDefinition;
    },
    decide(request) {
      noteDefinitionChange(request);
      if (changedDefinition === null) return evaluatePermission(request, rules, defaults);
      const verdict = evaluatePermission(request, rules, withdrawn);
      const wasAllowed = request.argv !== undefined && allowedKeys.has(JSON.stringify(request.argv));
      return verdict.decision === 'ask' && wasAllowed ? { ...verdict, reason: `${verdict.reason}; this run changed ${changedDefinition}, which defines the project's validation commands, so they ask like any other command` } : verdict;
    },
    async approve(request, verdict) {
      if (verdict.decision !== 'ask') return verdict.decision === 'allow' ? 'allow-once' : 'deny';
      const needs = verdict.needs ?? everyGate(request);
      const coverage = grants.cover(request, needs);
      if (coverage !== null) return coverage === 'once' ? 'allow-once' : 'allow-session';
      // Unattended approval never reaches outside the workspace nor runs a command unsandboxed: that takes a person.
      if (approval === 'auto') return (needs.folder && request.outOfScopePaths.length > 0) || needs.sandbox === true || needs.person === true ? 'deny' : 'allow-once';
      if (approval === 'never' || options.ask === undefined) return 'deny';
      const askedAt = clock.now();
      const outcome: unknown = await options.ask(request, verdict);
      if (typeof outcome !== 'string' || !OUTCOMES.has(outcome)) return 'deny';
      if (outcome === 'deny' || clock.now() - askedAt > grants.approvalTtlMs) return 'deny';
      if (outcome === 'allow-session') grants.grantSession(request, needs);
      return outcome as ApprovalOutcome;
    },
  };
}

/** For a verdict made elsewhere (no `needs`): assume every gate that can ask does. */
function everyGate(request: PermissionRequest): ApprovalNeeds {
  return { folder: request.outOfScopePaths.length > 0 || request.unknownPathsReason !== undefined, rule: false, tool: true, ...(request.unsandboxedReason === undefined ? {} : { sandbox: true }) };
}
