import path from 'node:path';
import type { ListEntry, Runtime } from '../../core/index.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import type { ContextFileEntry } from './context-file-entry.js';
import { extractLabel } from './extract-label.js';
import { MAX_READ_FILES_PATHS, mapWithConcurrency } from '../../core/index.js';

/** Most directory entries the discovery walk reads; past it the walk stops and says so. */
export const MAX_DISCOVERY_WALK_ENTRIES = 250_000;

/** Bytes read from each context file to find its label (frontmatter and first heading come first). */
export const LABEL_READ_BYTES = 4 * 1024;

/** Batches of label reads (MAX_READ_FILES_PATHS files each) in flight at the same time. */
const LABEL_READ_CONCURRENCY = 2;

/** Paths named in one aggregated warning before "and N more". */
const NAMED_IN_WARNING = 3;

export interface DiscoverContextFilesOptions {
  runtime: Runtime;
  /** `guidance.fileNames`: in each directory the first that exists is the context file. */
  fileNames: readonly string[];
  /** `contextDiscovery.maxFiles`: the shallowest are kept. */
  maxFiles: number;
  /** `contextDiscovery.maxDepth`: deepest directory level searched. */
  maxDepth: number;
  signal?: AbortSignal;
}

/**
 * The discovery walk: one gitignore-aware listing of the workspace by name
 * (the runtime's `fs.list` with `names`, which skips `search.skipDirs` such
 * as node_modules, .git and build output, and hidden entries, and looks at
 * no other file beyond its name) finds the context files strictly below
 * the root. Regular files only: a symlink must resolve to a
 * regular file inside the workspace, anything else (FIFO, socket, device,
 * a link out) is skipped with a warning. Files deeper than `maxDepth` and
 * past the `maxFiles` shallowest are skipped with one warning each kind.
 * The same real file is kept once. Labels come from the first
 * LABEL_READ_BYTES of each file.
 */
export async function discoverContextFiles(options: DiscoverContextFilesOptions): Promise<{ files: ContextFileEntry[]; warnings: string[]; walkedEntries: number }> {
  const { runtime } = options;
  const warnings: string[] = [];
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const listing = await runtime.execute(
    { kind: 'fs.list', path: '.', recursive: true, names: options.fileNames, maxEntries: MAX_DISCOVERY_WALK_ENTRIES, maxWalkedEntries: MAX_DISCOVERY_WALK_ENTRIES },
    signal,
  );
  if (!listing.ok) return { files: [], warnings: [`nested context files: the workspace could not be listed: ${listing.error.message}`], walkedEntries: 0 };
  const { entries, truncated } = listing.value;
  const walkedEntries = listing.value.walkedEntries ?? entries.length;
  if (truncated) warnings.push(`nested context files: the walk stopped after ${MAX_DISCOVERY_WALK_ENTRIES} entries; files further on were not found`);

  const tooDeep: string[] = [];
  const byDirectory = new Map<string, { entry: ListEntry; rank: number }>();
  for (const entry of entries) {
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    const rank = options.fileNames.indexOf(name);
    if (rank === -1 || !entry.path.includes('/')) continue;
    const dir = entry.path.slice(0, entry.path.lastIndexOf('/'));
    if (dir.split('/').length > options.maxDepth) {
      tooDeep.push(entry.path);
      continue;
    }
    const known = byDirectory.get(dir);
    if (known === undefined || rank < known.rank) byDirectory.set(dir, { entry, rank });
  }
  if (tooDeep.length > 0) warnings.push(`${describeList(tooDeep)}: skipped: deeper than contextDiscovery.maxDepth (${options.maxDepth})`);

  const candidates = [...byDirectory.entries()]
    .map(([dir, { entry }]) => ({ dir, entry, depth: dir.split('/').length }))
    .sort((left, right) => left.depth - right.depth || (left.entry.path < right.entry.path ? -1 : left.entry.path > right.entry.path ? 1 : 0));

  const accepted: { path: string; dir: string; realPath: string; depth: number }[] = [];
  const overCap: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (accepted.length === options.maxFiles) {
      overCap.push(candidate.entry.path);
      continue;
    }
    const realPath = await checkRegularFile(runtime, candidate.entry, warnings);
    if (realPath === null || seen.has(realPath)) continue;
    seen.add(realPath);
    accepted.push({ path: candidate.entry.path, dir: candidate.dir, realPath, depth: candidate.depth });
  }
  if (overCap.length > 0) {
    warnings.push(`${describeList(overCap)}: skipped: more than contextDiscovery.maxFiles (${options.maxFiles}) nested context files; the shallowest are kept`);
  }

  const labelled = await readLabels(runtime, accepted, signal);
  // Warnings are collected in input order so the output does not depend on which read finished first.
  for (const result of labelled) if (result.warning !== undefined) warnings.push(result.warning);
  return { files: labelled.flatMap((result) => (result.file === null ? [] : [result.file])), warnings, walkedEntries };
}

/**
 * Each accepted file's label, from its first LABEL_READ_BYTES: read as
 * batches of `fs.readFiles` (each path still decided and checked as its own
 * read), in input order. A file whose real path is not the one checked
 * while listing changed in between and is skipped.
 */
async function readLabels(
  runtime: Runtime,
  accepted: readonly { path: string; dir: string; realPath: string; depth: number }[],
  signal: { signal?: AbortSignal },
): Promise<{ file: ContextFileEntry | null; warning?: string }[]> {
  const batches: (typeof accepted)[] = [];
  for (let start = 0; start < accepted.length; start += MAX_READ_FILES_PATHS) batches.push(accepted.slice(start, start + MAX_READ_FILES_PATHS));
  const decoder = new TextDecoder();
  const read = await mapWithConcurrency(batches, LABEL_READ_CONCURRENCY, async (batch) => {
    const observation = await runtime.execute({ kind: 'fs.readFiles', paths: batch.map((file) => file.path), maxBytes: LABEL_READ_BYTES }, signal);
    return batch.map((file, position): { file: ContextFileEntry | null; warning?: string } => {
      if (!observation.ok) return { file: null, warning: `${file.path}: skipped: ${describeReadFailure(observation.error)}` };
      const entry = observation.value.files[position]!;
      if (!entry.ok) return { file: null, warning: `${file.path}: skipped: ${describeReadFailure(entry.error)}` };
      if (entry.path !== file.realPath) return { file: null, warning: `${file.path}: skipped: it changed during discovery` };
      const label = extractLabel(decoder.decode(observation.value.data.subarray(entry.start, entry.end)));
      const labelled = { ...file, label: label.label };
      return label.warning === undefined ? { file: labelled } : { file: labelled, warning: `${file.path}: ${label.warning}; label taken from its first heading` };
    });
  });
  return read.flat();
}

/** The workspace-relative real path of a listed context file, or null (with a warning) when it is not a regular file inside. */
async function checkRegularFile(runtime: Runtime, entry: ListEntry, warnings: string[]): Promise<string | null> {
  if (entry.kind === 'file') return entry.path;
  if (entry.kind !== 'symlink') {
    warnings.push(`${entry.path}: skipped: it is not a regular file (${entry.kind})`);
    return null;
  }
  const observation = await runtime.execute({ kind: 'fs.stat', path: entry.path });
  if (!observation.ok) {
    warnings.push(`${entry.path}: skipped: ${describeReadFailure(observation.error)}`);
    return null;
  }
  const target = observation.value;
  if (path.isAbsolute(target.path)) {
    warnings.push(`${entry.path}: skipped: it resolves outside the workspace (a symlink pointing elsewhere)`);
    return null;
  }
  if (target.kind !== 'file') {
    warnings.push(`${entry.path}: skipped: it is a symlink to a ${target.kind}, not to a regular file`);
    return null;
  }
  return target.path;
}

function describeList(paths: readonly string[]): string {
  const named = paths.slice(0, NAMED_IN_WARNING).join(', ');
  return paths.length > NAMED_IN_WARNING ? `${paths.length} files (${named}, and ${paths.length - NAMED_IN_WARNING} more)` : named;
}
