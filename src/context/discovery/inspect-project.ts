import { InvalidInputError, type Runtime } from '../../core/index.js';
import type { Config } from '../../config/index.js';
import type { FileProbe } from './create-file-probe.js';
import { detectPackageManager } from './detect-package-manager.js';
import { readJsonObject, readTextFile } from './read-text-file.js';
import { splitCommandLine } from './split-command-line.js';
import {
  KIND_ORDER,
  commandsFromScripts,
  typescriptCheckArgv,
  type PackageManager,
  type ValidationCommand,
  type ValidationKind,
} from './validation-command.js';

/** Package directories besides the root whose scripts discovery considers (the nearest to the signals). */
export const MAX_NESTED_PACKAGES = 2;

/** What discovery learned about the project before running anything. */
export interface ProjectInfo {
  packageManager: PackageManager | null;
  /** Directories (workspace-relative, `.` the root) whose package.json was read, root first. */
  packageDirectories: string[];
  /** Workspace globs (`packages/*`) from package.json `workspaces` or pnpm-workspace.yaml. */
  workspacePatterns: string[];
  /** The module path of go.mod, when there is one (`example.com/shop`). */
  goModule: string | null;
  /** The commands to run, in order, already capped at `project.maxValidationCommands`. */
  commands: ValidationCommand[];
  /** One line each: manifests that could not be parsed. */
  warnings: string[];
}

/**
 * Steps 1 and 2 of discovery: reads the root package.json and the nearest
 * one to the early signals (`signalFiles`), detects the package manager and
 * workspaces, and lists the validation commands: package.json scripts,
 * `tsc --noEmit` when there is a tsconfig and a local TypeScript but no
 * typecheck script, pytest, `go vet`/`go test`, `cargo check`/`cargo test`.
 * `project.validationCommands` replaces all of them. Every read is an action.
 */
export async function inspectProject(options: {
  runtime: Runtime;
  probe: FileProbe;
  project: Config['project'];
  signalFiles: readonly string[];
}): Promise<ProjectInfo> {
  const { runtime, probe } = options;
  const warnings: string[] = [];
  const rootManifest = await readManifest(runtime, 'package.json', warnings);
  const packageManager = await detectPackageManager({ manifest: rootManifest, probe });
  const info: ProjectInfo = { packageManager, packageDirectories: [], workspacePatterns: [], goModule: null, commands: [], warnings };
  const discovered: ValidationCommand[] = [];
  if (rootManifest !== null && packageManager !== null) {
    info.packageDirectories.push('.');
    info.workspacePatterns = await workspacePatternsOf(runtime, rootManifest);
    discovered.push(...commandsFromScripts({ scripts: scriptsOf(rootManifest), packageManager, cwd: '.' }));
    if (!discovered.some((command) => command.kind === 'typecheck') && (await hasLocalTypescript(runtime, probe))) {
      const argv = typescriptCheckArgv(packageManager);
      discovered.unshift({ name: 'typecheck', kind: 'typecheck', command: argv.join(' '), argv, cwd: '.', source: 'tsconfig.json' });
    }
    for (const directory of await nearestPackageDirectories(probe, options.signalFiles)) {
      const manifest = await readManifest(runtime, `${directory}/package.json`, warnings);
      if (manifest === null) continue;
      info.packageDirectories.push(directory);
      discovered.push(...commandsFromScripts({ scripts: scriptsOf(manifest), packageManager, cwd: directory }));
    }
  }
  discovered.push(...(await otherEcosystemCommands(runtime, probe, info)));
  const configured = options.project.validationCommands;
  const chosen = configured === undefined ? sortByKind(discovered) : configured.flatMap((entry) => configuredCommand(entry, warnings));
  info.commands = chosen.slice(0, options.project.maxValidationCommands);
  return info;
}

async function readManifest(runtime: Runtime, path: string, warnings: string[]): Promise<Record<string, unknown> | null> {
  const { value, error } = await readJsonObject(runtime, path);
  if (error !== undefined) warnings.push(`${error}: its scripts are ignored`);
  return value;
}

function scriptsOf(manifest: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const scripts = manifest.scripts;
  return typeof scripts === 'object' && scripts !== null && !Array.isArray(scripts) ? (scripts as Record<string, unknown>) : {};
}

/** npm, yarn and bun: `workspaces: [...]` or `{ packages: [...] }`; pnpm: `packages:` in pnpm-workspace.yaml. */
async function workspacePatternsOf(runtime: Runtime, manifest: Readonly<Record<string, unknown>>): Promise<string[]> {
  const field = manifest.workspaces;
  const list = Array.isArray(field) ? field : typeof field === 'object' && field !== null ? (field as { packages?: unknown }).packages : undefined;
  const patterns = Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  const pnpm = await readTextFile(runtime, 'pnpm-workspace.yaml');
  if (pnpm !== null) {
    let isInPackages = false;
    for (const line of pnpm.split(/\r?\n/)) {
      if (/^packages:\s*$/.test(line)) isInPackages = true;
      else if (/^\S/.test(line)) isInPackages = false;
      const entry = isInPackages ? /^\s+-\s*['"]?([^'"#]+?)['"]?\s*(?:#.*)?$/.exec(line) : null;
      if (entry && !entry[1]!.startsWith('!')) patterns.push(entry[1]!);
    }
  }
  return patterns;
}

async function hasLocalTypescript(runtime: Runtime, probe: FileProbe): Promise<boolean> {
  if ((await probe.file('tsconfig.json')) === null) return false;
  // node_modules is outside what the probe may read; a stat through the runtime is enough here.
  const observation = await runtime.execute({ kind: 'fs.stat', path: 'node_modules/typescript/package.json' });
  return observation.ok && observation.value.kind === 'file';
}

/** The directories of the package.json files nearest to the signal files, excluding the root. */
async function nearestPackageDirectories(probe: FileProbe, signalFiles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of signalFiles) {
    if (found.length >= MAX_NESTED_PACKAGES) break;
    const segments = file.split('/').slice(0, -1);
    for (let depth = segments.length; depth > 0; depth -= 1) {
      const directory = segments.slice(0, depth).join('/');
      if ((await probe.file(`${directory}/package.json`)) !== null) {
        if (!found.includes(directory)) found.push(directory);
        break;
      }
    }
  }
  return found;
}

async function otherEcosystemCommands(runtime: Runtime, probe: FileProbe, info: ProjectInfo): Promise<ValidationCommand[]> {
  const commands: ValidationCommand[] = [];
  const add = (name: ValidationKind, argv: string[], source: ValidationCommand['source']) =>
    commands.push({ name, kind: name, command: argv.join(' '), argv, cwd: '.', source });
  const pyproject = await readTextFile(runtime, 'pyproject.toml');
  const setupCfg = await readTextFile(runtime, 'setup.cfg');
  const usesPytest =
    (pyproject !== null && /pytest/.test(pyproject)) ||
    (setupCfg !== null && setupCfg.includes('[tool:pytest]')) ||
    (await probe.file('pytest.ini')) !== null ||
    (await probe.file('conftest.py')) !== null;
  if (usesPytest) add('test', ['pytest'], 'pytest');
  const goMod = await readTextFile(runtime, 'go.mod');
  if (goMod !== null) {
    info.goModule = /^module\s+(\S+)/m.exec(goMod)?.[1] ?? null;
    add('typecheck', ['go', 'vet', './...'], 'go.mod');
    add('test', ['go', 'test', './...'], 'go.mod');
  }
  if ((await probe.file('Cargo.toml')) !== null) {
    add('typecheck', ['cargo', 'check'], 'Cargo.toml');
    add('test', ['cargo', 'test'], 'Cargo.toml');
  }
  return commands;
}

function sortByKind(commands: readonly ValidationCommand[]): ValidationCommand[] {
  return commands
    .map((command, index) => ({ command, index }))
    .sort((left, right) => KIND_ORDER.indexOf(left.command.kind) - KIND_ORDER.indexOf(right.command.kind) || left.index - right.index)
    .map(({ command }) => command);
}

/** A `project.validationCommands` entry; shell syntax runs through the platform shell. A malformed one is skipped with a warning. */
function configuredCommand(entry: { name: string; command: string }, warnings: string[]): ValidationCommand[] {
  let words: string[] | null;
  try {
    words = splitCommandLine(entry.command);
  } catch (error) {
    if (!InvalidInputError.isInstance(error)) throw error;
    warnings.push(`project.validationCommands "${entry.name}": ${error.message}; skipped`);
    return [];
  }
  const argv = words ?? (process.platform === 'win32' ? ['cmd.exe', '/d', '/s', '/c', entry.command] : ['sh', '-c', entry.command]);
  const kind = KIND_ORDER.find((candidate) => entry.name.toLowerCase().includes(candidate)) ?? 'custom';
  return [{ name: entry.name, kind, command: entry.command, argv, cwd: '.', source: 'config' }];
}
