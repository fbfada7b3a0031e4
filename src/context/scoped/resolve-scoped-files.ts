import path from 'node:path';
import picomatch from 'picomatch';
import type { Runtime } from '../../core/index.js';
import { describeReadFailure } from '../../core/context-text/describe-read-failure.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { parseFrontmatter } from '../../core/context-text/parse-frontmatter.js';
import { shareBudget } from '../../core/context-text/share-budget.js';
import { truncateUtf8, utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import { expandPathTemplate, type TemplateValues } from './expand-path-template.js';
import type { ScopedLayer, ScopedLayerName } from './scoped-layer.js';

/** Most files scoped context inlines in total; more are left out with a warning. */
export const MAX_SCOPED_FILES = 32;

/** Most entries one glob's listing looks at. */
export const MAX_GLOB_LIST_ENTRIES = 20_000;

/** One file inlined into the system prompt by a scoped layer. */
export interface ScopedFile {
  /** Workspace-relative real path (symlinks resolved), forward slashes. */
  path: string;
  layer: ScopedLayerName;
  /** Where the entry was declared, e.g. `agents.reviewer.context`. */
  source: string;
  /** The entry as written, template and all. */
  entry: string;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  totalBytes: number;
  truncated: boolean;
  text: string;
}

/**
 * Expands, resolves and reads the paths of the selected layers, in layer
 * order. Every entry must resolve, after symlinks, inside the workspace
 * itself; an escaping, missing or unreadable entry is skipped with a
 * warning. Globs are matched against a gitignore-aware listing; a directory
 * stands for its context file (the first of `fileNames`). Frontmatter is
 * left out of the inlined text. A real file loads once, and not at all when it is in `excludeRealPaths` (absolute real paths
 * already in the prompt, e.g. guidance). The budget is shared fairly.
 */
export async function resolveScopedFiles(options: {
  runtime: Runtime;
  layers: readonly ScopedLayer[];
  values: TemplateValues;
  fileNames: readonly string[];
  maxBytes: number;
  excludeRealPaths: ReadonlySet<string>;
  warnings: string[];
}): Promise<ScopedFile[]> {
  const { runtime, warnings } = options;
  const loaded: (Omit<ScopedFile, 'bytes' | 'truncated' | 'text'> & { content: string; isCutAtRead: boolean })[] = [];
  const seen = new Set<string>();
  for (const layer of options.layers) {
    for (const [index, entry] of layer.paths.entries()) {
      const label = `${layer.source}[${index}] ${JSON.stringify(entry)}`;
      const expansion = expandPathTemplate(entry, options.values);
      if (!expansion.ok) {
        warnings.push(`${label}: skipped: ${expansion.reason}`);
        continue;
      }
      if (escapesLexically(expansion.path)) {
        warnings.push(`${label}: skipped: it leads outside the workspace`);
        continue;
      }
      const requested = expansion.isGlob ? await expandGlob(runtime, expansion.path, label, warnings) : [expansion.path];
      for (const item of requested) {
        const where = expansion.isGlob ? `${label}: ${item}` : label;
        const file = await readCandidate(runtime, item, options.fileNames, options.maxBytes);
        if (!file.ok) {
          warnings.push(`${where}: skipped: ${file.reason}`);
          continue;
        }
        const absolute = path.join(runtime.scope.root, file.path);
        if (seen.has(absolute) || options.excludeRealPaths.has(absolute)) continue;
        if (loaded.length === MAX_SCOPED_FILES) {
          warnings.push(`${where}: skipped: scoped context holds at most ${MAX_SCOPED_FILES} files`);
          continue;
        }
        seen.add(absolute);
        if (file.isLossy) warnings.push(`${file.path}: invalid UTF-8 sequences were replaced by U+FFFD`);
        const body = parseFrontmatter(file.content);
        loaded.push({
          path: file.path,
          layer: layer.layer,
          source: layer.source,
          entry,
          content: neutralizeReminderTags(body.error === undefined ? body.body : file.content),
          totalBytes: file.totalBytes,
          isCutAtRead: file.truncated,
        });
      }
    }
  }

  const allowances = shareBudget(loaded.map((file) => utf8ByteLength(file.content)), options.maxBytes);
  return loaded.map((file, index) => {
    const cut = truncateUtf8(file.content, allowances[index] ?? 0);
    const truncated = cut.truncated || file.isCutAtRead;
    if (truncated) warnings.push(`${file.path}: cut to ${cut.bytes} of ${file.totalBytes} bytes (context.maxScopedBytes ${options.maxBytes} is shared by ${loaded.length} file(s))`);
    return { path: file.path, layer: file.layer, source: file.source, entry: file.entry, bytes: cut.bytes, totalBytes: file.totalBytes, truncated, text: cut.text };
  });
}

/** `../x`, `a/../../x`: outside before any symlink is even looked at. Absolute paths are left to the scope. */
function escapesLexically(requested: string): boolean {
  if (path.posix.isAbsolute(requested)) return false;
  const normalized = path.posix.normalize(requested);
  return normalized === '..' || normalized.startsWith('../');
}

async function expandGlob(runtime: Runtime, glob: string, label: string, warnings: string[]): Promise<string[]> {
  const pattern = path.posix.normalize(glob).replace(/^\.\//, '');
  const base = picomatch.scan(pattern).base || '.';
  const observation = await runtime.execute({ kind: 'fs.list', path: base, recursive: true, maxEntries: MAX_GLOB_LIST_ENTRIES });
  if (!observation.ok) {
    if (observation.error.code !== 'not-found') warnings.push(`${label}: skipped: ${base}: ${describeReadFailure(observation.error)}`);
    else warnings.push(`${label}: matches no file`);
    return [];
  }
  if (observation.value.truncated) warnings.push(`${label}: only the first ${MAX_GLOB_LIST_ENTRIES} entries under ${base} were matched`);
  // Flag `s`: a name may hold a newline, and `*` must match it like any other character.
  const isMatch = picomatch(pattern, { dot: true, flags: 's' });
  const matches = observation.value.entries
    .filter((entry) => (entry.kind === 'file' || entry.kind === 'symlink') && isMatch(entry.path))
    .map((entry) => entry.path)
    .sort();
  if (matches.length === 0) warnings.push(`${label}: matches no file`);
  return matches;
}

type CandidateRead =
  | { ok: true; path: string; content: string; totalBytes: number; truncated: boolean; isLossy: boolean }
  | { ok: false; isMissing: boolean; reason: string };

async function readCandidate(runtime: Runtime, requested: string, fileNames: readonly string[], maxBytes: number): Promise<CandidateRead> {
  const observation = await runtime.execute({ kind: 'fs.readFile', path: requested, maxBytes });
  if (observation.ok) {
    const file = observation.value;
    // In the workspace the runtime answers with a relative path; in a granted extra root with an absolute one.
    if (path.isAbsolute(file.path)) return { ok: false, isMissing: false, reason: 'it resolves outside the workspace' };
    return { ok: true, path: file.path, content: file.content, totalBytes: file.totalBytes, truncated: file.truncated, isLossy: file.encoding === 'utf8-lossy' };
  }
  if (observation.error.code !== 'is-a-directory') return { ok: false, isMissing: observation.error.code === 'not-found', reason: describeReadFailure(observation.error) };
  for (const name of fileNames) {
    const inside = await readCandidate(runtime, path.posix.join(requested, name), [], maxBytes);
    if (inside.ok || !inside.isMissing) return inside;
  }
  return { ok: false, isMissing: false, reason: `it is a directory without ${fileNames.join(' or ')}` };
}
