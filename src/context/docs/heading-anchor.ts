import { isAscii, lazyRegExp } from './unicode-classes.js';

/**
 * The anchor of a heading the way GitHub and VitePress write it (the
 * github-slugger rules): lowercase; everything but letters, marks, digits,
 * connector punctuation (`_`), `-` and spaces dropped; each space a `-`.
 * Written here rather than taken from github-slugger because the repository
 * shares one node_modules between its worktrees and the rule fits in a line
 * with Unicode property escapes.
 *
 * @example
 * slugifyHeading('Server Options: `server.port`'); // 'server-options-serverport'
 */
export function slugifyHeading(text: string): string {
  const lower = text.toLowerCase();
  // The same rule for ASCII text without the Unicode classes, whose first use compiles some 0.5 ms of tables (a warm search runs it once).
  const kept = isAscii(lower) ? lower.replace(/[^a-z0-9_\- ]/g, '') : lower.replace(notInSlug(), '');
  return kept.replace(/ /g, '-');
}

const notInSlug = lazyRegExp(String.raw`[^\p{L}\p{M}\p{N}\p{Pc}\- ]`, 'gu');

/**
 * Gives each heading of one page its anchor, in document order: an explicit
 * `{#id}` wins, else the slug of its text; a repeated anchor gets `-1`,
 * `-2`, … as on GitHub (so two "Options" headings are `options` and
 * `options-1`). One assigner per page.
 */
export function createAnchorAssigner(): (text: string, explicitId?: string) => string {
  const counts = new Map<string, number>();
  return (text, explicitId) => {
    const base = explicitId ?? slugifyHeading(text);
    let anchor = base;
    while (counts.has(anchor)) {
      const next = counts.get(base)! + 1;
      counts.set(base, next);
      anchor = `${base}-${next}`;
    }
    counts.set(anchor, 0);
    return anchor;
  };
}
