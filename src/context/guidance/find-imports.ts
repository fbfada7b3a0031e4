/** An `@` that starts the text or follows whitespace, then the path up to the next whitespace. */
const IMPORT_PATTERN = /(?<=^|\s)@([^\s@`<>]+)/g;

/** Punctuation that ends a sentence or a parenthesis rather than a path: `see @docs/style.md.` */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

/**
 * The `@path` imports of a guidance file (the syntax of CLAUDE.md), in the
 * order they appear, each once. Only Markdown text counts: an `@` inside a
 * code span, a fenced or indented code block or an HTML comment is an
 * example, not an import. A token without a `.` or `/` (`@alice`, `@here`)
 * is a mention, not a file; an email address (`a@b.c`) is not an import
 * because its `@` does not follow whitespace. Whether a path is acceptable
 * (relative, inside the project) is the caller's decision.
 *
 * Text without an `@` or an `&` (a character reference such as `&#64;` is
 * an `@` to Markdown) holds no import and is not parsed: the Markdown
 * parser loads only for text that may (about 190 KB of code at start-up).
 *
 * @example
 * await findImports('See @docs/style.md and `@not-this.md`.'); // ['docs/style.md']
 */
export async function findImports(markdown: string): Promise<string[]> {
  if (!markdown.includes('@') && !markdown.includes('&')) return [];
  const { fromMarkdown } = await import('mdast-util-from-markdown');
  const found = new Set<string>();
  const visit = (node: MarkdownNode): void => {
    if (node.type === 'text' && node.value !== undefined) {
      for (const match of node.value.matchAll(IMPORT_PATTERN)) {
        const token = (match[1] ?? '').replace(TRAILING_PUNCTUATION, '');
        if (/[./]/.test(token)) found.add(token);
      }
    }
    // Code, inline code and HTML nodes carry a value but no children: they are never searched.
    for (const child of node.children ?? []) visit(child);
  };
  visit(fromMarkdown(markdown) as MarkdownNode);
  return [...found];
}
