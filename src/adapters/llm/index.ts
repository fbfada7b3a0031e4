/**
 * The Llm service over the Vercel AI SDK: OpenAI-compatible endpoints, OpenAI
 * and Anthropic, streamed, with our own retries, timeouts and one-line errors,
 * and the resolution of the `llm` config section plus the environment into
 * its settings.
 */
export { LLM_CHECK_MAX_OUTPUT_TOKENS, LLM_CHECK_TIMEOUT_MS, checkLlmEndpoint } from './check-llm-endpoint.js';
export type { LlmCheckResult, LlmCheckStatus } from './check-llm-endpoint.js';
export { createLlm } from './create-llm.js';
export type { CreateLlmOptions } from './create-llm.js';
export { displayBaseUrl } from './display-base-url.js';
export { DEFAULT_BASE_URLS } from './default-base-urls.js';
export { resolveLlmSettings } from './llm-settings.js';
export type { LlmProvider, LlmSettings } from './llm-settings.js';
export { MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS } from './retry-delay.js';
