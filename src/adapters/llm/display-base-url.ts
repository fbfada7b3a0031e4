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
