import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Start-up cost of the CLI, checked by what it loads (not by timing): the
// command definitions are loaded eagerly, each implementation only when its
// command runs. A resolve hook in the child reports every module it loads.

const RESOLVED_PREFIX = 'resolved-module ';
const DIST = path.dirname(path.dirname(CLI_PATH));

async function writeResolveHook(workspace: TempWorkspace): Promise<string> {
  const hook = workspace.write(
    'hook.mjs',
    `export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  process.stderr.write(${JSON.stringify(RESOLVED_PREFIX)} + result.url + '\\n');
  return result;
}
`,
  );
  return workspace.write('register.mjs', `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
}

/** Runs the built CLI with the hook and returns its exit code and the modules it loaded (dist-relative, or `node_modules/...`). */
async function modulesLoadedBy(registerPath: string, args: readonly string[], cwd: string): Promise<{ code: number; modules: string[] }> {
  const run = promisify(execFile);
  let code = 0;
  let stderr: string;
  try {
    ({ stderr } = await run(process.execPath, ['--import', pathToFileURL(registerPath).href, CLI_PATH, ...args], { cwd, env: { ...process.env, XDG_CONFIG_HOME: path.join(cwd, '.xdg') } }));
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    code = failed.code ?? -1;
    stderr = failed.stderr ?? '';
  }
  const urls = stderr.split('\n').filter((line) => line.startsWith(RESOLVED_PREFIX)).map((line) => line.slice(RESOLVED_PREFIX.length));
  const modules = [...new Set(urls.filter((url) => url.startsWith('file:')))].map((url) => {
    const file = new URL(url).pathname;
    const inNodeModules = file.lastIndexOf('/node_modules/');
    return inNodeModules >= 0 ? file.slice(inNodeModules + 1) : path.relative(DIST, file).split(path.sep).join('/');
  });
  return { code, modules };
}

/** What start-up may load: commander, the CLI frame and the command definitions, and the error class exit codes are mapped from. */
function isStartupModule(module: string): boolean {
  if (module.startsWith('node_modules/')) return module.startsWith('node_modules/commander/');
  if (module === 'core/errors/brass-error.js') return true;
  return /^cli\/(?:commands\/[a-z-]+-command|[a-z-]+)\.js$/.test(module) && module !== 'cli/report-error.js';
}

describe('brass-agent start-up', () => {
  it.each([[['--version']], [['--help']], [['run', '--help']], [['docs', 'guidance', '--help']], [['read']], [['frobnicate']]])(
    '%j loads only commander and the command definitions',
    async (args) => {
      await using workspace = await createTempWorkspace();
      const { code, modules } = await modulesLoadedBy(await writeResolveHook(workspace), args, workspace.root);
      expect(code).toBe(args[0] === 'read' || args[0] === 'frobnicate' ? 2 : 0);
      expect(modules).toContain('cli/commands/run-command.js');
      expect(modules).toContain('node_modules/commander/index.js');
      expect(modules.filter((module) => !isStartupModule(module))).toEqual([]);
    },
  );

  it('loads a command implementation when the command runs (the hook sees lazy imports)', async () => {
    await using workspace = await createTempWorkspace({ files: { 'a.txt': 'hello\n' } });
    const { code, modules } = await modulesLoadedBy(await writeResolveHook(workspace), ['read', 'a.txt'], workspace.root);
    expect(code).toBe(0);
    expect(modules).toContain('cli/commands/read-action.js');
    expect(modules).toContain('adapters/node-workspace/index.js');
    expect(modules).not.toContain('cli/commands/run-action.js');
  });
});
