import { BrassError } from '../../core/index.js';
import { createLlm } from './create-llm.js';
import type { LlmSettings } from './llm-settings.js';

/** What one tiny request found out about the configured model. */
export type LlmCheckStatus = 'reachable' | 'auth-failed' | 'model-not-found' | 'unreachable' | 'timeout' | 'failed';

/** The outcome of checkLlmEndpoint; `message` and `hint` never contain the API key. */
export interface LlmCheckResult {
  status: LlmCheckStatus;
  /** The HTTP status of the answer; null when none came (refused, DNS, timeout). */
  httpStatus: number | null;
  /** One line. */
  message: string;
  hint: string | null;
}

/** The check waits at most this long (or llm.timeoutMs, when shorter): it asks for a few tokens only. */
export const LLM_CHECK_TIMEOUT_MS = 20_000;
/** Enough for any model to say "ok"; small, so the check costs next to nothing. */
export const LLM_CHECK_MAX_OUTPUT_TOKENS = 16;

/** The LLM error codes (see classify-llm-error.ts) the check names; the rest are `failed`. */
const STATUS_BY_CODE: Record<string, LlmCheckStatus> = {
  'llm-auth': 'auth-failed',
  'llm-model-not-found': 'model-not-found',
  'llm-unreachable': 'unreachable',
  'llm-timeout': 'timeout',
};

/**
 * Sends one tiny request (no tools, LLM_CHECK_MAX_OUTPUT_TOKENS, no retry,
 * at most LLM_CHECK_TIMEOUT_MS) to the configured model and says whether it
 * answered: `reachable`, or why not, classified by the same rules as every
 * model request (see classify-llm-error.ts). Never throws for a failed
 * request; it becomes the result.
 *
 * @example
 * const check = await checkLlmEndpoint(settings);
 * if (check.status !== 'reachable') console.error(`${check.message}; ${check.hint ?? ''}`);
 */
export async function checkLlmEndpoint(settings: LlmSettings, options: { fetch?: typeof fetch } = {}): Promise<LlmCheckResult> {
  try {
    const llm = createLlm({
      ...settings,
      maxRetries: 0,
      timeoutMs: Math.min(settings.timeoutMs, LLM_CHECK_TIMEOUT_MS),
      maxOutputTokens: LLM_CHECK_MAX_OUTPUT_TOKENS,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    await llm.complete({ system: '', messages: [{ role: 'user', content: 'Reply with the word ok.' }] });
    return { status: 'reachable', httpStatus: 200, message: `model ${JSON.stringify(settings.model)} answered`, hint: null };
  } catch (error) {
    if (!BrassError.isInstance(error)) throw error;
    const status = STATUS_BY_CODE[error.code] ?? 'failed';
    // The run's hint (raise llm.timeoutMs) does not apply: the check has its own, shorter bound.
    const hint = status === 'timeout' ? `the check waits at most ${LLM_CHECK_TIMEOUT_MS / 1000} s (or llm.timeoutMs); is the endpoint answering? a model that is still loading can take longer: try again` : (error.hint ?? null);
    return { status, httpStatus: httpStatusIn(error), message: error.message, hint };
  }
}

/** The HTTP status an error in the cause chain carries (the AI SDK's APICallError has `statusCode`). */
function httpStatusIn(error: unknown): number | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const status = (current as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') return status;
    current = current.cause;
  }
  return null;
}
