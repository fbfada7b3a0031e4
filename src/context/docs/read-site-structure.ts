import { type Runtime, systemClock } from '../../core/index.js';
import type { PathStamp, SiteStamp } from './docs-map-freshness.js';
import type { CategorySchema as CategorySchemaType } from './category-schema.js';
import type { CategoryFile } from './list-docs-files.js';
import type { parseYamlData as ParseYamlData } from './parse-frontmatter.js';
import { targetOfPath, topDirectoryOf } from './page-target.js';

/** Site config files (`_category_.json`, `mkdocs.yml`, `sidebars.json`) are read up to this many bytes. */
export const MAX_STRUCTURE_FILE_BYTES = 256 * 1024;
/** Labels longer than this are cut: a name, not a paragraph. */
export const MAX_LABEL_CHARS = 200;
/** Nav trees deeper than this are not walked further (a hostile config). */
const MAX_NAV_DEPTH = 16;

/** What the site's own navigation says about a region. */
export interface RegionLabel {
  title?: string;
  description?: string;
  /** Docusaurus `position`: regions with one come first, in its order. */
  position?: number;
}

/** The site's own structure, as far as it is plain data. */
export interface SiteStructure {
  /** Labels by region (top-level directory). */
  regions: Map<string, RegionLabel>;
  warnings: string[];
  /** What it was read from, for a kept map to check cheaply (see isSiteStampCurrent); null when something could not be stamped. */
  stamp: SiteStamp | null;
}

/** Sidebar configs that are code: never run, so the folders decide (said once per run). */
const CODE_CONFIG = /^(?:sidebars\.(?:js|cjs|mjs|ts)|astro\.config\.(?:js|mjs|ts|mts)|\.vitepress\/config\.(?:js|cjs|mjs|ts|mts|cts))$/;
/** Entries one site directory listing may return (it is not recursive). */
const MAX_SITE_DIR_ENTRIES = 10_000;
/** Ignore files the listings honour: an in-place edit of one changes what a listing shows, not its directory's mtime. */
const IGNORE_FILES = new Set(['.gitignore', '.ignore', '.rgignore']);

/** Collects the stamps of what the structure is read from; one path that cannot be stamped voids them all. */
class StampCollector {
  readonly paths: PathStamp[] = [];
  isComplete = true;
  add(path: string, stats: { sizeBytes?: number | undefined; modifiedMs?: number | undefined } | undefined): void {
    if (stats?.sizeBytes === undefined || stats.modifiedMs === undefined) this.isComplete = false;
    else this.paths.push({ path, sizeBytes: stats.sizeBytes, modifiedMs: stats.modifiedMs });
  }
}

/** The names right inside each site directory, and the listed stats of its files by workspace path. */
interface SiteFiles {
  names: Map<string, Set<string>>;
  stats: Map<string, { sizeBytes?: number | undefined; modifiedMs?: number | undefined }>;
}

function join(directory: string, name: string): string {
  if (name === '') return directory;
  return directory === '.' || directory === '' ? name : `${directory}/${name}`;
}

function parentOf(directory: string): string {
  const slash = directory.lastIndexOf('/');
  return slash === -1 ? '.' : directory.slice(0, slash);
}

/**
 * The names of the files right inside each directory (and its `.vitepress`
 * folder), one listing each: a config that is not there costs no read.
 */
async function listSiteFiles(runtime: Runtime, dirs: readonly string[], warnings: string[], stamps: StampCollector): Promise<SiteFiles> {
  const files: SiteFiles = { names: new Map(), stats: new Map() };
  for (const dir of dirs) {
    const names = new Set<string>();
    files.names.set(dir, names);
    for (const sub of ['', '.vitepress']) {
      if (sub !== '' && !names.has(`${sub}/`)) continue;
      const listed = join(dir, sub);
      // Stated before it is listed: an entry added in between makes the stamp stale, never the other way round.
      const stat = await runtime.execute({ kind: 'fs.stat', path: listed });
      stamps.add(listed, stat.ok && stat.value.kind === 'directory' ? stat.value : undefined);
      const listing = await runtime.execute({ kind: 'fs.list', path: listed, maxEntries: MAX_SITE_DIR_ENTRIES, includeHidden: true, withStats: true });
      if (!listing.ok) {
        if (listing.error.code !== 'not-found') warnings.push(`${listed}: not listed (${listing.error.message}); its site config, if any, is not read`);
        continue;
      }
      const prefix = dir === '.' || dir === '' ? '' : `${dir}/`;
      for (const entry of listing.value.entries) {
        if (!entry.path.startsWith(prefix)) continue;
        const name = entry.path.slice(prefix.length);
        if (entry.kind === 'file') {
          names.add(name);
          files.stats.set(entry.path, entry);
          if (IGNORE_FILES.has(name.slice(name.lastIndexOf('/') + 1))) stamps.add(entry.path, entry);
        } else if (entry.kind === 'directory') names.add(`${name}/`);
      }
    }
  }
  return files;
}

/** The `_category_` schema (and zod with it), loaded only for a site that has a category file. */
async function loadCategorySchema(): Promise<typeof CategorySchemaType> {
  return (await import('./category-schema.js')).CategorySchema;
}

/** The YAML parser (gray-matter's js-yaml), loaded only for a site that has a YAML config: most need none. */
async function loadYamlParser(): Promise<typeof ParseYamlData> {
  return (await import('./parse-frontmatter.js')).parseYamlData;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

/** A config file's text, null when there is none; a file too large or unreadable is a warning. */
async function readConfig(runtime: Runtime, path: string, warnings: string[]): Promise<string | null> {
  const read = await runtime.execute({ kind: 'fs.readFile', path, maxBytes: MAX_STRUCTURE_FILE_BYTES });
  if (!read.ok) {
    if (read.error.code !== 'not-found') warnings.push(`${path}: not read (${read.error.message}); the folder structure is used`);
    return null;
  }
  if (read.value.truncated) {
    warnings.push(`${path}: larger than ${MAX_STRUCTURE_FILE_BYTES} bytes, not read; the folder structure is used`);
    return null;
  }
  return read.value.content;
}

/**
 * A nav tree (MkDocs `nav`, a Docusaurus `sidebars.json`) as the labelled
 * groups it holds, each with the docs-relative pages under it. Entries:
 * a page path or doc id; `{ Label: path }`; `{ Label: [entries] }`;
 * Docusaurus `{ type: 'category', label, items }` and `{ type: 'doc', id }`.
 */
function collectGroups(node: unknown, depth: number, groups: { label: string; pages: string[] }[]): string[] {
  if (depth > MAX_NAV_DEPTH) return [];
  if (typeof node === 'string') return /^[a-z][a-z0-9+.-]*:/i.test(node) ? [] : [node.replace(/^\.?\//, '')];
  if (Array.isArray(node)) return node.flatMap((item) => collectGroups(item, depth + 1, groups));
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  if (record.type === 'category' && typeof record.label === 'string') {
    const pages = collectGroups(record.items, depth + 1, groups);
    groups.push({ label: record.label, pages });
    return pages;
  }
  if (record.type === 'doc' && typeof record.id === 'string') return [record.id];
  if (typeof record.type === 'string') return [];
  return Object.entries(record).flatMap(([key, value]) => {
    const pages = collectGroups(value, depth + 1, groups);
    groups.push({ label: key, pages });
    return pages;
  });
}

/** A group whose pages all lie in one top-level directory names that region (the first such group wins). */
function labelRegions(tree: unknown, regions: Map<string, RegionLabel>, known: ReadonlySet<string>): void {
  const groups: { label: string; pages: string[] }[] = [];
  collectGroups(tree, 0, groups);
  // Innermost groups are collected first; the outermost group that fits one region names it.
  for (const group of groups.reverse()) {
    const tops = new Set(group.pages.map((page) => topDirectoryOf(page) ?? targetOfPath(page)));
    if (tops.size !== 1) continue;
    const [region] = tops;
    const title = group.label.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL_CHARS);
    if (region === undefined || !known.has(region) || title.length === 0) continue;
    const entry = regions.get(region) ?? {};
    if (entry.title === undefined) regions.set(region, { ...entry, title });
  }
}

/** The `nav:` block of an mkdocs.yml, alone: the rest may hold `!!python/name` tags the safe parser refuses. */
function navBlockOf(text: string): string | null {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^nav:\s*$/.test(line));
  if (start === -1) return null;
  const end = lines.findIndex((line, index) => index > start && /^[^\s#-]/.test(line));
  return lines.slice(start, end === -1 ? lines.length : end).join('\n');
}

/**
 * Reads the site's own structure where it is plain data, never running
 * repository code: each region's Docusaurus `_category_.json`/`.yml`
 * (`label`, `position`, `description`), the MkDocs `nav` of an `mkdocs.yml`
 * next to (or in) a docs directory, a Docusaurus `sidebars.json`. A sidebar
 * that is JavaScript or TypeScript (`sidebars.js`, `.vitepress/config.ts`,
 * `astro.config.mjs`) is not read, and one warning says so: the folders
 * and section pages decide. Every problem is a warning; nothing throws.
 * Its `stamp` records the size and mtime of each site directory, ignore
 * file and config file it read, so a kept map can tell with a few stats
 * that none changed.
 */
export async function readSiteStructure(
  runtime: Runtime,
  input: { dirs: readonly string[]; categoryFiles: readonly CategoryFile[]; regions: ReadonlySet<string> },
): Promise<SiteStructure> {
  const takenAtMs = systemClock.now();
  const warnings: string[] = [];
  const regions = new Map<string, RegionLabel>();
  const stamps = new StampCollector();

  for (const file of input.categoryFiles) {
    if (regions.has(file.region) || !input.regions.has(file.region)) continue;
    stamps.add(file.path, file);
    const text = await readConfig(runtime, file.path, warnings);
    if (text === null) continue;
    let data: unknown;
    if (file.path.endsWith('.json')) {
      try {
        data = JSON.parse(text);
      } catch (error) {
        warnings.push(`${file.path}: not valid JSON (${describe(error)}); the folder name is used`);
        continue;
      }
    } else {
      const parsed = (await loadYamlParser())(text);
      if (!parsed.ok) {
        warnings.push(`${file.path}: ${parsed.problem}; the folder name is used`);
        continue;
      }
      data = parsed.data;
    }
    const category = (await loadCategorySchema()).safeParse(data);
    if (!category.success) {
      warnings.push(`${file.path}: not a category (${category.error.issues[0]?.message ?? 'unexpected shape'}); the folder name is used`);
      continue;
    }
    const { label: title, position, description, link } = category.data;
    const entry: RegionLabel = {};
    if (title !== undefined && title.length > 0) entry.title = title;
    if (position !== undefined) entry.position = position;
    const summary = description ?? link?.description;
    if (summary !== undefined && summary.length > 0) entry.description = summary;
    regions.set(file.region, entry);
  }

  const siteDirs = [...new Set(input.dirs.flatMap((dir) => [dir, parentOf(dir), '.']))];
  const siteFiles = await listSiteFiles(runtime, siteDirs, warnings, stamps);
  const has = (dir: string, name: string): boolean => siteFiles.names.get(dir)?.has(name) === true;
  for (const dir of input.dirs) {
    for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
      if (!has(parentOf(dir), name)) continue;
      const path = join(parentOf(dir), name);
      stamps.add(path, siteFiles.stats.get(path));
      const text = await readConfig(runtime, path, warnings);
      if (text === null) continue;
      // MkDocs reads the pages of `docs_dir` (default `docs`): a config for another folder says nothing about this one.
      const docsDir = /^docs_dir:\s*['"]?([^'"\s#]+)/m.exec(text)?.[1] ?? 'docs';
      if (docsDir.replace(/\/+$/, '') !== dir.slice(dir.lastIndexOf('/') + 1)) continue;
      const block = navBlockOf(text);
      if (block === null) continue;
      const parsed = (await loadYamlParser())(block);
      if (!parsed.ok) warnings.push(`${path}: its nav is ${parsed.problem}; the folder structure is used`);
      else labelRegions((parsed.data as { nav?: unknown }).nav, regions, input.regions);
    }
  }
  for (const dir of siteDirs) {
    if (!has(dir, 'sidebars.json')) continue;
    const path = join(dir, 'sidebars.json');
    stamps.add(path, siteFiles.stats.get(path));
    const text = await readConfig(runtime, path, warnings);
    if (text === null) continue;
    try {
      const sidebars: unknown = JSON.parse(text);
      // Its top-level keys are sidebar ids (`docs`, `api`), not labels a reader sees.
      labelRegions(typeof sidebars === 'object' && sidebars !== null ? Object.values(sidebars) : sidebars, regions, input.regions);
    } catch (error) {
      warnings.push(`${path}: not valid JSON (${describe(error)}); the folder structure is used`);
    }
  }

  const codeConfigs = siteDirs.flatMap((dir) => [...(siteFiles.names.get(dir) ?? [])].filter((name) => CODE_CONFIG.test(name)).map((name) => join(dir, name)));
  if (codeConfigs.length > 0) {
    warnings.push(`${codeConfigs.join(', ')}: a sidebar config in JavaScript or TypeScript is never run, so it was not read; the regions follow the folders and their section pages`);
  }
  return { regions, warnings, stamp: stamps.isComplete ? { takenAtMs, paths: stamps.paths } : null };
}
