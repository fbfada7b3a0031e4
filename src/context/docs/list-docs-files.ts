import { BrassError, InvalidInputError, type Runtime } from '../../core/index.js';
import { mapWithConcurrency } from '../../core/index.js';
import { isInternalDocsPath, markdownExtensionOf } from './page-target.js';

/** Entries one docs directory listing may return (files and directories together). */
export const MAX_LISTED_ENTRIES = 200_000;
/** Pages indexed at most; more are left out with a warning. */
export const MAX_DOCS_PAGES = 20_000;
/** Concurrent file actions while listing and reading the docs. */
export const DOCS_IO_CONCURRENCY = 16;

/** A page file of the docs and what the cache key needs of it. */
export interface DocsFile {
  /** Workspace-relative path (real path, forward slashes). */
  path: string;
  /** Path relative to its docs directory. */
  relativePath: string;
  sizeBytes: number;
  modifiedMs: number;
}

/** A Docusaurus `_category_.json` (or `.yml`) of a top-level directory: the region's sidebar label. */
export interface CategoryFile {
  /** Workspace-relative path. */
  path: string;
  /** The top-level directory it describes. */
  region: string;
  /** Its size and mtime as listed (absent when the listing could not state it): what tells a kept map it changed. */
  sizeBytes?: number;
  modifiedMs?: number;
}

/** The page files of every docs directory, and what went wrong on the way. */
export interface DocsFileListing {
  /** The docs directories as workspace-relative real paths, in configured order. */
  dirs: string[];
  files: DocsFile[];
  /** Category metadata of the regions, read (not as pages) by readSiteStructure. */
  categoryFiles: CategoryFile[];
  warnings: string[];
}

/** A listed page whose size and mtime the listing did not give. */
interface UnstatedFile {
  path: string;
  relativePath: string;
  sizeBytes?: undefined;
}

function isUnstated(file: DocsFile | UnstatedFile): file is UnstatedFile {
  return file.sizeBytes === undefined;
}

/** `region/_category_.json` (or `.yml`, `.yaml`) right inside a docs directory. */
const CATEGORY_FILE = /^([^/_][^/]*)\/_category_\.(?:json|ya?ml)$/;

/**
 * Lists the Markdown and MDX pages of the docs directories through the
 * runtime (`fs.stat`, `fs.list`), so the workspace scope, the permission
 * rules, `.gitignore` and the skipped directories apply as for any read.
 * Internal paths (a segment starting with `_`, but for Hugo's `_index.md`)
 * are left out without being read; a region's `_category_.json` is noted. A symlinked page is kept only when its target is a file inside the
 * workspace. A file in two configured directories counts once.
 *
 * Throws InvalidInputError (`docs.dir`) for a directory that is missing, not
 * a directory, or outside the workspace.
 */
export async function listDocsFiles(runtime: Runtime, dirs: readonly string[]): Promise<DocsFileListing> {
  const warnings: string[] = [];
  const resolvedDirs: string[] = [];
  // A page the listing stated is a DocsFile already; the others (symlinks, files a rule guards) get an fs.stat below.
  const candidates: (DocsFile | UnstatedFile)[] = [];
  const seen = new Set<string>();
  const categoryFiles: CategoryFile[] = [];
  for (const dir of dirs) {
    const stat = await runtime.execute({ kind: 'fs.stat', path: dir });
    if (!stat.ok) {
      const problem = stat.error.code === 'not-found' ? 'does not exist' : stat.error.message;
      throw new InvalidInputError('docs.dir', `docs directory ${JSON.stringify(dir)} ${problem}`, {
        hint: 'create it, or set docs.dir in .brass-agent.json to the directory that holds your Markdown docs',
      });
    }
    if (stat.value.kind !== 'directory') throw new InvalidInputError('docs.dir', `docs directory ${JSON.stringify(dir)} is not a directory`);
    const root = stat.value.path;
    resolvedDirs.push(root);
    // With stats, a regular file needs no fs.stat of its own (symlinks and files a rule guards still get one).
    const listing = await runtime.execute({ kind: 'fs.list', path: root, recursive: true, maxEntries: MAX_LISTED_ENTRIES, withStats: true });
    if (!listing.ok) throw new BrassError(listing.error.code, `docs directory ${JSON.stringify(dir)} cannot be listed: ${listing.error.message}`);
    if (listing.value.truncated) warnings.push(`${root}: more than ${MAX_LISTED_ENTRIES} entries; only the first are indexed`);
    const prefix = root === '.' ? '' : `${root}/`;
    for (const entry of listing.value.entries) {
      if (entry.kind !== 'file' && entry.kind !== 'symlink') continue;
      if (!entry.path.startsWith(prefix) || seen.has(entry.path)) continue;
      const relativePath = entry.path.slice(prefix.length);
      const category = entry.kind === 'file' ? CATEGORY_FILE.exec(relativePath) : null;
      if (category !== null) {
        const stamp = entry.sizeBytes === undefined || entry.modifiedMs === undefined ? {} : { sizeBytes: entry.sizeBytes, modifiedMs: entry.modifiedMs };
        categoryFiles.push({ path: entry.path, region: category[1]!, ...stamp });
      }
      if (markdownExtensionOf(relativePath) === null || isInternalDocsPath(relativePath)) continue;
      seen.add(entry.path);
      const isStated = entry.kind === 'file' && entry.sizeBytes !== undefined && entry.modifiedMs !== undefined;
      candidates.push(isStated ? { path: entry.path, relativePath, sizeBytes: entry.sizeBytes!, modifiedMs: entry.modifiedMs! } : { path: entry.path, relativePath });
    }
  }
  if (candidates.length > MAX_DOCS_PAGES) {
    warnings.push(`the docs hold ${candidates.length} pages; only the first ${MAX_DOCS_PAGES} are indexed`);
    candidates.length = MAX_DOCS_PAGES;
  }
  const unlisted = candidates.filter(isUnstated);
  if (unlisted.length === 0) return { dirs: resolvedDirs, files: candidates as DocsFile[], categoryFiles, warnings };
  const stats = await mapWithConcurrency(unlisted, DOCS_IO_CONCURRENCY, (candidate) => runtime.execute({ kind: 'fs.stat', path: candidate.path }));
  const statOf = new Map(unlisted.map((candidate, index) => [candidate.path, stats[index]!]));
  const files: DocsFile[] = [];
  candidates.forEach((candidate) => {
    if (!isUnstated(candidate)) {
      files.push(candidate);
      return;
    }
    const stat = statOf.get(candidate.path)!;
    if (!stat.ok) {
      warnings.push(`${candidate.path}: skipped (${stat.error.message})`);
      return;
    }
    if (stat.value.kind !== 'file') return;
    files.push({ path: candidate.path, relativePath: candidate.relativePath, sizeBytes: stat.value.sizeBytes, modifiedMs: stat.value.modifiedMs });
  });
  return { dirs: resolvedDirs, files, categoryFiles, warnings };
}
