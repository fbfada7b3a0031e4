import { RACY_WINDOW_MS, type Runtime } from '../../core/index.js';
import type { CategoryFile, DocsFileListing } from './list-docs-files.js';

// A map is not reused while a page's mtime lies within RACY_WINDOW_MS of (or after) the moment it was listed; the site structure's stamps follow the same rule.

/** What a docs map was opened for: the setup and the listing (every page's and category file's size and mtime). */
export interface ListingSnapshot {
  root: string;
  maxPageBytes: number;
  listing: Pick<DocsFileListing, 'dirs' | 'files' | 'categoryFiles'>;
}

/**
 * Whether a listing holds a page whose mtime lies within RACY_WINDOW_MS of
 * the moment it was listed (or after it): such a listing is never
 * remembered as current, so the next call compares again. (Category files
 * are stamped with the site structure, see SiteStamp.)
 */
export function isRacyListing(listing: Pick<DocsFileListing, 'files'>, listedAtMs: number): boolean {
  const limit = listedAtMs - RACY_WINDOW_MS;
  return listing.files.some((file) => file.modifiedMs >= limit);
}

function isSameCategoryFile(left: CategoryFile, right: CategoryFile): boolean {
  return left.path === right.path && left.region === right.region && left.sizeBytes === right.sizeBytes && left.modifiedMs === right.modifiedMs;
}

/**
 * Whether two snapshots are the same setup with the same pages (path, size,
 * mtime) in the same order: the page targets, the index key and the
 * fingerprint are functions of that, so nothing needs recomputing. One pass,
 * no string built.
 */
export function isSameListing(left: ListingSnapshot, right: ListingSnapshot): boolean {
  if (left.root !== right.root || left.maxPageBytes !== right.maxPageBytes) return false;
  const [before, after] = [left.listing, right.listing];
  if (before.dirs.length !== after.dirs.length || before.dirs.some((dir, index) => dir !== after.dirs[index])) return false;
  if (before.files.length !== after.files.length || before.categoryFiles.length !== after.categoryFiles.length) return false;
  for (let index = 0; index < before.files.length; index += 1) {
    const [was, is] = [before.files[index]!, after.files[index]!];
    if (was.path !== is.path || was.sizeBytes !== is.sizeBytes || was.modifiedMs !== is.modifiedMs || was.relativePath !== is.relativePath) return false;
  }
  return before.categoryFiles.every((file, index) => isSameCategoryFile(file, after.categoryFiles[index]!));
}

/** A file or directory as it was when the site structure was read: its size and mtime. */
export interface PathStamp {
  path: string;
  sizeBytes: number;
  modifiedMs: number;
}

/**
 * What the site structure was read from (see readSiteStructure): each site
 * directory (its mtime changes when an entry is added, removed or renamed),
 * the ignore files in it and each config file read. `takenAtMs` is when the
 * reading began.
 */
export interface SiteStamp {
  takenAtMs: number;
  paths: PathStamp[];
}

/**
 * Whether the site structure read with `stamp` is still what it would read
 * now: no stamped mtime within RACY_WINDOW_MS of `takenAtMs`, and one
 * `fs.stat` per stamped path finds the same size and mtime (a few small
 * stats instead of listing the site directories and reading their configs).
 */
export async function isSiteStampCurrent(runtime: Runtime, stamp: SiteStamp): Promise<boolean> {
  const limit = stamp.takenAtMs - RACY_WINDOW_MS;
  if (stamp.paths.some((entry) => entry.modifiedMs >= limit)) return false;
  for (const entry of stamp.paths) {
    const stat = await runtime.execute({ kind: 'fs.stat', path: entry.path });
    if (!stat.ok || stat.value.sizeBytes !== entry.sizeBytes || stat.value.modifiedMs !== entry.modifiedMs) return false;
  }
  return true;
}
