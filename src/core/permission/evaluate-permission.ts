import type { ApprovalNeeds, PermissionRequest, PermissionVerdict, RequestedCommand } from '../services/permission.js';
import { type PermissionRule, commandsOf } from './permission-rule.js';

/** Parsed rules by list (see `parsePermissionRule`). */
export interface PermissionRules {
  allow: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  deny: readonly PermissionRule[];
}

/** What is allowed without a rule saying so. */
export interface PermissionDefaults {
  /** The project's own validation commands, as exact argv (e.g. `['npm', 'run', 'typecheck']`). */
  allowedCommands?: readonly (readonly string[])[];
  /** Tools whose reads need no approval (default DEFAULT_SAFE_TOOLS). Other tools ask (the tool-execution gate). */
  safeTools?: readonly string[];
  /**
   * Commands run in a sandbox that keeps their writes inside the workspace
   * and has no network: a command then needs no approval for itself (paths
   * outside the workspace, ask rules and deny rules still apply).
   */
  areCommandsConfined?: boolean;
}

/**
 * The safe tools of a caller that does not pass its own (`safeTools`): the
 * CLI's commands, discovery, tests. Core cannot see the agent's tool
 * registry, so the agent and the MCP server pass the registry's read tools
 * themselves; src/agent/tools/tool-registry.test.ts fails when this list and
 * the registry's `read`-effect tools differ.
 */
export const DEFAULT_SAFE_TOOLS: readonly string[] = ['read_file', 'search_text', 'list_dir', 'docs_map', 'recall'];

const VALIDATION_REASON = "the project's own validation command is allowed by default";
const CONFINED_REASON = 'the sandbox confines it (writes stay in the workspace, no network)';

/** Commands that change nothing by themselves (`cd src && npm test` is allowed when `npm test` is). */
const INERT_COMMANDS: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd', 'pwd', 'echo', 'printf', 'true', 'false', ':', 'test', '[', 'exit', 'set']);

/** Inert commands that are builtins of every `sh` (dash included) and of bash: the shell never looks them up on PATH. */
const SHELL_BUILTINS: ReadonlySet<string> = new Set(['cd', 'pwd', 'echo', 'printf', 'true', 'false', ':', 'test', '[', 'exit', 'set']);

/**
 * Whether `name` is one of the commands that change nothing by themselves,
 * when it is the shell's builtin or the system's program of that name (the
 * runtime resolves such names on PATH to tell: see `RequestedCommand.isSystemProgram`).
 */
export function isInertCommandName(name: string): boolean {
  return INERT_COMMANDS.has(name);
}

/**
 * Decides one request from the rules and the defaults. Pure: no state, no I/O.
 *
 * A matching deny rule wins over everything (it names a path, a command of
 * a compound command line, or the tool). Otherwise the request asks when any
 * gate asks: the folder-access gate (a path outside the workspace, or paths
 * that cannot be known), an ask rule, or the action itself (writes and
 * commands ask unless an allow rule or a default allows them; reads by a tool
 * not marked safe ask). `needs` says which gates ask, so grants can cover them.
 */
export function evaluatePermission(request: PermissionRequest, rules: PermissionRules, defaults: PermissionDefaults = {}): PermissionVerdict {
  const denied = rules.deny.find((rule) => rule.matches(request));
  if (denied) return { decision: 'deny', reason: `denied by rule ${denied.source}` };
  const askRule = rules.ask.find((rule) => rule.matches(request));
  const folder = folderGate(request, rules);
  const action = actionGate(request, rules, defaults);
  const isUnsandboxed = request.unsandboxedReason !== undefined;
  const guarded = request.access === 'write' ? request.paths.find(isGitControlPath) : undefined;
  const needs: ApprovalNeeds = { folder: folder !== null, rule: askRule !== undefined, tool: action.asks, ...(isUnsandboxed ? { sandbox: true } : {}), ...(guarded === undefined ? {} : { person: true }) };
  if (!needs.folder && !needs.rule && !needs.tool && !isUnsandboxed && guarded === undefined) return { decision: 'allow', reason: action.reason };
  const reasons = [
    isUnsandboxed ? `it would run without a sandbox: ${request.unsandboxedReason}` : null,
    guarded === undefined ? null : `${guarded} decides which programs git runs: only a person may allow writing it`,
    folder,
    askRule ? `rule ${askRule.source} asks` : null,
    action.asks ? action.reason : null,
  ].filter((reason) => reason !== null);
  return { decision: 'ask', reason: reasons.join('; '), needs };
}

/** `.git/config` and `.git/hooks/...` (any case: a case-insensitive disk opens `.GIT/CONFIG` too): git runs what they name. */
function isGitControlPath(relative: string): boolean {
  const lower = relative.toLowerCase().replace(/\/+$/, '');
  return lower === '.git/config' || lower === '.git/hooks' || lower.startsWith('.git/hooks/');
}

/** Why the folder-access gate asks, or null when every path is inside (or allowed by an outside rule). */
function folderGate(request: PermissionRequest, rules: PermissionRules): string | null {
  if (request.unknownPathsReason !== undefined) return `cannot tell every path it touches (${request.unknownPathsReason})`;
  if (request.outOfScopePaths.length === 0) return null;
  const kind = request.access === 'read' ? 'Read' : request.access === 'write' ? 'Write' : null;
  const uncovered = request.outOfScopePaths.filter((outside) => !rules.allow.some((rule) => rule.kind === kind && rule.allowsOutsidePath(outside)));
  if (uncovered.length === 0) return null;
  return `touches ${uncovered.join(', ')}, outside the workspace`;
}

function actionGate(request: PermissionRequest, rules: PermissionRules, defaults: PermissionDefaults): { asks: boolean; reason: string } {
  const byRule = rules.allow.find((rule) => rule.allows(request));
  if (byRule) return { asks: false, reason: `allowed by rule ${byRule.source}` };
  const safeTools = defaults.safeTools ?? DEFAULT_SAFE_TOOLS;
  const isUnsafeTool = request.tool !== undefined && !safeTools.includes(request.tool);
  switch (request.access) {
    case 'read':
      if (isUnsafeTool) return { asks: true, reason: `tool ${request.tool} is not marked safe` };
      return { asks: false, reason: 'reads inside the workspace are allowed by default' };
    case 'network':
      if (isUnsafeTool) return { asks: true, reason: `tool ${request.tool} is not marked safe` };
      return { asks: false, reason: 'calls to the configured LLM are allowed by default' };
    case 'write':
      return { asks: true, reason: 'writes ask by default' };
    case 'execute':
      return commandGate(request, rules, defaults);
  }
}

/** A command line is allowed when every command it runs is (a chained `&& rm -rf ~` cannot ride on an allowed prefix). */
function commandGate(request: PermissionRequest, rules: PermissionRules, defaults: PermissionDefaults): { asks: boolean; reason: string } {
  const allowedCommands = new Set((defaults.allowedCommands ?? []).map((argv) => JSON.stringify(argv)));
  // The project's own validation command, exactly as discovered (`sh -c "npm test && npm run lint"` included):
  // assignments in it are the definition's own, not added by the model.
  if (request.argv !== undefined && allowedCommands.has(JSON.stringify(request.argv))) return { asks: false, reason: VALIDATION_REASON };
  if (defaults.areCommandsConfined === true && request.unsandboxedReason === undefined) return { asks: false, reason: CONFINED_REASON };
  if (request.writesThroughRedirection) return { asks: true, reason: 'the command writes a file through a redirection' };
  const reasons = new Set<string>();
  const isParsed = request.commands !== undefined;
  for (const command of commandsOf(request).filter((item) => !item.isTransparent)) {
    const reason = commandAllowance(command, rules, allowedCommands, isParsed, request.assignsVariables === true);
    if (reason === null) {
      const assigned = command.assignments ?? [];
      const why = assigned.length > 0 ? `; it sets ${assigned.join(', ')}, and no allowance matches a command that sets variables` : request.assignsVariables === true ? '; the line sets variables, and no allowance matches such a line' : '';
      return { asks: true, reason: `${JSON.stringify(command.argv.join(' '))} asks by default (commands ask unless a rule allows them)${why}` };
    }
    reasons.add(reason);
  }
  if (reasons.size === 0) return { asks: true, reason: 'commands ask by default' };
  return { asks: false, reason: [...reasons].join('; ') };
}

function commandAllowance(command: RequestedCommand, rules: PermissionRules, allowedCommands: ReadonlySet<string>, isParsed: boolean, assignsVariables: boolean): string | null {
  // `NODE_OPTIONS=--import=... npm test` is not the project's `npm test`: a line that sets variables matches no allowance.
  const isPlain = !assignsVariables && (command.assignments ?? []).length === 0;
  if (isPlain && allowedCommands.has(JSON.stringify(command.argv))) return VALIDATION_REASON;
  const rule = isPlain ? rules.allow.find((candidate) => candidate.allowsCommand(command.argv, isParsed)) : undefined;
  if (rule) return `allowed by rule ${rule.source}`;
  return isInert(command, assignsVariables) ? `${command.argv[0]} changes nothing by itself` : null;
}

/**
 * The shell's own builtin, or the system's program of an inert name: never a
 * repository's `bin/true` or `./echo`, nor a name found on PATH inside the
 * workspace (a line that sets variables may have changed PATH).
 */
function isInert(command: RequestedCommand, assignsVariables: boolean): boolean {
  const name = command.argv[0] ?? '';
  if (!INERT_COMMANDS.has(name)) return false;
  if (command.lookup === 'builtin' && SHELL_BUILTINS.has(name)) return true;
  return command.isSystemProgram === true && !assignsVariables;
}
