import type { ConfigLayer } from './merge-config-layers.js';

/** An environment variable brass-agent reads configuration from, and the key it sets. */
export interface ConfigEnvVariable {
  name: string;
  keyPath: readonly [string, string];
}

/**
 * The only environment variables that change configuration. There is
 * deliberately none for `approval` or `permissions`: a `.env` file in a
 * repository must never be able to turn approvals off.
 */
export const CONFIG_ENV_VARIABLES: readonly ConfigEnvVariable[] = [
  { name: 'BRASS_LLM_PROVIDER', keyPath: ['llm', 'provider'] },
  { name: 'BRASS_LLM_MODEL', keyPath: ['llm', 'model'] },
  { name: 'BRASS_LLM_BASE_URL', keyPath: ['llm', 'baseUrl'] },
  { name: 'BRASS_LLM_API_KEY_ENV', keyPath: ['llm', 'apiKeyEnv'] },
];

/**
 * One config layer per CONFIG_ENV_VARIABLES entry that is set to a non-empty
 * value (an empty variable counts as unset, as `VAR= command` usually means
 * "no value"). Each layer's source is `env:<NAME>`, so a validation error and
 * the provenance both name the variable.
 */
export function configEnvLayers(env: Readonly<Record<string, string | undefined>>): ConfigLayer[] {
  return CONFIG_ENV_VARIABLES.flatMap((variable): ConfigLayer[] => {
    const value = env[variable.name];
    if (value === undefined || value === '') return [];
    const [section, key] = variable.keyPath;
    return [{ source: `env:${variable.name}`, value: { [section]: { [key]: value } } }];
  });
}
