/**
 * brass-agent config: the zod schema of `.brass-agent.json` (the single
 * source of truth; the editor JSON Schema and the docs key table are
 * generated from it), pure loading and merging of the user, workspace,
 * `--config`, environment and CLI layers with provenance, the workspace trust
 * rule, and edits of the user file's `trustedWorkspaces`. Nothing here reads
 * files or the environment: the entry point passes their text in.
 */
export { ConfigSchema, UserConfigSchema } from './schema.js';
export type { Config, ConfigInput, UserConfig, UserConfigInput } from './schema.js';
export { APPROVAL_MODES } from './sections/approval-schema.js';
export { DEFAULT_CONTEXT_GLOBS } from './sections/context-schema.js';
export { LLM_PROVIDERS } from './sections/llm-schema.js';
export { PERMISSION_RULE_KINDS } from './sections/permissions-schema.js';
export { DEFAULT_SEARCH_MAX_FILE_SIZE_BYTES, SEARCH_ENGINES } from './sections/search-schema.js';

export { ConfigError, formatConfigIssue } from './config-error.js';
export type { ConfigIssue } from './config-error.js';

export { loadConfig } from './load-config.js';
export { defaultLoadedConfig } from './default-loaded-config.js';
export { DEFAULT_CONFIG_FILE, serializeDefaultConfig } from './build-default-config.js';
export type { LoadConfigInput, LoadedConfig } from './load-config.js';
export type { ConfigFileText } from './parse-config-text.js';
export { CONFIG_ENV_VARIABLES } from './config-env-layers.js';
export type { ConfigEnvVariable } from './config-env-layers.js';
export { ACCUMULATED_KEY_PATHS } from './merge-config-layers.js';
export { applyTrustRule, untrustedWorkspaceRules, untrustedRulesFor } from './apply-trust-rule.js';
export { listTrustBehaviours } from './list-trust-behaviours.js';
export type { TrustBehaviourEntry } from './list-trust-behaviours.js';
export type { UntrustedBehaviour } from './sections/untrusted-behaviour.js';
export type { TrustRuleInput, TrustRuleResult, UntrustedKeyRule } from './apply-trust-rule.js';

export { setWorkspaceTrust } from './trust-edit.js';
export { userConfigPath } from './user-config-path.js';

export { JSON_SCHEMA_FILE, JSON_SCHEMA_ID, buildJsonSchema, serializeJsonSchema } from './build-json-schema.js';
export type { JsonSchemaDocument } from './build-json-schema.js';
export {
  CONFIG_REFERENCE_END,
  CONFIG_REFERENCE_START,
  buildConfigReference,
  listConfigKeys,
  replaceConfigReference,
} from './build-config-reference.js';
export type { ConfigKeyReference } from './build-config-reference.js';

export { AgentSchema, AgentsSchema } from './sections/agents-schema.js';
export {
  ContextDiscoverySchema,
  DEFAULT_CONTEXT_FILE_MAX_BYTES,
  DEFAULT_CONTEXT_SESSION_MAX_BYTES,
} from './sections/context-discovery-schema.js';
export { FlowSchema, FlowStepSchema, FlowsSchema } from './sections/flows-schema.js';
export { DEFAULT_GUIDANCE_FILE_NAMES, DEFAULT_GUIDANCE_MAX_BYTES, DEFAULT_ROOT_MARKERS, GuidanceSchema } from './sections/guidance-schema.js';
export {
  CONTEXT_NAME_MESSAGE,
  CONTEXT_NAME_PATTERN,
  SCOPED_CONTEXT_MODES,
  ScopedContextSchema,
} from './sections/scoped-context-schema.js';
export type { ScopedContextConfig } from './sections/scoped-context-schema.js';

export { RedactionSchema } from './sections/redaction-schema.js';

export { DEFAULT_DOCS_DIR, DEFAULT_DOCS_MAX_PAGE_BYTES, DocsSchema } from './sections/docs-schema.js';
export { docsDirsOf } from './docs-dirs.js';
export { DEFAULT_MEMORY_MAX_BYTES, DEFAULT_MEMORY_MAX_ENTRIES, MemorySchema } from './sections/memory-schema.js';
