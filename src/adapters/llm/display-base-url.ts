import { InvalidInputError } from '../../core/index.js';

/**
 * A base URL as messages and `doctor` show it: no user info (a key written
 * as `https://user:key@host`), query or fragment, no trailing slash. A value
 * that does not parse is shown as `(not a URL)` rather than echoed, since it
 * may hold anything.
 *
 * @example
 * displayBaseUrl('https://me:secret@api.example.com/v1/?key=x'); // "https://api.example.com/v1"
 */
export function displayBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
  } catch {
    return '(not a URL)';
  }
}

/**
 * Refuses a base URL with a user name or password: fetch cannot send one
 * (it throws, and its error would carry the URL and so the password), and a
 * key belongs in an environment variable. The error never shows them.
 *
 * @throws InvalidInputError `llm.baseUrl` when the URL has user info.
 */
export function assertBaseUrlWithoutCredentials(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return;
  }
  if (url.username === '' && url.password === '') return;
  throw new InvalidInputError('llm.baseUrl', `the base URL ${displayBaseUrl(baseUrl)} has a user name or password in it, which model requests cannot carry`, {
    hint: 'remove them from llm.baseUrl (or BRASS_LLM_BASE_URL) and put the key in BRASS_LLM_API_KEY, or in the variable llm.apiKeyEnv names',
  });
}
