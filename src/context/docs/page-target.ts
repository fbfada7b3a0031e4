/** File extensions of documentation pages, lowercase. */
export const MARKDOWN_EXTENSIONS: readonly string[] = ['.md', '.mdx', '.markdown'];

/**
 * File names (without extension, any case) that are the page of their
 * directory, the stronger first: `index` (VitePress, Docusaurus, MkDocs,
 * Hugo leaf bundles), Hugo's section page `_index`, then `README`.
 */
const INDEX_NAMES: readonly string[] = ['index', '_index', 'readme'];
/** Hugo's section page: the one `_` name that is no internal page. */
const SECTION_PAGE_NAME = '_index';

/** The page extension of a path (lowercase, with the dot), or null when it is not a page. */
export function markdownExtensionOf(relativePath: string): string | null {
  const lower = relativePath.toLowerCase();
  return MARKDOWN_EXTENSIONS.find((extension) => lower.endsWith(extension) && lower.length > extension.length) ?? null;
}

/**
 * Whether a docs-relative path is internal: some directory or file name in
 * it starts with `_` (Docusaurus and VitePress partials, include fragments,
 * drafts). Hugo's `_index.md` is the section's own page, not internal
 * (its directories still decide). Internal pages are never read, listed,
 * searched or suggested.
 */
export function isInternalDocsPath(relativePath: string): boolean {
  // Most paths have no `_` at the start of a segment: no split (the docs listing asks this of every file).
  if (!relativePath.startsWith('_') && !relativePath.includes('/_')) return false;
  const segments = relativePath.split('/');
  const name = segments.pop()!;
  if (segments.some((segment) => segment.startsWith('_'))) return true;
  return name.startsWith('_') && literalTarget(name).toLowerCase() !== SECTION_PAGE_NAME;
}

/** The path without its page extension: `guides/install.md` → `guides/install`. */
export function literalTarget(relativePath: string): string {
  const extension = markdownExtensionOf(relativePath);
  return extension === null ? relativePath : relativePath.slice(0, -extension.length);
}

/**
 * The canonical target of a page: its docs-relative path without extension,
 * and a directory's own page (`x/index.md`, `x/_index.md`, `x/README.md`)
 * named after the directory (`x`). At the top of the docs dir, `index` and
 * `README` stay themselves (there is no directory name to use) and Hugo's
 * home page `_index.md` is `index`.
 *
 * @example
 * targetOfPath('guides/install.md'); // 'guides/install'
 * targetOfPath('guides/index.md');   // 'guides'
 * targetOfPath('functions/_index.md'); // 'functions'
 */
export function targetOfPath(relativePath: string): string {
  const literal = literalTarget(relativePath);
  const slash = literal.lastIndexOf('/');
  if (slash === -1) return literal.toLowerCase() === SECTION_PAGE_NAME ? 'index' : literal;
  return INDEX_NAMES.includes(literal.slice(slash + 1).toLowerCase()) ? literal.slice(0, slash) : literal;
}

/**
 * Which page wins a target two files share: `x/index.md` (0) before
 * `x/_index.md` (1) before `x/README.md` (2) before `x.md` and others (3);
 * at the top, `index.md` before `_index.md`.
 */
export function targetPriority(relativePath: string): number {
  const literal = literalTarget(relativePath);
  const name = literal.slice(literal.lastIndexOf('/') + 1).toLowerCase();
  const rank = INDEX_NAMES.indexOf(name);
  if (literal.includes('/') && rank !== -1) return rank;
  if (name === SECTION_PAGE_NAME) return INDEX_NAMES.length + 1;
  return INDEX_NAMES.length;
}

/** The last segment of a target: what a bare page name matches. */
export function basenameOfTarget(target: string): string {
  return target.slice(target.lastIndexOf('/') + 1);
}

/** The top-level directory of a docs-relative path, or null for a page at the top. */
export function topDirectoryOf(relativePath: string): string | null {
  const slash = relativePath.indexOf('/');
  return slash === -1 ? null : relativePath.slice(0, slash);
}
