import type { Runtime } from '../../core/index.js';
import type { FileProbe } from './create-file-probe.js';
import { readJsonObject } from './read-text-file.js';

/** Workspace packages indexed for bare-specifier imports (`@acme/core`). */
export const MAX_WORKSPACE_PACKAGES = 200;

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];
const INDEX_FILES = ['index.ts', 'index.tsx', 'index.js', 'index.jsx', 'index.mjs'];
// TypeScript's NodeNext style: `./a.js` in source means `./a.ts` on disk.
const EMITTED_TO_SOURCE: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** Resolves module specifiers of workspace files to workspace files, with `fs.stat` actions only. */
export interface ImportResolver {
  /** The workspace-relative file `specifier` names when imported from `fromFile`, or null. */
  resolve(specifier: string, fromFile: string): Promise<string | null>;
  /** Directories of the workspace packages (`packages/api`), indexed once. */
  packageDirectories(): Promise<string[]>;
}

/**
 * Creates a resolver that understands relative specifiers (with TypeScript's
 * `.js` → `.ts` mapping, extensionless and `index` forms), tsconfig
 * `baseUrl` and `paths` aliases (`@/x`), workspace packages by name
 * (`@acme/core/util` → `packages/core/src/util.ts`), and Python modules
 * (`app.pricing`, `.pricing`). Packages in node_modules are never followed.
 */
export function createImportResolver(options: { runtime: Runtime; probe: FileProbe; workspacePatterns: readonly string[] }): ImportResolver {
  const { probe } = options;
  const aliasesByConfig = new Map<string, Promise<Alias[]>>();
  const configByDirectory = new Map<string, Promise<string | null>>();
  let packages: Promise<Map<string, string>> | null = null;
  const cache = new Map<string, Promise<string | null>>();

  async function resolveUncached(specifier: string, fromFile: string): Promise<string | null> {
    const directory = dirname(fromFile);
    if (fromFile.endsWith('.py')) return resolvePython(specifier, directory);
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      const base = join(directory, specifier);
      return base === null ? null : firstFile(scriptCandidates(base));
    }
    if (specifier.startsWith('/') || specifier.startsWith('node:') || /^[a-z][\w+.-]*:/i.test(specifier)) return null;
    for (const alias of await aliasesFor(directory)) {
      const rest = alias.match(specifier);
      if (rest === null) continue;
      for (const target of alias.targets) {
        const base = join('.', target.replace('*', rest));
        const found = base === null ? null : await firstFile(scriptCandidates(base));
        if (found !== null) return found;
      }
    }
    packages ??= indexWorkspacePackages(options.runtime, probe, options.workspacePatterns);
    const byName = await packages;
    const name = [...byName.keys()].filter((candidate) => specifier === candidate || specifier.startsWith(`${candidate}/`)).sort((a, b) => b.length - a.length)[0];
    if (name === undefined) return null;
    const packageDirectory = byName.get(name)!;
    const subpath = specifier.slice(name.length + 1);
    const bases = subpath.length === 0 ? [`${packageDirectory}/src/index`, `${packageDirectory}/index`, `${packageDirectory}/lib/index`] : [`${packageDirectory}/src/${subpath}`, `${packageDirectory}/${subpath}`];
    for (const base of bases) {
      const found = await firstFile(scriptCandidates(base));
      if (found !== null) return found;
    }
    return null;
  }

  /** The aliases of the tsconfig.json nearest to `directory` (its own, or through `extends`). */
  async function aliasesFor(directory: string): Promise<Alias[]> {
    const config = await nearestConfig(directory);
    if (config === null) return [];
    let aliases = aliasesByConfig.get(config);
    if (aliases === undefined) {
      aliases = readAliases(options.runtime, config);
      aliasesByConfig.set(config, aliases);
    }
    return aliases;
  }

  function nearestConfig(directory: string): Promise<string | null> {
    let pending = configByDirectory.get(directory);
    if (pending === undefined) {
      pending = (async () => {
        const here = await probe.file(directory === '.' ? 'tsconfig.json' : `${directory}/tsconfig.json`);
        if (here !== null) return here;
        return directory === '.' ? null : nearestConfig(dirname(directory));
      })();
      configByDirectory.set(directory, pending);
    }
    return pending;
  }

  async function resolvePython(specifier: string, directory: string): Promise<string | null> {
    const dots = /^\.*/.exec(specifier)![0].length;
    const modulePath = specifier.slice(dots).split('.').filter(Boolean).join('/');
    let base: string | null = '.';
    if (dots > 0) {
      base = directory;
      for (let level = 1; level < dots && base !== null; level += 1) base = join(base, '..');
    }
    const roots = dots > 0 ? [base] : ['.', 'src'];
    for (const root of roots) {
      if (root === null) continue;
      const target = modulePath.length === 0 ? root : join(root, modulePath);
      if (target === null) continue;
      const found = await firstFile([`${target}.py`, `${target}/__init__.py`]);
      if (found !== null) return found;
    }
    return null;
  }

  async function firstFile(candidates: readonly string[]): Promise<string | null> {
    for (const candidate of candidates) {
      const found = await probe.file(candidate);
      if (found !== null) return found;
    }
    return null;
  }

  return {
    async packageDirectories() {
      packages ??= indexWorkspacePackages(options.runtime, probe, options.workspacePatterns);
      return [...new Set((await packages).values())];
    },
    resolve(specifier, fromFile) {
      const key = `${fromFile}\u0000${specifier}`;
      let pending = cache.get(key);
      if (pending === undefined) {
        pending = resolveUncached(specifier, fromFile);
        cache.set(key, pending);
      }
      return pending;
    },
  };
}

/** Files a specifier may mean, most likely first. */
export function scriptCandidates(base: string): string[] {
  const extension = /\.[cm]?[jt]sx?$/.exec(base)?.[0];
  if (extension !== undefined) {
    const stem = base.slice(0, -extension.length);
    return [...(EMITTED_TO_SOURCE[extension] ?? []).map((replacement) => `${stem}${replacement}`), base];
  }
  return [...SCRIPT_EXTENSIONS.map((candidate) => `${base}${candidate}`), base, ...INDEX_FILES.map((index) => `${base}/${index}`)];
}

interface Alias {
  match(specifier: string): string | null;
  targets: string[];
}

/** tsconfig `extends` hops followed to find `paths` and `baseUrl`. */
const MAX_EXTENDS_DEPTH = 3;

/**
 * `compilerOptions.paths` (relative to `baseUrl`, else to the config that
 * declares them) and a bare `baseUrl`, from `configPath` or the configs it
 * extends by relative path.
 */
async function readAliases(runtime: Runtime, configPath: string): Promise<Alias[]> {
  let current: string | null = configPath;
  let baseUrl: string | null = null;
  let paths: { entries: Record<string, unknown>; base: string } | null = null;
  for (let depth = 0; current !== null && depth <= MAX_EXTENDS_DEPTH; depth += 1) {
    const { value } = await readJsonObject(runtime, current);
    const configDirectory = dirname(current);
    const compilerOptions = (value?.compilerOptions ?? {}) as { baseUrl?: unknown; paths?: unknown };
    if (baseUrl === null && typeof compilerOptions.baseUrl === 'string') baseUrl = join(configDirectory, compilerOptions.baseUrl);
    if (paths === null && typeof compilerOptions.paths === 'object' && compilerOptions.paths !== null) paths = { entries: compilerOptions.paths as Record<string, unknown>, base: configDirectory };
    const parent = value?.extends;
    current = typeof parent === 'string' && parent.startsWith('.') ? join(configDirectory, parent.endsWith('.json') ? parent : `${parent}.json`) : null;
  }
  const aliases: Alias[] = [];
  if (paths !== null) {
    const base = baseUrl ?? paths.base;
    for (const [pattern, targets] of Object.entries(paths.entries)) {
      if (!Array.isArray(targets)) continue;
      const star = pattern.indexOf('*');
      const prefix = star < 0 ? pattern : pattern.slice(0, star);
      const suffix = star < 0 ? '' : pattern.slice(star + 1);
      aliases.push({
        match: (specifier) => {
          if (star < 0) return specifier === pattern ? '' : null;
          return specifier.startsWith(prefix) && specifier.endsWith(suffix) && specifier.length >= prefix.length + suffix.length ? specifier.slice(prefix.length, specifier.length - suffix.length) : null;
        },
        targets: targets.filter((target): target is string => typeof target === 'string').map((target) => `${base}/${target}`),
      });
    }
  }
  if (baseUrl !== null) aliases.push({ match: (specifier) => specifier, targets: [`${baseUrl}/*`] });
  return aliases;
}

/** Name → directory of each workspace package (`packages/*` patterns: one directory level is listed). */
async function indexWorkspacePackages(runtime: Runtime, probe: FileProbe, patterns: readonly string[]): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  const directories: string[] = [];
  for (const pattern of patterns) {
    const clean = pattern.replace(/^\.\//, '').replace(/\/+$/, '');
    if (!clean.includes('*')) {
      directories.push(clean);
      continue;
    }
    const parent = clean.slice(0, clean.indexOf('*')).replace(/\/$/, '');
    if (parent.includes('*')) continue;
    const listing = await runtime.execute({ kind: 'fs.list', path: parent.length === 0 ? '.' : parent, maxEntries: MAX_WORKSPACE_PACKAGES });
    if (!listing.ok) continue;
    for (const entry of listing.value.entries) if (entry.kind === 'directory') directories.push(entry.path);
  }
  for (const directory of directories.slice(0, MAX_WORKSPACE_PACKAGES)) {
    if ((await probe.file(`${directory}/package.json`)) === null) continue;
    const { value } = await readJsonObject(runtime, `${directory}/package.json`);
    if (typeof value?.name === 'string') byName.set(value.name, directory);
  }
  return byName;
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '.' : path.slice(0, slash);
}

/** Joins workspace-relative paths lexically; null when the result climbs above the root. */
export function join(base: string, relative: string): string | null {
  const segments: string[] = [];
  for (const segment of `${base}/${relative}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.length === 0 ? '.' : segments.join('/');
}
