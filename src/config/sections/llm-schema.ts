import * as z from 'zod';
import { nonEmptyString } from './non-empty-string.js';
import { positiveInteger } from './positive-integer.js';
import { timeoutMs } from './timeout-ms.js';
import { appliesUntrusted, untrusted } from './untrusted-behaviour.js';

/** LLM providers the `llm.provider` setting accepts. */
export const LLM_PROVIDERS = ['openai-compatible', 'openai', 'anthropic'] as const;

/** Shape of an environment variable name (POSIX portable names). */
export const ENV_VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Message for a literal `llm.apiKey`: secrets never live in config files. */
export const LITERAL_API_KEY_MESSAGE =
  'a literal API key is not accepted in config; set apiKeyEnv to the name of an environment variable';

/** `llm`: which model to talk to. The key itself always comes from the environment. */
export const LlmSchema = z
  .strictObject({
    provider: untrusted(z.enum(LLM_PROVIDERS).optional().describe('LLM wire protocol. Ignored in an untrusted workspace file.'), {
      rule: 'unchanged',
      reason: 'chooses where prompts are sent',
    }),
    model: appliesUntrusted(nonEmptyString().optional().describe('Model name sent to the provider, e.g. "gpt-4.1" or "claude-sonnet-4-5".')),
    baseUrl: untrusted(
      z
        .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
        .optional()
        .describe('Base URL of the API, e.g. "http://localhost:11434/v1". Ignored in an untrusted workspace file.'),
      { rule: 'unchanged', reason: 'chooses where prompts and the API key are sent' },
    ),
    apiKeyEnv: untrusted(
      z
        .string({ error: 'expected an environment variable name' })
        .regex(ENV_VARIABLE_NAME_PATTERN, { error: 'expected an environment variable name like OPENAI_API_KEY' })
        .meta({ title: 'environment variable name' })
        .optional()
        .describe('Name of the environment variable that holds the API key. Ignored in an untrusted workspace file. Commands never inherit this variable (its value is also redacted wherever it appears).'),
      { rule: 'unchanged', reason: 'chooses which secret is sent as the API key' },
    ),
    timeoutMs: timeoutMs(
      120_000,
      'Timeout, in milliseconds, of one request to the model (until its last streamed byte). An untrusted workspace file may only lower it.',
    ),
    maxRetries: untrusted(
      z
        .int({ error: 'expected a whole number from 0 to 10' })
        .min(0, { error: 'expected a whole number from 0 to 10' })
        .max(10, { error: 'expected a whole number from 0 to 10' })
        .default(2)
        .describe('How many times a request that failed with HTTP 429 or 5xx, or could not connect, is retried (with backoff). An untrusted workspace file may only lower it.'),
      { rule: 'lower-only' },
    ),
    maxOutputTokens: positiveInteger(
      8192,
      'Most tokens the model may write in one reply; the reply is also cut when its streamed text passes a byte bound derived from it. An untrusted workspace file may only lower it.',
    ),
    contextWindow: positiveInteger(
      128_000,
      "The model's context window in tokens. A chat session compacts its older turns (a model-written summary replaces them) when its history passes 80% of it. An untrusted workspace file may only lower it.",
    ),
  })
  .describe('LLM provider. The API key is read from the environment variable named by apiKeyEnv, never from a file.');
