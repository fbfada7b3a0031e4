/**
 * The studio's token from its address (`/?token=TOKEN`, as `brass-agent
 * serve` prints it) and the address without it. The page keeps the token in
 * memory only and puts the clean address in the history, so it does not stay
 * in the address bar, the history or a bookmark.
 */
export function splitToken(href: string): { token: string | null; cleanUrl: string } {
  const url = new URL(href);
  const token = url.searchParams.get('token');
  url.searchParams.delete('token');
  return { token: token === '' ? null : token, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}
