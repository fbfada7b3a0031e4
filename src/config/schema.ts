import * as z from 'zod';
import { AgentRunSchema } from './sections/agent-schema.js';
import { AgentsSchema } from './sections/agents-schema.js';
import { ApprovalSchema } from './sections/approval-schema.js';
import { ContextDiscoverySchema } from './sections/context-discovery-schema.js';
import { ContextSchema } from './sections/context-schema.js';
import { DocsSchema } from './sections/docs-schema.js';
import { FlowsSchema } from './sections/flows-schema.js';
import { GuidanceSchema } from './sections/guidance-schema.js';
import { LimitsSchema } from './sections/limits-schema.js';
import { LlmSchema } from './sections/llm-schema.js';
import { MemorySchema } from './sections/memory-schema.js';
import { PermissionsSchema } from './sections/permissions-schema.js';
import { ProjectSchema } from './sections/project-schema.js';
import { RedactionSchema } from './sections/redaction-schema.js';
import { SandboxSchema } from './sections/sandbox-schema.js';
import { SearchSchema } from './sections/search-schema.js';
import { ShellSchema } from './sections/shell-schema.js';
import { TrustedWorkspacesSchema } from './sections/trusted-workspaces-schema.js';
import { appliesUntrusted } from './sections/untrusted-behaviour.js';

/**
 * The schema of `.brass-agent.json` and of a `--config` file: the single
 * source of truth for configuration (the editor JSON Schema and the key table
 * of docs/configuration.md are generated from it). Objects are strict, so an
 * unknown key is an error; every section defaults to `{}`, so `{}` is a
 * complete configuration. Add a new section as its own file under sections/.
 */
export const ConfigSchema = z
  .strictObject({
    $schema: appliesUntrusted(z.string().optional().describe('URL or path of the JSON Schema, for editors. Ignored by brass-agent.')),
    limits: LimitsSchema.prefault({}),
    search: SearchSchema.prefault({}),
    context: ContextSchema.prefault({}),
    guidance: GuidanceSchema.prefault({}),
    contextDiscovery: ContextDiscoverySchema.prefault({}),
    docs: DocsSchema.prefault({}),
    agents: AgentsSchema,
    flows: FlowsSchema,
    project: ProjectSchema.prefault({}),
    permissions: PermissionsSchema.prefault({}),
    approval: ApprovalSchema,
    llm: LlmSchema.prefault({}),
    agent: AgentRunSchema.prefault({}),
    shell: ShellSchema.prefault({}),
    sandbox: SandboxSchema.prefault({}),
    redaction: RedactionSchema.prefault({}),
    memory: MemorySchema.prefault({}),
  })
  .describe('brass-agent configuration.');

/** The fully defaulted configuration every layer receives. */
export type Config = z.output<typeof ConfigSchema>;

/** What a config file (or the CLI) may contain: every key optional. */
export type ConfigInput = z.input<typeof ConfigSchema>;

/**
 * The schema of the user config file (`$XDG_CONFIG_HOME/brass-agent/config.json`):
 * the workspace schema plus `trustedWorkspaces`, which only the user decides.
 */
export const UserConfigSchema = ConfigSchema.extend({
  trustedWorkspaces: TrustedWorkspacesSchema,
});

/** The fully defaulted user config file. */
export type UserConfig = z.output<typeof UserConfigSchema>;

/** What the user config file may contain. */
export type UserConfigInput = z.input<typeof UserConfigSchema>;
