/** First backoff delay; each retry doubles it. */
export const RETRY_BASE_DELAY_MS = 500;
/** No wait between attempts is longer, whatever the server's Retry-After says. */
export const MAX_RETRY_DELAY_MS = 20_000;

/**
 * How long to wait before retry number `retryIndex` (0 for the first retry):
 * the server's `retry-after-ms` or `Retry-After` (seconds or an HTTP date)
 * when given, else 500 ms * 2^retryIndex; never more than MAX_RETRY_DELAY_MS.
 */
export function retryDelayMs(retryIndex: number, responseHeaders: Readonly<Record<string, string>> | undefined, now: number = Date.now()): number {
  const fromServer = serverRetryDelayMs(responseHeaders, now);
  const delay = fromServer ?? RETRY_BASE_DELAY_MS * 2 ** retryIndex;
  return Math.min(Math.max(0, delay), MAX_RETRY_DELAY_MS);
}

function serverRetryDelayMs(headers: Readonly<Record<string, string>> | undefined, now: number): number | undefined {
  if (headers === undefined) return undefined;
  const lowerCased = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  // OpenAI sends the more precise retry-after-ms next to Retry-After.
  const milliseconds = Number.parseFloat(lowerCased.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const retryAfter = lowerCased.get('retry-after');
  if (retryAfter === undefined || retryAfter === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Number.parseFloat(retryAfter) * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : date - now;
}
