import type { Config } from '../../config/index.js';
import { BrassError, InvalidInputError } from '../../core/index.js';
import { assertBaseUrlWithoutCredentials } from './display-base-url.js';

/** The wire protocols createLlm speaks. */
export type LlmProvider = 'openai-compatible' | 'openai' | 'anthropic';

/** Everything createLlm needs to talk to one model, resolved from config and the environment. */
export interface LlmSettings {
  provider: LlmProvider;
  model: string;
  /** API base URL, ending in `/v1` for Anthropic. Optional for `openai` and `anthropic` (their public APIs). */
  baseUrl?: string;
  /** Never printed: every error message is scrubbed of it. Optional only for `openai-compatible`. */
  apiKey?: string;
  /** The environment variable the key was read from (never its value), for hints such as "check the key in ...". */
  apiKeyVariable?: string;
  /** Time one attempt may take, until the last streamed byte. */
  timeoutMs: number;
  /** Retries after HTTP 429, 5xx or a failed connection. */
  maxRetries: number;
  /** Output token limit used when a request sets none (Anthropic requires one). */
  maxOutputTokens: number;
}

/** Environment variable of the provider's own key, used when neither llm.apiKeyEnv nor BRASS_LLM_API_KEY is set. */
const PROVIDER_KEY_VARIABLES: Record<LlmProvider, string | undefined> = {
  'openai-compatible': undefined,
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};

const BRASS_KEY_VARIABLE = 'BRASS_LLM_API_KEY';

/**
 * Resolves the `llm` config section and the environment into LlmSettings,
 * or null when no provider is configured (the caller decides whether that is
 * an error). The key comes from the variable named by `llm.apiKeyEnv` when
 * set, else `BRASS_LLM_API_KEY`, else `OPENAI_API_KEY` / `ANTHROPIC_API_KEY`
 * for those providers; an empty variable counts as unset. The key's value
 * never appears in an error.
 *
 * @throws BrassError `llm-no-key` when the variable named by apiKeyEnv is unset, or `openai`/`anthropic` have no key.
 * @throws InvalidInputError when the model is missing, `openai-compatible` has no base URL, or the base URL has a user name or password.
 *
 * @example
 * const settings = resolveLlmSettings(config.llm, process.env);
 * const llm = settings === null ? undefined : createLlm(settings);
 */
export function resolveLlmSettings(llm: Config['llm'], env: Readonly<Record<string, string | undefined>>): LlmSettings | null {
  const provider = llm.provider;
  if (provider === undefined) return null;
  if (llm.model === undefined) {
    throw new InvalidInputError('llm.model', `required when llm.provider is set (provider ${provider})`, { hint: 'set llm.model or BRASS_LLM_MODEL, or pass --model' });
  }
  if (provider === 'openai-compatible' && llm.baseUrl === undefined) {
    throw new InvalidInputError('llm.baseUrl', 'provider openai-compatible needs a base URL: set llm.baseUrl or BRASS_LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1');
  }
  if (llm.baseUrl !== undefined) assertBaseUrlWithoutCredentials(llm.baseUrl);
  const apiKeyVariable = resolveApiKeyVariable(provider, llm.apiKeyEnv, env);
  const apiKey = apiKeyVariable === undefined ? undefined : env[apiKeyVariable];
  return {
    provider,
    model: llm.model,
    ...(llm.baseUrl === undefined ? {} : { baseUrl: llm.baseUrl }),
    ...(apiKey === undefined || apiKeyVariable === undefined ? {} : { apiKey, apiKeyVariable }),
    timeoutMs: llm.timeoutMs,
    maxRetries: llm.maxRetries,
    maxOutputTokens: llm.maxOutputTokens,
  };
}

/** The environment variable the key comes from; undefined when `openai-compatible` has none (local endpoints need no key). */
function resolveApiKeyVariable(provider: LlmProvider, apiKeyEnv: string | undefined, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (apiKeyEnv !== undefined) {
    if (nonEmpty(env[apiKeyEnv]) === undefined) {
      throw new BrassError('llm-no-key', `the environment variable ${apiKeyEnv} named by llm.apiKeyEnv is not set`, {
        hint: `export ${apiKeyEnv}=<your key>, or change llm.apiKeyEnv`,
      });
    }
    return apiKeyEnv;
  }
  const providerVariable = PROVIDER_KEY_VARIABLES[provider];
  const variable = [BRASS_KEY_VARIABLE, providerVariable].find((name) => name !== undefined && nonEmpty(env[name]) !== undefined);
  if (variable === undefined && providerVariable !== undefined) {
    throw new BrassError('llm-no-key', `no API key for provider ${provider}: neither ${BRASS_KEY_VARIABLE} nor ${providerVariable} is set`, {
      hint: `export ${providerVariable}=<your key>, or name another variable in llm.apiKeyEnv`,
    });
  }
  return variable;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
