// Bundles the CLI (the second step of `npm run build`, after tsc): src/cli/main.ts
// becomes dist/cli/main.js, the `bin`, with one chunk per lazily imported command
// implementation beside it (esbuild's code splitting), so start-up loads a few
// files instead of hundreds of modules (issue 21). The library entries
// (dist/index.js, dist/node.js) stay tsc's separate modules.
//
//   tsx scripts/bundle-cli.ts
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Plugin, build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Every file of the bundle lands here, at one depth: `../../package.json` from any of them is the package's manifest. */
export const BUNDLE_DIRECTORY = path.join(ROOT, 'dist', 'cli');

/**
 * Dependencies compiled into the bundle: pure JavaScript on the light
 * commands' path. Every other dependency stays an import of the installed
 * package, because it finds its own files next to its module (web-tree-sitter
 * its wasm, @vscode/ripgrep its binary) or loads only with the commands that
 * need it (the AI SDK, the MCP SDK, Ink). A dependency imported by a bundled
 * one is bundled with it.
 */
const BUNDLED_PACKAGES = new Set(['commander', 'diff', 'gray-matter', 'ignore', 'jsonc-parser', 'mdast-util-from-markdown', 'picomatch', 'zod']);

/**
 * Modules a worker thread loads by URL (a ParallelTask's `moduleUrl` is the
 * module's `import.meta.url`): each is also an entry of its own, and inside it
 * `import.meta.url` names that entry, not the chunk its code lands in (whose
 * exports esbuild renames).
 */
const TASK_MODULES: Record<string, string> = { 'index-batch': 'src/context/discovery/retrieval/index-batch.ts' };

/**
 * zod's messages in 40 languages (about 360 KB, some 30 ms of parsing at every
 * start) reduced to the English that zod uses by default: the CLI never
 * switches zod's locale (it words config errors itself, see format-zod-issues).
 */
const ZOD_LOCALES = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const englishOnlyZod: Plugin = {
  name: 'english-only-zod',
  setup(builder) {
    builder.onLoad({ filter: ZOD_LOCALES }, () => ({ contents: "export { default as en } from './en.js';\n", loader: 'js' }));
  },
};

/**
 * A plugin that replaces one exact line of a dependency's file as it is
 * bundled; the build fails when the line is gone (a new version of the
 * dependency), so a patch never silently stops applying.
 */
function patchDependencyLine(name: string, file: RegExp, line: string, replacement: string): Plugin {
  return {
    name,
    setup(builder) {
      builder.onLoad({ filter: file }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes(line)) throw new Error(`${args.path} no longer holds ${JSON.stringify(line)}: update the ${name} patch in scripts/bundle-cli.ts`);
        return { contents: text.replace(line, replacement), loader: 'js' };
      });
    },
  };
}

/**
 * js-yaml 3 (gray-matter's YAML) requires esprima, a 280 KB parser, when it
 * loads, for its `!!js/function` tag. The CLI parses YAML with the safe
 * schema only, which has no such tag, so the bundle never loads esprima
 * (`resolveJavascriptFunction` then refuses every function, as it does
 * when esprima is missing).
 */
const noEsprima = patchDependencyLine(
  'no-esprima',
  /[\\/]node_modules[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/,
  "esprima = _require('esprima');",
  'esprima = undefined;',
);

/**
 * commander requires child_process (and with it net, stream and pipe
 * bindings) when it loads, for executable subcommands the CLI never uses;
 * the bundle defers that require to the first such spawn, so a command that
 * starts no process never loads it (our own spawns load it lazily too).
 */
const lazyCommanderChildProcess = patchDependencyLine(
  'lazy-commander-child-process',
  /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/,
  "const childProcess = require('node:child_process');",
  "const childProcess = { spawn: (...spawnArgs) => require('node:child_process').spawn(...spawnArgs) };",
);

// CommonJS dependencies (commander, picomatch) call `require` for Node's built-ins, which an ES module lacks.
const REQUIRE_BANNER = "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * The ES module of a built-in re-exports it through a facade that reads
 * every export once, getters included: importing `node:fs` loads
 * `fs.promises` and with it the stream machinery, and each facade costs a
 * start-up some tenths of a millisecond (importing the CLI's built-ins: about
 * 5 ms of a warm `docs --search`, 1.5 ms once required; issue 20). The
 * bundle requires them instead: each `node:` import becomes a module that
 * requires the built-in and re-exports the plain values of the Node that
 * builds, never an accessor (importing one by name fails the build, loudly).
 */
const requiredBuiltins: Plugin = {
  name: 'required-builtins',
  setup(builder) {
    builder.onResolve({ filter: /^node:/ }, (args) => {
      // The banner's import of createRequire, the facade's own require and the dependencies' require calls stay as they are.
      if (args.kind !== 'import-statement' || args.namespace === 'required-builtin' || args.importer === '') return undefined;
      return { path: args.path, namespace: 'required-builtin' };
    });
    builder.onLoad({ filter: /.*/, namespace: 'required-builtin' }, async (args) => {
      const loaded = (await import(args.path)) as { default: object };
      const names = Object.entries(Object.getOwnPropertyDescriptors(loaded.default))
        .filter(([name, descriptor]) => 'value' in descriptor && /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default')
        .map(([name]) => name);
      const lines = [`const builtin = require(${JSON.stringify(args.path)});`, 'export default builtin;', ...names.map((name) => `export const ${name} = builtin.${name};`)];
      return { contents: `${lines.join('\n')}\n`, loader: 'js' };
    });
  },
};

function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Keeps a dependency outside the bundle unless it is in BUNDLED_PACKAGES or imported from a bundled one. */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return BUNDLED_PACKAGES.has(packageNameOf(args.path)) ? undefined : { path: args.path, external: true };
    });
  },
};

/** Points `import.meta.url` in each task module at its own entry file (see TASK_MODULES). */
const taskModuleUrls: Plugin = {
  name: 'task-module-urls',
  setup(builder) {
    for (const [name, source] of Object.entries(TASK_MODULES)) {
      const file = path.join(ROOT, source);
      const filter = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
      builder.onLoad({ filter }, async () => {
        const text = await fs.promises.readFile(file, 'utf8');
        if (!text.includes('import.meta.url')) throw new Error(`${source} no longer uses import.meta.url: remove it from TASK_MODULES in scripts/bundle-cli.ts`);
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(`./${name}.js`)}, import.meta.url).href`), loader: 'ts' };
      });
    }
  },
};

/** Writes the bundled CLI into dist/cli (emptied first, so no chunk of an earlier build stays behind). */
export async function bundleCli(): Promise<void> {
  await fs.promises.rm(BUNDLE_DIRECTORY, { recursive: true, force: true });
  const taskEntries = Object.fromEntries(Object.entries(TASK_MODULES).map(([name, source]) => [name, path.join(ROOT, source)]));
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: path.join(ROOT, 'src/cli/main.ts'), ...taskEntries },
    outdir: BUNDLE_DIRECTORY,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The ES module build of a dual package (jsonc-parser's default is UMD, whose require calls esbuild cannot follow).
    mainFields: ['module', 'main'],
    banner: { js: REQUIRE_BANNER },
    // Stack traces map back to src/ with --enable-source-maps; the maps name the sources without copying them.
    sourcemap: true,
    sourcesContent: false,
    // Whitespace and syntax only (names stay, for stack traces): a third less source for V8 to parse at every start,
    // some 8 ms of a warm `docs --search` (bench/docs-search.ts --warm-only, issue 20).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [requiredBuiltins, externalDependencies, taskModuleUrls, englishOnlyZod, noEsprima, lazyCommanderChildProcess],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleCli();
