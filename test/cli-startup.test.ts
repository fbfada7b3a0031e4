import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Start-up cost of the CLI, checked by what it loads and starts (not by
// timing): the command definitions are loaded eagerly, each implementation
// only when its command runs; commands that run no shell command line do not
// load the Bash grammar, and commands that search nothing start no process
// (no `rg --version`). The CLI is a bundle (scripts/bundle-cli.ts): a resolve
// hook in the child reports every file it loads, and the source map of each
// bundle file says which modules of src/ and node_modules that file holds.
// A second hook reports every process the child starts.

const RESOLVED_PREFIX = 'resolved-module ';
const SPAWNED_PREFIX = 'spawned-process ';
const BUILTINS_PREFIX = 'loaded-builtins ';
const ROOT = path.resolve(path.dirname(CLI_PATH), '..', '..');

async function writeHooks(workspace: TempWorkspace): Promise<string> {
  const hook = workspace.write(
    'hook.mjs',
    `export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  process.stderr.write(${JSON.stringify(RESOLVED_PREFIX)} + result.url + '\\n');
  return result;
}
`,
  );
  // Every way of starting a process (spawn, execFile, exec, fork) goes through ChildProcess.prototype.spawn.
  return workspace.write(
    'register.mjs',
    `import { register } from 'node:module';
import { ChildProcess } from 'node:child_process';
register(${JSON.stringify(pathToFileURL(hook).href)});
// The bundle requires Node's built-ins (scripts/bundle-cli.ts), which no resolve hook sees: Node's own list says what loaded.
process.on('exit', () => process.stderr.write(${JSON.stringify(BUILTINS_PREFIX)} + JSON.stringify(process.moduleLoadList) + '\\n'));
const spawn = ChildProcess.prototype.spawn;
ChildProcess.prototype.spawn = function (options) {
  process.stderr.write(${JSON.stringify(SPAWNED_PREFIX)} + JSON.stringify(options.args) + '\\n');
  return spawn.call(this, options);
};
`,
  );
}

/** A file's name as the tests speak of it: `src/...` in this repository, `node_modules/<package>/...` in a dependency. */
function moduleName(file: string): string {
  const inNodeModules = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return inNodeModules >= 0 ? file.slice(inNodeModules + 1).split(path.sep).join('/') : path.relative(ROOT, file).split(path.sep).join('/');
}

/** The modules a bundle file holds, from its source map (the bundle file itself when it has none). */
function modulesIn(bundleFile: string): string[] {
  const mapFile = `${bundleFile}.map`;
  if (!fs.existsSync(mapFile)) return [moduleName(bundleFile)];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  // A required built-in (see requiredBuiltins in scripts/bundle-cli.ts) is no module of ours: StartupTrace.builtins has it.
  const sources = map.sources.filter((source) => !source.startsWith('required-builtin:'));
  return sources.map((source) => moduleName(path.resolve(path.dirname(mapFile), source)));
}

interface StartupTrace {
  code: number;
  /** Modules loaded: those of src/ and bundled dependencies by their source path, other dependencies by their file. */
  modules: string[];
  /** The argv of each process started, without the program's own name. */
  processes: string[][];
  /** Node's public built-in modules loaded, imported or required (`node:crypto`, ...). */
  builtins: string[];
}

/** Public built-ins in a list of Node's loaded modules (`process.moduleLoadList`, one `NativeModule name` per module). */
function publicBuiltinsIn(stderr: string): string[] {
  const loadList = stderr.split('\n').find((line) => line.startsWith(BUILTINS_PREFIX));
  if (loadList === undefined) throw new Error(`the child did not report its built-in modules: ${stderr.slice(0, 500)}`);
  return (JSON.parse(loadList.slice(BUILTINS_PREFIX.length)) as string[])
    .filter((entry) => entry.startsWith('NativeModule ') && !entry.startsWith('NativeModule internal/'))
    .map((entry) => `node:${entry.slice('NativeModule '.length)}`);
}

let harnessBuiltinsLoaded: Promise<Set<string>> | undefined;

/** The built-ins the hooks themselves load (the hooks thread needs node:worker_threads): no command's doing. The same hooks in every test: found once. */
function harnessBuiltins(registerPath: string): Promise<Set<string>> {
  harnessBuiltinsLoaded ??= promisify(execFile)(process.execPath, ['--import', pathToFileURL(registerPath).href, '--input-type=module', '-e', '']).then(({ stderr }) => new Set(publicBuiltinsIn(stderr)));
  return harnessBuiltinsLoaded;
}

/** Runs the built CLI with the hooks and returns its exit code, the modules it loaded and the processes it started. */
async function traceStartup(registerPath: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<StartupTrace> {
  const run = promisify(execFile);
  const ofHarness = await harnessBuiltins(registerPath);
  let code = 0;
  let stderr: string;
  try {
    ({ stderr } = await run(process.execPath, ['--import', pathToFileURL(registerPath).href, CLI_PATH, ...args], { cwd, env: { ...process.env, XDG_CONFIG_HOME: path.join(cwd, '.xdg'), ...env } }));
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    code = failed.code ?? -1;
    stderr = failed.stderr ?? '';
  }
  const lines = stderr.split('\n');
  const files = new Set(lines.filter((line) => line.startsWith(RESOLVED_PREFIX) && line.includes('file:')).map((line) => new URL(line.slice(RESOLVED_PREFIX.length)).pathname));
  const modules = [...new Set([...files].flatMap((file) => modulesIn(file)))];
  const processes = lines.filter((line) => line.startsWith(SPAWNED_PREFIX)).map((line) => (JSON.parse(line.slice(SPAWNED_PREFIX.length)) as string[]).slice(1));
  // node:fs is Node's own at start-up too: a command's use of it shows as the import the resolve hook saw.
  const imported = lines.filter((line) => line.startsWith(`${RESOLVED_PREFIX}node:`)).map((line) => line.slice(RESOLVED_PREFIX.length));
  const builtins = [...new Set([...imported, ...publicBuiltinsIn(stderr).filter((name) => !ofHarness.has(name))])];
  return { code, modules, processes, builtins };
}

/** What start-up may load: commander, the CLI frame and the command definitions, and the error class exit codes are mapped from. */
function isStartupModule(module: string): boolean {
  if (module.startsWith('node_modules/')) return module.startsWith('node_modules/commander/');
  if (module === 'src/core/errors/brass-error.ts') return true;
  return /^src\/cli\/(?:commands\/[a-z-]+-command|[a-z-]+)\.ts$/.test(module) && module !== 'src/cli/report-error.ts';
}

const isBashGrammar = (module: string) => module.startsWith('node_modules/web-tree-sitter/');

describe('brass-agent start-up', () => {
  it.each([[['--version']], [['--help']], [['run', '--help']], [['docs', 'guidance', '--help']], [['read']], [['frobnicate']]])(
    '%j loads only commander and the command definitions, and starts no process',
    async (args) => {
      await using workspace = await createTempWorkspace();
      const { code, modules, processes } = await traceStartup(await writeHooks(workspace), args, workspace.root);
      expect(code).toBe(args[0] === 'read' || args[0] === 'frobnicate' ? 2 : 0);
      expect(modules).toContain('src/cli/commands/run-command.ts');
      expect(modules).toContain('node_modules/commander/index.js');
      expect(modules.filter((module) => !isStartupModule(module))).toEqual([]);
      expect(processes).toEqual([]);
    },
  );

  it('loads a command implementation when the command runs (the hook sees lazy imports)', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'hello\n' } });
    const { code, modules } = await traceStartup(await writeHooks(workspace), ['read', 'a.txt'], workspace.root);
    expect(code).toBe(0);
    expect(modules).toContain('src/cli/commands/read-action.ts');
    expect(modules).toContain('src/adapters/node-workspace/open-workspace.ts');
    expect(modules).not.toContain('src/cli/commands/run-action.ts');
  });

  // Issue 21: the grammar (a WebAssembly runtime and module) and the ripgrep probe were paid by every command.
  it.each([
    ['read', ['read', 'a.txt', '--json']],
    ['context', ['context', '--json']],
    ['docs --search', ['docs', '--search', 'install', '--json']],
    ['policy check --read', ['policy', 'check', '--read', 'a.txt', '--json']],
  ])('%s loads no Bash grammar and starts no process (no rg --version)', async (_name, args) => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'hello\n', 'AGENTS.md': '# Conventions\n', 'docs/install.md': '# Install\n\nRun the installer.\n' } });
    const { code, modules, processes } = await traceStartup(await writeHooks(workspace), args, workspace.root);
    expect(code).toBe(0);
    expect(modules.filter(isBashGrammar)).toEqual([]);
    expect(processes).toEqual([]);
  });

  // Issue 20, item 4: a search served from the index cache parses no page, so it loads neither the page reader nor the YAML parser.
  it('docs --search loads the page reader and gray-matter when it builds the index, and neither (nor zod) when the cache serves it', async () => {
    await using workspace = await createTempWorkspace({ files: { 'docs/guides/install.md': '---\ntitle: Install\n---\n# Install\n\nRun the installer.\n', 'docs/guides/proxy.md': '# Proxy\n\nForward requests.\n' } });
    await using cache = await createTempWorkspace();
    const past = new Date(Date.now() - 60_000);
    for (const file of ['docs/guides/install.md', 'docs/guides/proxy.md']) fs.utimesSync(workspace.path(file), past, past);
    const hooks = await writeHooks(workspace);
    const pageReader = (modules: readonly string[]) =>
      modules.filter((module) => module.startsWith('node_modules/gray-matter/') || module.startsWith('node_modules/js-yaml/') || module === 'src/context/docs/read-page-text.ts');
    const cold = await traceStartup(hooks, ['docs', '--search', 'installer', '--json'], workspace.root, { XDG_CACHE_HOME: cache.root });
    expect(cold.code).toBe(0);
    expect(pageReader(cold.modules)).toContain('src/context/docs/read-page-text.ts');
    expect(pageReader(cold.modules).some((module) => module.startsWith('node_modules/gray-matter/'))).toBe(true);
    const warm = await traceStartup(hooks, ['docs', '--search', 'installer', '--json'], workspace.root, { XDG_CACHE_HOME: cache.root });
    expect(warm.code).toBe(0);
    expect(warm.modules).toContain('src/context/docs/search-docs-index.ts');
    expect(pageReader(warm.modules)).toEqual([]);
    // Nor zod: without a config file the defaults need no schema, and a site without _category_ files needs no category schema.
    expect(warm.modules.filter((module) => module.startsWith('node_modules/zod/') || module === 'src/context/docs/category-schema.ts')).toEqual([]);
    // Nor the shell path extraction (no command runs), nor the crypto module (the cache key needs no digest).
    expect(warm.modules).not.toContain('src/core/path-scope/extract-command-paths.ts');
    expect(warm.modules).not.toContain('src/core/path-scope/walk-statement.ts');
    expect(warm.builtins).toContain('node:os');
    expect(warm.builtins).not.toContain('node:crypto');
  });

  // Issue 21: each of these costs a command that does not use it 1-5 ms of CPU to load.
  it.each([
    ['read', ['read', 'a.txt', '--json']],
    ['context', ['context', '--json']],
    ['policy check --command', ['policy', 'check', '--command', 'ls', '--json']],
  ])('%s loads neither node:crypto, node:worker_threads, node:v8 nor @vscode/ripgrep (they load on first use)', async (_name, args) => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'hello\n', 'AGENTS.md': '# Conventions\n' } });
    const { code, builtins, modules } = await traceStartup(await writeHooks(workspace), args, workspace.root);
    expect(code).toBe(0);
    // The workspace probe asks for the home directory: proof the list sees what the CLI requires.
    expect(builtins).toContain('node:os');
    expect(builtins.filter((name) => ['node:crypto', 'node:worker_threads', 'node:v8'].includes(name))).toEqual([]);
    expect(modules).toContain('src/adapters/node-workspace/open-workspace.ts');
    expect(modules.filter((module) => module.startsWith('node_modules/@vscode/ripgrep'))).toEqual([]);
  });

  // Issue 21: without a config file, variable or flag the defaults come without the schema (src/config/default-config.ts).
  it.each([
    ['read', ['read', 'a.txt', '--json']],
    ['policy check --command', ['policy', 'check', '--command', 'ls', '--json']],
    ['context', ['context', '--json']],
  ])('%s loads neither zod nor the config schema when there is no config to read, and both when there is', async (_name, args) => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'hello\n' } });
    const register = await writeHooks(workspace);
    const bare = await traceStartup(register, args, workspace.root);
    expect(bare.code).toBe(0);
    expect(bare.modules).toContain('src/config/default-config.ts');
    expect(bare.modules.filter((module) => module.startsWith('node_modules/zod/') || module === 'src/config/schema.ts')).toEqual([]);
    workspace.write('.brass-agent.json', '{ "context": { "maxFiles": 2 } }\n');
    const configured = await traceStartup(register, args, workspace.root);
    expect(configured.code).toBe(0);
    expect(configured.modules).toContain('src/config/schema.ts');
  });

  it('loads the grammar for a command line and probes ripgrep on the first search (what the hooks see when it happens)', async () => {
    const failure = "a.ts(1,1): error TS2339: Property 'getToken' does not exist on type 'AuthClient'.\n";
    await using workspace = await createTempWorkspace({ files: { 'a.ts': 'export const needle = 1;\n', 'failure.txt': failure } });
    const register = await writeHooks(workspace);
    const policy = await traceStartup(register, ['policy', 'check', '--command', 'cat a.ts | wc -l', '--json'], workspace.root);
    expect(policy.code).toBe(0);
    expect(policy.modules.filter(isBashGrammar)).not.toEqual([]);
    // A line of plain words is parsed without the grammar (parse-plain-words.ts gives the grammar's tree).
    const plain = await traceStartup(register, ['policy', 'check', '--command', 'cat a.ts', '--json'], workspace.root);
    expect(plain.code).toBe(0);
    expect(plain.modules.filter(isBashGrammar)).toEqual([]);
    // Its one process is the sandbox probe: a trial sandbox that runs bwrap's own --version (where bwrap is installed).
    expect(plain.processes.length).toBeLessThanOrEqual(1);
    for (const argv of plain.processes) expect(argv.slice(-1)).toEqual(['--version']);
    // The failure names an identifier: discovery searches for it, so it needs ripgrep.
    const discover = await traceStartup(register, ['discover', '--validation-output', 'failure.txt', '--no-run', '--json'], workspace.root);
    expect(discover.code).toBe(0);
    expect(discover.processes).toContainEqual(['--version']);
  });
});
