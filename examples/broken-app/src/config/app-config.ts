export interface AppConfig {
  apiBaseUrl: string;
  /** Request timeout in milliseconds. */
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Reads the app's settings from environment-like key/value pairs, with defaults. */
export function loadAppConfig(values: Record<string, string | undefined>): AppConfig {
  const apiBaseUrl = values.API_BASE_URL ?? 'https://api.example.com';
  if (!/^https?:\/\//.test(apiBaseUrl)) throw new Error(`API_BASE_URL must be an http(s) URL, got ${apiBaseUrl}`);
  const timeoutMs = values.API_TIMEOUT_MS === undefined ? DEFAULT_TIMEOUT_MS : Number(values.API_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error('API_TIMEOUT_MS must be a positive integer');
  return { apiBaseUrl, timeoutMs };
}
