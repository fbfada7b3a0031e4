import type { Config } from '../../config/index.js';
import {
  type ProjectInfo,
  type ValidationKind,
  createFileProbe,
  createPathFilter,
  inspectProject,
  readJsonObject,
  scriptArgv,
} from '../../context/discovery/index.js';
import type { DocsOverview } from '../../context/docs/index.js';
import type { Runtime } from '../../core/index.js';
import type { StarterCommand, StarterFacts, StarterFolder } from './starter-facts.js';

/** Top-level folders the layout lists at most (a huge root is not a layout). */
export const MAX_LAYOUT_FOLDERS = 40;
/** Workspace packages whose package.json is read at most. */
export const MAX_STARTER_PACKAGES = 50;
/** Entries one directory listing may return here. */
const MAX_LISTED_ENTRIES = 2_000;

/** The label of a validation command of each kind (a `custom` one keeps its configured name). */
const KIND_LABELS: Readonly<Record<Exclude<ValidationKind, 'custom'>, string>> = { typecheck: 'Typecheck', test: 'Test', lint: 'Lint', check: 'Check' };

/** What collectStarterFacts needs. */
export interface CollectStarterFactsOptions {
  /** Every read is an action through it: scope, permission rules, safe reads. */
  runtime: Runtime;
  config: Pick<Config, 'context' | 'project'>;
  /** The docs map's overview, or null when the workspace has no docs map. */
  docs: DocsOverview | null;
  /** The docs directories (config `docs.dir`), workspace-relative. */
  docsDirs: readonly string[];
}

/**
 * Gathers what `brass-agent init` writes about a workspace: discovery's
 * project inspection (package manager, validation commands, workspace
 * globs; nothing is run), the root package.json's `build` script, the
 * top-level folders of the root listing (`.gitignore`, skipped directories
 * and `context.excludeGlobs` apply), the workspace packages' names and
 * descriptions, and the docs map's regions. Returns the facts and
 * discovery's warnings (an unparseable manifest). Never throws for an
 * unreadable file: what cannot be read is left out.
 */
export async function collectStarterFacts(options: CollectStarterFactsOptions): Promise<{ facts: StarterFacts; warnings: string[] }> {
  const { runtime, config } = options;
  const filter = createPathFilter({ excludeGlobs: config.context.excludeGlobs });
  const project = await inspectProject({ runtime, probe: createFileProbe(runtime, filter), project: config.project, signalFiles: [] });
  const folders = new Map<string, StarterFolder>();
  const addFolder = (folder: StarterFolder) => {
    if (filter.isAllowed(`${folder.path}/x`)) folders.set(folder.path, { ...folders.get(folder.path), ...folder });
  };
  for (const path of (await listDirectories(runtime, '.')).slice(0, MAX_LAYOUT_FOLDERS)) addFolder({ path });
  for (const folder of await workspacePackages(runtime, project.workspacePatterns)) addFolder(folder);
  const hasDocs = options.docs !== null && (options.docs.regions.length > 0 || options.docs.pages.length > 0);
  if (hasDocs) for (const dir of options.docsDirs) if (normalize(dir) !== '.') addFolder({ path: normalize(dir), isDocs: true });
  const facts: StarterFacts = {
    packageManager: project.packageManager,
    commands: await commandsOf(runtime, project),
    folders: [...folders.values()],
    docs: hasDocs ? { regions: options.docs!.regions.map(({ target, title }) => ({ target, title })) } : null,
  };
  return { facts, warnings: project.warnings };
}

async function commandsOf(runtime: Runtime, project: ProjectInfo): Promise<StarterCommand[]> {
  const commands: StarterCommand[] = [];
  const { packageManager } = project;
  if (packageManager !== null) {
    commands.push({ label: 'Install dependencies', command: `${packageManager} install`, cwd: '.' });
    // Discovery does not look for a build (it validates); the root manifest's own `build` script is the one fact here.
    const { value: manifest } = await readJsonObject(runtime, 'package.json');
    const scripts = manifest?.scripts;
    const build = typeof scripts === 'object' && scripts !== null ? (scripts as Record<string, unknown>).build : undefined;
    if (typeof build === 'string' && build.trim().length > 0) commands.push({ label: 'Build', command: scriptArgv(packageManager, 'build').join(' '), cwd: '.' });
  }
  for (const command of project.commands) {
    commands.push({ label: command.kind === 'custom' ? command.name : KIND_LABELS[command.kind], command: command.command, cwd: command.cwd, isCheck: true });
  }
  return commands;
}

/** The directories directly in `path`, in path order; none when it cannot be listed. */
async function listDirectories(runtime: Runtime, path: string): Promise<string[]> {
  const listing = await runtime.execute({ kind: 'fs.list', path, maxEntries: MAX_LISTED_ENTRIES });
  if (!listing.ok) return [];
  return listing.value.entries
    .filter((entry) => entry.kind === 'directory')
    .map((entry) => entry.path)
    .sort(comparePaths);
}

/**
 * The folders the workspace globs name (`packages/*`: one level listed;
 * `apps/web`: as it is; deeper globs are skipped), each with its
 * package.json `name` and `description` when it has them.
 */
async function workspacePackages(runtime: Runtime, patterns: readonly string[]): Promise<StarterFolder[]> {
  const directories = new Set<string>();
  for (const pattern of patterns) {
    const clean = normalize(pattern);
    if (clean.startsWith('!') || clean.startsWith('/') || clean === '.' || clean.split('/').includes('..')) continue;
    if (!clean.includes('*')) directories.add(clean);
    else if (clean.endsWith('/*') && !clean.slice(0, -2).includes('*')) for (const directory of await listDirectories(runtime, clean.slice(0, -2))) directories.add(directory);
  }
  const packages: StarterFolder[] = [];
  for (const directory of [...directories].sort(comparePaths).slice(0, MAX_STARTER_PACKAGES)) {
    const { value } = await readJsonObject(runtime, `${directory}/package.json`);
    if (value === null) continue;
    packages.push({
      path: directory,
      ...(typeof value.name === 'string' && value.name.trim().length > 0 ? { packageName: value.name } : {}),
      ...(typeof value.description === 'string' && value.description.trim().length > 0 ? { description: value.description } : {}),
    });
  }
  return packages;
}

/** A workspace-relative folder as the layout names it: forward slashes, no `./`, no trailing slash. */
function normalize(path: string): string {
  const clean = path.replaceAll('\\', '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return clean.length === 0 ? '.' : clean;
}

/** Code-point order: the same on every machine and locale. */
function comparePaths(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
