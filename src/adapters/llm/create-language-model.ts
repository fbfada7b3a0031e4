import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmProvider } from './llm-settings.js';

/**
 * The AI SDK model for one provider. Every setting is passed in: with a key
 * and a base URL given, no provider package reads the environment. OpenAI
 * uses its chat completions model, the same wire format as
 * `openai-compatible`.
 */
export function createLanguageModel(options: {
  provider: LlmProvider;
  model: string;
  baseUrl: string;
  apiKey: string | undefined;
  fetch: typeof fetch | undefined;
}): LanguageModel {
  const fetchOption = options.fetch === undefined ? {} : { fetch: options.fetch };
  switch (options.provider) {
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: options.baseUrl,
        includeUsage: true,
        ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
        ...fetchOption,
      }).chatModel(options.model);
    case 'openai':
      return createOpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey, ...fetchOption }).chat(options.model);
    case 'anthropic':
      return createAnthropic({ baseURL: options.baseUrl, apiKey: options.apiKey, ...fetchOption }).messages(options.model);
  }
}
