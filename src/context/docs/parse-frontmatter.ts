import matter from 'gray-matter';

/** The frontmatter fields the docs map reads. */
export interface PageFrontmatter {
  title?: string;
  /** The short name a site's navigation shows: Hugo `linkTitle`, Docusaurus `sidebar_label`. */
  navLabel?: string;
  description?: string;
  aliases: string[];
  /** Search words the page stands for (`keywords`, as Docusaurus, Starlight, Hugo and MkDocs write them): ranked like aliases, never targets. */
  keywords: string[];
}

/** A page split into its frontmatter and its Markdown body. */
export interface ParsedPage {
  frontmatter: PageFrontmatter;
  body: string;
  /** Why the frontmatter was not used (not valid YAML, an unsupported language), if so. */
  problem?: string;
}

/** Frontmatter languages accepted after the opening `---` (none means YAML). */
const ACCEPTED_LANGUAGES = new Set(['', 'yaml', 'yml', 'json']);
const OPENING = /^\uFEFF?---([^\r\n]*)\r?\n/;
const CLOSING = /\r?\n---[ \t]*(?:\r?\n|$)/;
/** Aliases beyond this many are ignored: a page needs a few, not thousands. */
const MAX_ALIASES = 32;
/** Longer frontmatter strings are cut: a title or a description, not a document. */
const MAX_FIELD_CHARS = 500;

// gray-matter's `---js` engine runs the block through eval(); a repository's
// page must never execute code, so every engine but YAML and JSON refuses.
const REFUSING_ENGINE = {
  parse(): never {
    throw new Error('this frontmatter language is not accepted');
  },
};

/**
 * Splits a page into frontmatter and body with gray-matter (YAML through
 * js-yaml's safe schema, or JSON). Frontmatter in any other language (`---js`
 * would be evaluated by gray-matter) or that is not valid is reported in
 * `problem` and skipped: the body after its closing `---` is still indexed.
 */
export function parseFrontmatter(text: string): ParsedPage {
  const opening = OPENING.exec(text);
  if (opening === null) return { frontmatter: { aliases: [], keywords: [] }, body: text };
  const language = (opening[1] ?? '').trim().toLowerCase();
  if (!ACCEPTED_LANGUAGES.has(language)) {
    return { frontmatter: { aliases: [], keywords: [] }, body: bodyAfterBlock(text, opening[0].length), problem: `frontmatter language "${language}" is not accepted (only YAML or JSON)` };
  }
  let data: unknown;
  let body: string;
  try {
    const parsed = matter(text.replace(/^\uFEFF/, ''), { engines: { javascript: REFUSING_ENGINE, js: REFUSING_ENGINE, coffee: REFUSING_ENGINE } });
    data = parsed.data;
    body = parsed.content;
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    return { frontmatter: { aliases: [], keywords: [] }, body: bodyAfterBlock(text, opening[0].length), problem: `frontmatter is not valid YAML (${reason})` };
  }
  return { frontmatter: readFields(data), body };
}

function bodyAfterBlock(text: string, start: number): string {
  const closing = CLOSING.exec(text.slice(start - 1));
  return closing === null ? '' : text.slice(start - 1 + closing.index + closing[0].length);
}

function readFields(data: unknown): PageFrontmatter {
  const fields: PageFrontmatter = { aliases: [], keywords: [] };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fields;
  const record = data as Record<string, unknown>;
  const title = asText(record.title);
  if (title !== undefined) fields.title = title;
  const navLabel = asText(record.linkTitle) ?? asText(record.sidebar_label);
  if (navLabel !== undefined) fields.navLabel = navLabel;
  const description = asText(record.description);
  if (description !== undefined) fields.description = description;
  fields.aliases.push(...textList(record.aliases));
  // A comma-separated string is a list too (`keywords: proxy, backend`, as HTML's meta keywords).
  fields.keywords.push(...textList(typeof record.keywords === 'string' ? record.keywords.split(',') : record.keywords));
  return fields;
}

/** A string or a list of them, at most MAX_ALIASES. */
function textList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.slice(0, MAX_ALIASES).flatMap((item) => asText(item) ?? []);
}

function asText(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_CHARS);
  return text.length > 0 ? text : undefined;
}

/**
 * Parses a YAML document that is data (a site config such as `mkdocs.yml`)
 * with the same safe engine as frontmatter: js-yaml's safe schema, so tags
 * like `!!python/name` are an error, never run. Returns the reason on failure.
 */
export function parseYamlData(text: string): { ok: true; data: unknown } | { ok: false; problem: string } {
  if (/^---[ \t]*$/m.test(text)) return { ok: false, problem: 'it holds a `---` line (several YAML documents)' };
  try {
    return { ok: true, data: matter(`---\n${text}\n---\n`, { engines: { javascript: REFUSING_ENGINE, js: REFUSING_ENGINE, coffee: REFUSING_ENGINE } }).data };
  } catch (error) {
    return { ok: false, problem: `not valid YAML (${error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error)})` };
  }
}
