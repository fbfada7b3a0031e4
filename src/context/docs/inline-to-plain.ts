/** Images `![alt](url)`: the alt text stays. */
const IMAGE_PATTERN = /!\[([^\]]*)\]\((?:<[^>]*>|[^()\s]*(?:\([^()]*\)[^()\s]*)*)(?:\s+["'(][^)]*)?\)/g;
/** Inline links `[text](url "title")`, URLs in angle brackets or with one level of parentheses. */
const LINK_PATTERN = /\[([^\]]*)\]\((?:<[^>]*>|[^()\s]*(?:\([^()]*\)[^()\s]*)*)(?:\s+["'(][^)]*)?\)/g;
/** Reference links `[text][ref]` and `[text][]`. */
const REFERENCE_LINK_PATTERN = /\[([^\]]+)\]\[[^\]]*\]/g;
const AUTOLINK_PATTERN = /<((?:https?|mailto):[^>\s]+)>/g;
const CODE_SPAN_PATTERN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
const HTML_COMMENT_PATTERN = /<!--[\s\S]*?-->/g;
const HTML_TAG_PATTERN = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g;
/** Asterisks (emphasis, list bullets inside text) and strikethrough tildes: never part of a word. */
const MARKER_PATTERN = /\*+|~~/g;
/** `_` emphasis opening after a space or bracket, so `snake_case` keeps its underscore. */
const UNDERSCORE_OPEN_PATTERN = /(^|[\s(["'])_+(?=\S)/g;
/** `_` emphasis closing before a space or punctuation. */
const UNDERSCORE_CLOSE_PATTERN = /(\S)_+(?=[\s.,;:!?)\]"']|$)/g;
const ENTITY_PATTERN = /&(amp|lt|gt|quot|apos|nbsp|#\d{1,6}|#x[0-9a-fA-F]{1,6});/g;
const WHITESPACE_PATTERN = /\s+/g;
/** Hugo shortcodes, `{{< note >}}` and `{{% include "x" %}}`: markup of the site generator, not text. */
const SHORTCODE_PATTERN = /\{\{[<%][\s\S]*?[%>]\}\}/g;
/** A backslash escape, `\<` or `\*`: the character is literal (CommonMark escapes ASCII punctuation only). */
const ESCAPE_PATTERN = /\\([!-/:-@[-`{-~])/g;
/** Escaped characters are held as private-use characters while tags and emphasis are removed. */
const ESCAPE_BASE = 0xe000;
const HELD_ESCAPE_PATTERN = /[\ue021-\ue07e]/g;

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(_match: string, name: string): string {
  const named = NAMED_ENTITIES[name];
  if (named !== undefined) return named;
  const codePoint = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : ' ';
}

/**
 * Markdown inline syntax to the text a reader sees: link and image targets,
 * HTML tags and comments, Hugo shortcodes, emphasis markers and backticks
 * removed, backslash escapes and entities decoded, whitespace collapsed. Each code span's content is appended to
 * `codeSpans` when given (the index weighs those names on their own).
 *
 * @example
 * inlineToPlain('Use [`defineConfig`](./config) for **types**'); // 'Use defineConfig for types'
 */
export function inlineToPlain(markdown: string, codeSpans?: string[]): string {
  const withoutShortcodes = markdown.includes('{{') ? markdown.replace(SHORTCODE_PATTERN, ' ') : markdown;
  let withoutLinks = withoutShortcodes.includes('<') ? withoutShortcodes.replace(HTML_COMMENT_PATTERN, ' ').replace(AUTOLINK_PATTERN, '$1') : withoutShortcodes;
  if (withoutLinks.includes('[')) {
    withoutLinks = withoutLinks.replace(IMAGE_PATTERN, '$1').replace(LINK_PATTERN, '$1').replace(REFERENCE_LINK_PATTERN, '$1');
  }
  if (!withoutLinks.includes('`')) return cleanProse(withoutLinks).replace(WHITESPACE_PATTERN, ' ').trim();
  // Code spans are cut out first so that tags and emphasis inside them stay literal.
  const pieces: string[] = [];
  let last = 0;
  for (const match of withoutLinks.matchAll(CODE_SPAN_PATTERN)) {
    pieces.push(cleanProse(withoutLinks.slice(last, match.index)));
    const code = (match[2] ?? '').trim();
    codeSpans?.push(code);
    pieces.push(code);
    last = match.index + match[0].length;
  }
  pieces.push(cleanProse(withoutLinks.slice(last)));
  return pieces.join('').replace(WHITESPACE_PATTERN, ' ').trim();
}

function cleanProse(text: string): string {
  const hasEscapes = text.includes('\\');
  let plain = hasEscapes ? text.replace(ESCAPE_PATTERN, (_match, character: string) => String.fromCharCode(ESCAPE_BASE + character.charCodeAt(0))) : text;
  if (plain.includes('<')) plain = plain.replace(HTML_TAG_PATTERN, ' ');
  plain = plain.replace(MARKER_PATTERN, '');
  if (plain.includes('_')) plain = plain.replace(UNDERSCORE_OPEN_PATTERN, '$1').replace(UNDERSCORE_CLOSE_PATTERN, '$1');
  if (plain.includes('&')) plain = plain.replace(ENTITY_PATTERN, decodeEntity);
  return hasEscapes ? plain.replace(HELD_ESCAPE_PATTERN, (held) => String.fromCharCode(held.charCodeAt(0) - ESCAPE_BASE)) : plain;
}
