import { createPermissionService, createRuntime, type Runtime } from '../../core/index.js';
import { runtimeLimitsFor, type OpenedWorkspace } from './open-workspace.js';

/** A command discovery chose to run: where it came from and its exact argv. */
export interface PlannedCommandArgv {
  /** `config` when it came from `project.validationCommands`; anything else is the project's own scripts. */
  source: string;
  argv: readonly string[];
}

/**
 * The runtime validation commands run through: the workspace's services and
 * rules, plus a permission service that allows exactly the argv discovery
 * chose (the project's own scripts). Deny and ask rules still win. Commands
 * from `project.validationCommands` in an untrusted workspace file are not
 * pre-allowed: the rules decide them like any other command. Shared by the
 * CLI and the MCP server so both apply the same permission rules.
 */
export function createCommandRuntime(workspace: OpenedWorkspace, planned: readonly PlannedCommandArgv[]): Runtime {
  const { config } = workspace.config;
  const isConfigUntrusted = !isConfiguredCommandTrusted(workspace);
  const allowedCommands = planned.filter((command) => !(command.source === 'config' && isConfigUntrusted)).map((command) => command.argv);
  return createRuntime({
    services: {
      ...workspace.services,
      permission: createPermissionService({ rules: config.permissions, approval: config.approval, allowedCommands, homeDir: workspace.probe.homeDir }),
    },
    scope: workspace.scope,
    shellParser: workspace.shellParser,
    limits: runtimeLimitsFor(config),
    ...(process.env['PATH'] === undefined ? {} : { programSearchPath: process.env['PATH'] }),
  });
}

/**
 * Whether `project.validationCommands` may be allowed by default: it is not
 * set by the workspace's own `.brass-agent.json`, or that workspace is
 * trusted. The one rule for discovery's runs and the agent's `run_validation`.
 */
export function isConfiguredCommandTrusted(workspace: OpenedWorkspace): boolean {
  const { sources, isWorkspaceTrusted } = workspace.config;
  return isWorkspaceTrusted || !(sources['project.validationCommands'] ?? '').startsWith('workspace:');
}
