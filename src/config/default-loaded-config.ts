import { completeSources } from './complete-sources.js';
import { configEnvLayers } from './config-env-layers.js';
import { DEFAULT_CONFIG } from './default-config.js';
import type { LoadConfigInput, LoadedConfig } from './load-config.js';

/**
 * What loadConfig returns when there is nothing to load, without the zod
 * schema (building it costs every command about 20 ms, issue 21): no user,
 * workspace or `--config` file, no config variable set in the environment,
 * and no command-line setting. Returns null otherwise; then only loadConfig
 * can answer. The defaults are generated from the schema (default-config.ts).
 */
export function defaultLoadedConfig(input: LoadConfigInput): LoadedConfig | null {
  const hasCliSettings = input.cli !== undefined && Object.keys(input.cli).length > 0;
  if (input.user || input.workspace || input.explicit || hasCliSettings || configEnvLayers(input.env ?? {}).length > 0) return null;
  const config = structuredClone(DEFAULT_CONFIG);
  return { config, sources: completeSources({}, config, input.cliFlags ?? {}), warnings: [], isWorkspaceTrusted: false };
}
