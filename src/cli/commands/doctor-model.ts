import { checkLlmEndpoint, DEFAULT_BASE_URLS, displayBaseUrl, resolveLlmSettings, type LlmCheckResult, type LlmSettings } from '../../adapters/llm/index.js';
import { BrassError } from '../../core/index.js';
import type { LoadedConfig } from '../../config/index.js';
import type { DoctorCheck } from './doctor-action.js';

/**
 * The model configuration as `doctor` reports it: each value with the layer
 * it came from (`env:BRASS_LLM_MODEL`, `user:~/.config/…`,
 * `workspace:.brass-agent.json`, `config:…`, `cli`, `default`), and where the
 * key comes from, never the key.
 */
export interface DoctorModelReport {
  provider: string | null;
  providerSource: string | null;
  model: string | null;
  modelSource: string | null;
  /** Without user info, query or fragment; for openai/anthropic without llm.baseUrl, their public API. */
  baseUrl: string | null;
  baseUrlSource: string | null;
  /** `env:NAME` of the variable the key is read from, or `none`. */
  apiKeySource: string;
  /** `llm.*` keys an untrusted workspace file set and the trust rule ignored (e.g. `llm.provider`). */
  ignoredUntrusted: string[];
}

/** What doctor learns about the model: the report, its check row, and the settings a `--check-llm` request uses. */
export interface DoctorModel {
  report: DoctorModelReport;
  check: DoctorCheck;
  settings: LlmSettings | null;
}

/** `<file>: ignored llm.provider (<reason>): …`, as the trust rule words it (apply-trust-rule.ts). */
const IGNORED_LLM_KEY_PATTERN = /: ignored (llm\.[A-Za-z]+) \(/;

/**
 * The `model` row: `ok` with a usable provider, `warn` without one (only
 * `run` and `chat` need it) or with `openai-compatible` at a remote host and
 * no key, `fail` when the provider cannot work as configured (a hosted
 * provider without a key, no model, no base URL). `showSource` turns a
 * config source into its displayed form (paths relative or under `~`).
 */
export function inspectModel(loaded: LoadedConfig, env: Readonly<Record<string, string | undefined>>, showSource: (source: string) => string): DoctorModel {
  const llm = loaded.config.llm;
  const sourceOf = (key: string): string | null => (loaded.sources[key] === undefined || loaded.sources[key] === 'default' ? null : showSource(loaded.sources[key]));
  const ignoredUntrusted = loaded.warnings.flatMap((warning) => IGNORED_LLM_KEY_PATTERN.exec(warning)?.[1] ?? []);
  const baseUrl = llm.baseUrl ?? (llm.provider === undefined || llm.provider === 'openai-compatible' ? undefined : DEFAULT_BASE_URLS[llm.provider]);
  const report: DoctorModelReport = {
    provider: llm.provider ?? null,
    providerSource: sourceOf('llm.provider'),
    model: llm.model ?? null,
    modelSource: sourceOf('llm.model'),
    baseUrl: baseUrl === undefined ? null : displayBaseUrl(baseUrl),
    baseUrlSource: llm.baseUrl === undefined ? (baseUrl === undefined ? null : 'default') : sourceOf('llm.baseUrl'),
    apiKeySource: 'none',
    ignoredUntrusted,
  };

  let settings: LlmSettings | null;
  try {
    settings = resolveLlmSettings(llm, env);
  } catch (error) {
    if (!BrassError.isInstance(error)) throw error;
    return { report, settings: null, check: { name: 'model', status: 'fail', detail: withHint(error.message, error.hint) } };
  }
  if (settings === null) {
    const why = ignoredUntrusted.includes('llm.provider')
      ? 'no provider: the untrusted workspace file sets llm.provider, but its model settings are ignored; run `brass-agent trust` to use them'
      : 'no provider configured: run and chat need one; set BRASS_LLM_PROVIDER and BRASS_LLM_MODEL, or llm.provider in .brass-agent.json';
    return { report, settings, check: { name: 'model', status: 'warn', detail: why } };
  }
  if (settings.apiKeyVariable !== undefined) report.apiKeySource = `env:${settings.apiKeyVariable}`;
  const keyNote = keyDescription(settings, llm.apiKeyEnv === undefined ? null : sourceOf('llm.apiKeyEnv'));
  const detail = [
    `provider ${settings.provider}${from(report.providerSource)}`,
    `model ${settings.model}${from(report.modelSource)}`,
    `base URL ${report.baseUrl ?? '?'}${from(report.baseUrlSource)}`,
    keyNote.text,
  ].join(', ');
  return { report, settings, check: { name: 'model', status: keyNote.isWarning ? 'warn' : 'ok', detail } };
}

/** The `llm` row for `doctor --check-llm`: `ok` when the model answered, else `fail` with the category, HTTP status and hint. */
export async function checkModelEndpoint(settings: LlmSettings | null): Promise<{ check: DoctorCheck; result: LlmCheckResult }> {
  if (settings === null) {
    const result: LlmCheckResult = { status: 'failed', httpStatus: null, message: 'no usable model configuration to check (see the model row)', hint: null };
    return { result, check: { name: 'llm', status: 'fail', detail: result.message } };
  }
  const result = await checkLlmEndpoint(settings);
  const status = result.httpStatus === null ? '' : ` (HTTP ${result.httpStatus})`;
  if (result.status === 'reachable') return { result, check: { name: 'llm', status: 'ok', detail: `reachable: ${result.message}${status}` } };
  return { result, check: { name: 'llm', status: 'fail', detail: withHint(`${CHECK_WORDS[result.status]}: ${result.message}`, result.hint ?? undefined) } };
}

const CHECK_WORDS: Record<LlmCheckResult['status'], string> = {
  reachable: 'reachable',
  'auth-failed': 'auth failed',
  'model-not-found': 'model not found',
  unreachable: 'not reachable',
  timeout: 'timed out',
  failed: 'failed',
};

/** Where the key comes from, and whether going without one deserves a warning. */
function keyDescription(settings: LlmSettings, apiKeyEnvSource: string | null): { text: string; isWarning: boolean } {
  if (settings.apiKeyVariable !== undefined) {
    return { text: `key from env:${settings.apiKeyVariable}${apiKeyEnvSource === null ? '' : ` (named by llm.apiKeyEnv, from ${apiKeyEnvSource})`}`, isWarning: false };
  }
  // Only openai-compatible gets here without a key (resolveLlmSettings insists for the hosted providers).
  if (isLocalHost(settings.baseUrl)) return { text: 'no key (fine for a local endpoint)', isWarning: false };
  return { text: 'no key: a hosted endpoint will likely refuse requests; set BRASS_LLM_API_KEY or name a variable in llm.apiKeyEnv', isWarning: true };
}

/** Loopback, private-network, `.local` and single-label hosts (a container's service name) are local. */
function isLocalHost(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return false;
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '::1' || host.endsWith('.local') || !host.includes('.') && !host.includes(':')) return true;
  return /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host);
}

function from(source: string | null): string {
  return source === null ? '' : ` (${source})`;
}

function withHint(message: string, hint: string | undefined): string {
  return hint === undefined ? message : `${message}; hint: ${hint}`;
}
