import matter from 'gray-matter';

/** Frontmatter blocks larger than this are not parsed (a hostile file cannot make YAML parsing slow). */
export const MAX_FRONTMATTER_BYTES = 16 * 1024;

/** The YAML frontmatter of a Markdown file and the text after it. */
export interface ParsedFrontmatter {
  /** The frontmatter mapping; `{}` when there is none or it is invalid. */
  data: Readonly<Record<string, unknown>>;
  /** The text after the frontmatter (the whole text when there is none). */
  body: string;
  /** Why the frontmatter was not usable, one line; absent when it was fine or absent. */
  error?: string;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/m;

/**
 * Splits a Markdown file into its YAML frontmatter and body. Only a block
 * opened by a line that is exactly `---` counts: gray-matter would evaluate
 * a `---js` block as JavaScript, so such a block is never handed to it.
 * YAML is parsed with js-yaml's safe schema (no custom tags, no code).
 * Never throws: bad YAML, a non-mapping or an oversized block is reported in
 * `error` and the file is treated as having no frontmatter.
 *
 * @example
 * parseFrontmatter('---\ndescription: API rules\n---\n# API\n'); // { data: { description: 'API rules' }, body: '# API\n' }
 */
export function parseFrontmatter(text: string): ParsedFrontmatter {
  const opening = OPENING.exec(text);
  if (opening === null) return { data: {}, body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (closing === null) return { data: {}, body: text, error: 'the frontmatter block has no closing --- line' };
  const block = rest.slice(0, closing.index);
  const afterClosing = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  if (block.length > MAX_FRONTMATTER_BYTES) return { data: {}, body: afterClosing, error: `the frontmatter block is larger than ${MAX_FRONTMATTER_BYTES} bytes` };
  let data: unknown;
  try {
    // Options are always passed: without them gray-matter caches every input string.
    data = matter(`---\n${block}\n---\n`, { language: 'yaml' }).data;
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    return { data: {}, body: afterClosing, error: `invalid YAML frontmatter: ${message}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { data: {}, body: afterClosing, error: 'the frontmatter is not a mapping of keys to values' };
  }
  return { data: data as Record<string, unknown>, body: afterClosing };
}
