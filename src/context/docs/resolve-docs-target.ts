import type { DocsCatalog } from './docs-catalog.js';
import { boundedEditDistance } from './edit-distance.js';
import { basenameOfTarget, literalTarget, markdownExtensionOf } from './page-target.js';

/** Targets suggested for a miss. */
export const MAX_SUGGESTIONS = 3;
/** Targets listed for an ambiguous name. */
export const MAX_AMBIGUOUS_CANDIDATES = 10;
/** Longest target accepted, in characters. */
export const MAX_TARGET_CHARS = 1_000;

/** What a target names, or why it names nothing. */
export type DocsTargetResolution =
  | { ok: true; kind: 'region'; region: string }
  | { ok: true; kind: 'page'; page: number }
  | { ok: false; failure: 'invalid'; message: string }
  | { ok: false; failure: 'ambiguous'; candidates: string[] }
  | { ok: false; failure: 'not-found'; suggestions: string[] };

/** Resolves targets against a catalog (see createTargetResolver). */
export interface TargetResolver {
  resolve(target: string): DocsTargetResolution;
}

function addTo(map: Map<string, number[]>, key: string, page: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [page]);
  else if (!list.includes(page)) list.push(page);
}

/**
 * A target's `#anchor` part, which names a heading inside the page (the
 * page part is resolved without it). An empty anchor (`page#`) is none.
 *
 * @example
 * splitAnchor('guides/install#proxy'); // { page: 'guides/install', anchor: 'proxy' }
 */
export function splitAnchor(target: string): { page: string; anchor?: string } {
  const hash = typeof target === 'string' ? target.indexOf('#') : -1;
  if (hash === -1) return { page: target };
  const anchor = target.slice(hash + 1).trim();
  return anchor.length === 0 ? { page: target.slice(0, hash) } : { page: target.slice(0, hash), anchor };
}

/** A target as typed, made comparable: forward slashes, no `./`, no anchor, no trailing slash. */
function normalizeTarget(input: string): { value: string } | { error: string } {
  const trimmed = input.trim();
  if (trimmed.length === 0) return { error: 'is empty' };
  if (trimmed.length > MAX_TARGET_CHARS) return { error: `is longer than ${MAX_TARGET_CHARS} characters` };
  if (trimmed.includes('\0')) return { error: 'contains a NUL byte' };
  const slashed = trimmed.replaceAll('\\', '/');
  if (slashed.startsWith('/') || slashed.startsWith('~') || /^[A-Za-z]:/.test(slashed)) {
    return { error: `${JSON.stringify(input)} is an absolute path; give a target relative to the docs directory, e.g. guides/install` };
  }
  const segments = slashed.replace(/[#?].*$/, '').split('/');
  if (segments.includes('..')) return { error: `${JSON.stringify(input)} contains ..; targets never leave the docs directory` };
  const value = segments.filter((segment) => segment !== '' && segment !== '.').join('/');
  if (value.length === 0) return { error: `${JSON.stringify(input)} names no page` };
  return { value };
}

/**
 * Builds the target lookups of a catalog. A target resolves, in this order,
 * as: a region or canonical page target (any case; an exact-case match wins
 * over a case-insensitive one); a file path relative to the docs dir, with or
 * without its extension (`guides/index.md`, `guides/index`), also prefixed by
 * the docs dir (`docs/guides/install.md`); a frontmatter alias; the last
 * segment of a target when only one page has it. An absolute path or `..` is
 * invalid; several matches are ambiguous; a miss suggests the
 * MAX_SUGGESTIONS closest targets.
 */
export function createTargetResolver(catalog: DocsCatalog, docsDirs: readonly string[]): TargetResolver {
  const byTarget = new Map<string, number[]>();
  const byLiteral = new Map<string, number[]>();
  const byAlias = new Map<string, number[]>();
  const byBasename = new Map<string, number[]>();
  catalog.pages.forEach((meta, page) => {
    addTo(byTarget, meta.target.toLowerCase(), page);
    addTo(byLiteral, literalTarget(meta.relativePath).toLowerCase(), page);
    for (const alias of meta.aliases) {
      // Aliases are often site paths (`/guide/old-name`): the leading slash is not an absolute path here.
      const normalized = normalizeTarget(alias.replace(/^\/+/, ''));
      if ('value' in normalized) addTo(byAlias, literalTarget(normalized.value).toLowerCase(), page);
    }
    addTo(byBasename, basenameOfTarget(meta.target).toLowerCase(), page);
  });
  const regionsByLower = new Map<string, string[]>();
  for (const region of catalog.regions.keys()) {
    const key = region.toLowerCase();
    regionsByLower.set(key, [...(regionsByLower.get(key) ?? []), region]);
  }
  const dirPrefixes = docsDirs.filter((dir) => dir !== '.' && dir !== '').map((dir) => `${dir.toLowerCase()}/`);
  const targetOf = (page: number): string => catalog.pages[page]!.target;

  const pick = (pages: readonly number[], value: string): DocsTargetResolution | null => {
    if (pages.length === 0) return null;
    if (pages.length === 1) return { ok: true, kind: 'page', page: pages[0]! };
    const exactCase = pages.filter((page) => targetOf(page) === value);
    if (exactCase.length === 1) return { ok: true, kind: 'page', page: exactCase[0]! };
    return { ok: false, failure: 'ambiguous', candidates: pages.map(targetOf).sort().slice(0, MAX_AMBIGUOUS_CANDIDATES) };
  };

  const lookup = (value: string): DocsTargetResolution | null => {
    const key = value.toLowerCase();
    const regions = regionsByLower.get(key) ?? [];
    if (regions.length > 0) {
      const exact = regions.find((region) => region === value) ?? (regions.length === 1 ? regions[0] : undefined);
      if (exact !== undefined) return { ok: true, kind: 'region', region: exact };
      return { ok: false, failure: 'ambiguous', candidates: regions };
    }
    const byCanonical = pick(byTarget.get(key) ?? [], value);
    if (byCanonical !== null) return byCanonical;
    const withoutExtension = markdownExtensionOf(key) === null ? key : literalTarget(key);
    const byPath = pick(byLiteral.get(withoutExtension) ?? [], value);
    if (byPath !== null) return byPath;
    const byAliasName = pick(byAlias.get(withoutExtension) ?? [], value);
    if (byAliasName !== null) return byAliasName;
    if (!withoutExtension.includes('/')) return pick(byBasename.get(withoutExtension) ?? [], value);
    return null;
  };

  return {
    resolve(target) {
      const normalized = normalizeTarget(target);
      if ('error' in normalized) return { ok: false, failure: 'invalid', message: normalized.error };
      const direct = lookup(normalized.value);
      if (direct !== null) return direct;
      const lower = normalized.value.toLowerCase();
      const prefix = dirPrefixes.find((candidate) => lower.startsWith(candidate));
      const underDocsDir = prefix === undefined ? null : lookup(normalized.value.slice(prefix.length));
      if (underDocsDir !== null) return underDocsDir;
      return { ok: false, failure: 'not-found', suggestions: closestTargets(catalog, normalized.value) };
    },
  };
}

/** The MAX_SUGGESTIONS targets (regions included) closest to a missed target by edit distance. */
function closestTargets(catalog: DocsCatalog, value: string): string[] {
  const key = literalTarget(value.toLowerCase());
  const limit = Math.max(key.length, 8);
  const scored = [...catalog.regions.keys(), ...catalog.pages.map((meta) => meta.target)].map((target) => {
    const lower = target.toLowerCase();
    const whole = boundedEditDistance(key, lower, limit);
    const base = boundedEditDistance(basenameOfTarget(key), basenameOfTarget(lower), limit) + 0.5;
    const contains = lower.includes(key) ? 0.25 : Infinity;
    return { target, distance: Math.min(whole, base, contains) };
  });
  const seen = new Set<string>();
  return scored
    .sort((left, right) => left.distance - right.distance || left.target.localeCompare(right.target))
    .filter((entry) => !seen.has(entry.target) && seen.add(entry.target))
    .slice(0, MAX_SUGGESTIONS)
    .map((entry) => entry.target);
}
