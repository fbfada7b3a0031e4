import { applyTrustRule } from './apply-trust-rule.js';
import { ConfigError, type ConfigIssue } from './config-error.js';
import { configEnvLayers } from './config-env-layers.js';
import { isSameWorkspacePath } from './is-same-workspace-path.js';
import { completeSources } from './complete-sources.js';
import { type ConfigLayer, isPlainObject, mergeConfigLayers } from './merge-config-layers.js';
import { type ConfigFileText, parseConfigText } from './parse-config-text.js';
import { type Config, type ConfigInput, ConfigSchema, UserConfigSchema } from './schema.js';
import { PARSE_ONCE, validateConfigLayer } from './validate-config-layer.js';

/** Everything the entry point read; loadConfig itself reads nothing. */
export interface LoadConfigInput {
  /** The user config file (`userConfigPath`), or null when it does not exist. */
  user?: ConfigFileText | null;
  /** `<workspace>/.brass-agent.json`, path shown workspace-relative. */
  workspace?: ConfigFileText | null;
  /** The `--config FILE`, chosen by the user and therefore trusted. */
  explicit?: ConfigFileText | null;
  /** The process environment; only CONFIG_ENV_VARIABLES are read from it. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Command-line flags, already mapped to config keys. */
  cli?: ConfigInput;
  /** Flag names by key path (`{ "context.maxFiles": "--max-files" }`), so provenance says `cli:--max-files`. */
  cliFlags?: Readonly<Record<string, string>>;
  /** Real path of the workspace root, matched against the user file's `trustedWorkspaces`. */
  workspaceRealPath: string;
}

/** The merged configuration and how it came about. */
export interface LoadedConfig {
  /** Merged and defaulted. */
  config: Config;
  /**
   * Source of every leaf key path (`context.maxFiles`): `default`,
   * `user:<path>`, `workspace:<path>`, `config:<path>`, `env:<NAME>`, `cli` or
   * `cli:<flag>`. Arrays are leaves; a permission list that accumulated rules
   * from several layers names them all, comma-separated.
   */
  sources: Record<string, string>;
  /** One line each: workspace settings ignored by the trust rule. */
  warnings: string[];
  isWorkspaceTrusted: boolean;
}

/**
 * Parses, validates and merges the configuration layers, lowest precedence
 * first: defaults < user file < workspace file < `--config` file <
 * environment < command line. Objects merge by key, arrays replace (except
 * permission rule lists, which accumulate). Each layer is validated on its
 * own so every error names its file; all errors of all layers are reported
 * together. The workspace file is filtered by the trust rule unless its real
 * path is in the user file's `trustedWorkspaces`.
 *
 * @throws ConfigError (code `invalid-config`) when a text is not JSONC or a
 *   layer does not match the schema, with one issue per problem.
 * @example
 * const loaded = loadConfig({ workspace: { path: '.brass-agent.json', text }, env: process.env, workspaceRealPath: root });
 * loaded.config.context.maxFiles; // 4 unless a layer set it
 * loaded.sources['context.maxFiles']; // "default" | "workspace:.brass-agent.json" | ...
 */
export function loadConfig(input: LoadConfigInput): LoadedConfig {
  const issues: ConfigIssue[] = [];
  const layers: ConfigLayer[] = [];

  const user = input.user ? readLayer(input.user, UserConfigSchema, issues) : null;
  const trustedWorkspaces = user !== null && Array.isArray(user.trustedWorkspaces) ? (user.trustedWorkspaces as string[]) : [];
  const isWorkspaceTrusted = trustedWorkspaces.some((trusted) => isSameWorkspacePath(trusted, input.workspaceRealPath));
  if (user !== null && input.user) {
    delete user.trustedWorkspaces;
    layers.push({ source: `user:${input.user.path}`, value: user });
  }

  const warnings: string[] = [];
  const workspace = input.workspace ? readLayer(input.workspace, ConfigSchema, issues) : null;
  if (workspace !== null && input.workspace) {
    const lower = ConfigSchema.parse(mergeConfigLayers(layers).value, PARSE_ONCE);
    const trusted = applyTrustRule({ workspace, lower, file: input.workspace.path, isTrusted: isWorkspaceTrusted });
    warnings.push(...trusted.warnings);
    layers.push({ source: `workspace:${input.workspace.path}`, value: trusted.value });
  }

  const explicit = input.explicit ? readLayer(input.explicit, ConfigSchema, issues) : null;
  if (explicit !== null && input.explicit) layers.push({ source: `config:${input.explicit.path}`, value: explicit });

  for (const layer of configEnvLayers(input.env ?? {})) {
    issues.push(...validateConfigLayer(ConfigSchema, layer.value, layer.source));
    layers.push(layer);
  }

  if (input.cli !== undefined) {
    const cliIssues = validateConfigLayer(ConfigSchema, input.cli, 'cli');
    issues.push(...cliIssues);
    if (cliIssues.length === 0) layers.push({ source: 'cli', value: withoutSchemaKey(input.cli as Record<string, unknown>) });
  }

  if (issues.length > 0) throw new ConfigError(issues);

  const merged = mergeConfigLayers(layers);
  // Every layer is valid on its own, and merging valid layers key by key stays valid.
  const config = ConfigSchema.parse(merged.value, PARSE_ONCE);
  return { config, sources: completeSources(merged.sources, config, input.cliFlags ?? {}), warnings, isWorkspaceTrusted };
}

/** Parses and validates one file; returns its value without `$schema`, or null after recording its issues. */
function readLayer(file: ConfigFileText, schema: typeof ConfigSchema | typeof UserConfigSchema, issues: ConfigIssue[]): Record<string, unknown> | null {
  const parsed = parseConfigText(file);
  if (!parsed.ok) {
    issues.push(parsed.issue);
    return null;
  }
  const layerIssues = validateConfigLayer(schema, parsed.value, file.path);
  issues.push(...layerIssues);
  return layerIssues.length === 0 && isPlainObject(parsed.value) ? withoutSchemaKey(parsed.value) : null;
}

function withoutSchemaKey(value: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _schema, ...rest } = value;
  return rest;
}
