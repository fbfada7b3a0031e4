import type { LlmProvider } from './llm-settings.js';

/** Public API base URLs, passed explicitly so the SDK never falls back to OPENAI_BASE_URL / ANTHROPIC_BASE_URL. */
export const DEFAULT_BASE_URLS: Record<Exclude<LlmProvider, 'openai-compatible'>, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};
