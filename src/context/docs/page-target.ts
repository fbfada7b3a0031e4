/** File extensions of documentation pages, lowercase. */
export const MARKDOWN_EXTENSIONS: readonly string[] = ['.md', '.mdx', '.markdown'];

/** File names (without extension, any case) that are the page of their directory. */
const INDEX_NAMES: readonly string[] = ['index', 'readme'];

/** The page extension of a path (lowercase, with the dot), or null when it is not a page. */
export function markdownExtensionOf(relativePath: string): string | null {
  const lower = relativePath.toLowerCase();
  return MARKDOWN_EXTENSIONS.find((extension) => lower.endsWith(extension) && lower.length > extension.length) ?? null;
}

/**
 * Whether a docs-relative path is internal: some directory or file name in
 * it starts with `_` (Docusaurus and VitePress partials, drafts). Internal
 * pages are never read, listed, searched or suggested.
 */
export function isInternalDocsPath(relativePath: string): boolean {
  return relativePath.split('/').some((segment) => segment.startsWith('_'));
}

/** The path without its page extension: `guides/install.md` → `guides/install`. */
export function literalTarget(relativePath: string): string {
  const extension = markdownExtensionOf(relativePath);
  return extension === null ? relativePath : relativePath.slice(0, -extension.length);
}

/**
 * The canonical target of a page: its docs-relative path without extension,
 * and a directory's own page (`x/index.md`, `x/README.md`) named after the
 * directory (`x`). At the top of the docs dir, `index` and `README` stay
 * themselves (there is no directory name to use).
 *
 * @example
 * targetOfPath('guides/install.md'); // 'guides/install'
 * targetOfPath('guides/index.md');   // 'guides'
 */
export function targetOfPath(relativePath: string): string {
  const literal = literalTarget(relativePath);
  const slash = literal.lastIndexOf('/');
  if (slash === -1) return literal;
  return INDEX_NAMES.includes(literal.slice(slash + 1).toLowerCase()) ? literal.slice(0, slash) : literal;
}

/**
 * Which page wins a target two files share: `x/index.md` (0) before
 * `x/README.md` (1) before `x.md` and others (2).
 */
export function targetPriority(relativePath: string): number {
  const literal = literalTarget(relativePath);
  const name = literal.slice(literal.lastIndexOf('/') + 1).toLowerCase();
  if (literal.includes('/') && name === 'index') return 0;
  if (literal.includes('/') && name === 'readme') return 1;
  return 2;
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
