import { basenameOfTarget, markdownExtensionOf } from './page-target.js';
import type { PageText } from './page-record.js';
import { parseFrontmatter } from './parse-frontmatter.js';
import { scanMarkdown } from './scan-markdown.js';

/**
 * Reads a page's frontmatter and Markdown: the title is the frontmatter
 * `title`, else its navigation label (`linkTitle`, `sidebar_label`), else
 * the first heading (escapes, `{#id}` and shortcodes removed), else the file name (also when the
 * frontmatter is broken, as the issue asks).
 */
export function readPageText(relativePath: string, target: string, text: string): PageText {
  const parsed = parseFrontmatter(text);
  const scanned = scanMarkdown(parsed.body, { isMdx: markdownExtensionOf(relativePath) === '.mdx' });
  const firstHeading = parsed.problem === undefined ? scanned.blocks.find((block) => block.kind === 'heading')?.text : undefined;
  const title = parsed.frontmatter.title ?? parsed.frontmatter.navLabel ?? firstHeading ?? basenameOfTarget(target);
  const page: PageText = { title, aliases: parsed.frontmatter.aliases, keywords: parsed.frontmatter.keywords, body: parsed.body, scanned };
  if (parsed.frontmatter.description !== undefined) page.description = parsed.frontmatter.description;
  if (parsed.problem !== undefined) page.problem = parsed.problem;
  return page;
}
