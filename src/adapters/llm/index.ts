/**
 * The Llm service over the Vercel AI SDK: OpenAI-compatible endpoints, OpenAI
 * and Anthropic, streamed, with our own retries, timeouts and one-line errors,
 * and the resolution of the `llm` config section plus the environment into
 * its settings.
 */
export { createLlm } from './create-llm.js';
export type { CreateLlmOptions } from './create-llm.js';
export { resolveLlmSettings } from './llm-settings.js';
export type { LlmProvider, LlmSettings } from './llm-settings.js';
export { MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS } from './retry-delay.js';
