// The judged queries of bench/docs-search.ts. Written before tuning anything,
// in the three ways agents ask: task language, exact API names, and typos.
// `relevant` lists every page judged a correct answer (targets of the bench
// corpus: the Vite docs at the top, package READMEs under `npm/`). A query is
// a hit at rank k when any relevant page is at rank k.

/** One judged query. */
export interface JudgedQuery {
  query: string;
  kind: 'task' | 'api' | 'typo';
  relevant: readonly string[];
}

export const DOCS_QUERIES: readonly JudgedQuery[] = [
  // Task language, Vite docs.
  { kind: 'task', query: 'how do I proxy API requests to my backend during development', relevant: ['config/server-options'] },
  { kind: 'task', query: 'change the port the dev server listens on', relevant: ['config/server-options', 'guide/cli'] },
  { kind: 'task', query: 'disable the error overlay in the browser', relevant: ['config/server-options'] },
  { kind: 'task', query: 'expose environment variables to client code', relevant: ['guide/env-and-mode', 'config/shared-options'] },
  { kind: 'task', query: 'load a different .env file for staging', relevant: ['guide/env-and-mode'] },
  { kind: 'task', query: 'deploy my app to GitHub Pages', relevant: ['guide/static-deploy'] },
  { kind: 'task', query: 'build a library instead of an app', relevant: ['guide/build', 'config/build-options'] },
  { kind: 'task', query: 'write a plugin that transforms custom file types', relevant: ['guide/api-plugin'] },
  { kind: 'task', query: 'import every file that matches a pattern', relevant: ['guide/features'] },
  { kind: 'task', query: 'use CSS modules in components', relevant: ['guide/features', 'config/shared-options'] },
  { kind: 'task', query: 'why are my dependencies pre-bundled', relevant: ['guide/dep-pre-bundling'] },
  { kind: 'task', query: 'force dependencies to be bundled again and ignore the cache', relevant: ['guide/dep-pre-bundling', 'config/dep-optimization-options', 'guide/cli'] },
  { kind: 'task', query: 'set up server side rendering with an express server', relevant: ['guide/ssr'] },
  { kind: 'task', query: 'integrate with a traditional backend like Rails or Laravel', relevant: ['guide/backend-integration'] },
  { kind: 'task', query: 'the dev server is slow, how can I make it faster', relevant: ['guide/performance'] },
  { kind: 'task', query: 'network requests stop loading and stall forever', relevant: ['guide/troubleshooting'] },
  { kind: 'task', query: 'upgrade a project from version 7', relevant: ['guide/migration'] },
  { kind: 'task', query: 'support legacy browsers in the production build', relevant: ['plugins', 'guide/build'] },
  { kind: 'task', query: 'import an image and get its public URL', relevant: ['guide/assets'] },
  { kind: 'task', query: 'serve static files that are copied as is', relevant: ['guide/assets', 'config/shared-options'] },
  { kind: 'task', query: 'start the dev server programmatically from a Node script', relevant: ['guide/api-javascript'] },
  { kind: 'task', query: 'accept hot updates for a module in my code', relevant: ['guide/api-hmr'] },
  { kind: 'task', query: 'deploy under a sub folder with a base path', relevant: ['guide/build', 'config/shared-options', 'guide/static-deploy'] },
  { kind: 'task', query: 'shorten imports with a path alias for the src folder', relevant: ['config/shared-options'] },
  { kind: 'task', query: 'generate source maps for the production build', relevant: ['config/build-options'] },
  { kind: 'task', query: 'does it type check TypeScript', relevant: ['guide/features'] },
  { kind: 'task', query: 'run code in a web worker', relevant: ['guide/features', 'config/worker-options', 'guide/assets'] },
  { kind: 'task', query: 'add a nonce for a content security policy', relevant: ['guide/features', 'config/shared-options'] },
  { kind: 'task', query: 'what problem does the environment API solve', relevant: ['guide/api-environment'] },
  { kind: 'task', query: 'preview the production build locally', relevant: ['guide/cli', 'config/preview-options', 'guide/static-deploy'] },
  { kind: 'task', query: 'which Node.js versions are supported', relevant: ['guide', 'releases'] },
  { kind: 'task', query: 'list of official plugins', relevant: ['plugins'] },
  { kind: 'task', query: 'use a different config depending on the command or mode', relevant: ['config'] },
  { kind: 'task', query: 'debug the config file with breakpoints in VS Code', relevant: ['config'] },
  { kind: 'task', query: 'file changes are not detected on WSL', relevant: ['config/server-options', 'guide/troubleshooting'] },
  { kind: 'task', query: 'run modules in a custom runtime with a module runner', relevant: ['guide/api-environment-runtimes'] },
  { kind: 'task', query: 'minify the output with terser instead of the default', relevant: ['config/build-options'] },
  { kind: 'task', query: 'serve the dev server over https with a certificate', relevant: ['config/server-options'] },
  { kind: 'task', query: 'split vendor code into separate chunks', relevant: ['guide/build', 'config/build-options'] },
  { kind: 'task', query: 'build a multi page app with several html entry points', relevant: ['guide/build'] },

  // Exact API names.
  { kind: 'api', query: 'server.hmr.overlay', relevant: ['config/server-options'] },
  { kind: 'api', query: 'optimizeDeps.include', relevant: ['config/dep-optimization-options'] },
  { kind: 'api', query: 'build.rollupOptions', relevant: ['config/build-options'] },
  { kind: 'api', query: 'import.meta.glob', relevant: ['guide/features'] },
  { kind: 'api', query: 'import.meta.env.BASE_URL', relevant: ['guide/env-and-mode', 'guide/build'] },
  { kind: 'api', query: 'transformIndexHtml', relevant: ['guide/api-plugin'] },
  { kind: 'api', query: 'configureServer', relevant: ['guide/api-plugin'] },
  { kind: 'api', query: 'handleHotUpdate', relevant: ['guide/api-plugin', 'changes/hotupdate-hook'] },
  { kind: 'api', query: 'hot.accept', relevant: ['guide/api-hmr'] },
  { kind: 'api', query: 'createServer', relevant: ['guide/api-javascript'] },
  { kind: 'api', query: 'loadEnv', relevant: ['guide/api-javascript', 'config'] },
  { kind: 'api', query: 'ssr.noExternal', relevant: ['config/ssr-options'] },
  { kind: 'api', query: 'resolve.alias', relevant: ['config/shared-options'] },
  { kind: 'api', query: 'build.lib', relevant: ['config/build-options', 'guide/build'] },
  { kind: 'api', query: 'ModuleRunner', relevant: ['guide/api-environment-runtimes', 'changes/ssr-using-modulerunner'] },
  { kind: 'api', query: 'this.environment', relevant: ['changes/this-environment-in-hooks', 'guide/api-environment-plugins'] },
  { kind: 'api', query: 'envPrefix', relevant: ['config/shared-options', 'guide/env-and-mode'] },
  { kind: 'api', query: 'server.proxy', relevant: ['config/server-options'] },
  { kind: 'api', query: 'worker.format', relevant: ['config/worker-options'] },
  { kind: 'api', query: 'vite optimize --force', relevant: ['guide/cli', 'guide/dep-pre-bundling'] },

  // Typos.
  { kind: 'typo', query: 'confgure a proxy for the dev sever', relevant: ['config/server-options'] },
  { kind: 'typo', query: 'enviroment variables', relevant: ['guide/env-and-mode'] },
  { kind: 'typo', query: 'depndency pre-bundling', relevant: ['guide/dep-pre-bundling'] },
  { kind: 'typo', query: 'statc site deployment', relevant: ['guide/static-deploy'] },
  { kind: 'typo', query: 'optmizeDeps.exclude', relevant: ['config/dep-optimization-options'] },
  { kind: 'typo', query: 'hot modul replacment', relevant: ['guide/features', 'guide/api-hmr'] },
  { kind: 'typo', query: 'libary mode', relevant: ['guide/build'] },
  { kind: 'typo', query: 'sever side rendering', relevant: ['guide/ssr'] },
  { kind: 'typo', query: 'trubleshooting', relevant: ['guide/troubleshooting'] },
  { kind: 'typo', query: 'transformIndexHml hook', relevant: ['guide/api-plugin'] },

  // Package READMEs (npm/...), mixing the three kinds.
  { kind: 'task', query: 'parse command line arguments with subcommands', relevant: ['npm/commander'] },
  { kind: 'task', query: 'validate data with a schema and infer TypeScript types', relevant: ['npm/zod'] },
  { kind: 'task', query: 'full text search index with fuzzy matching in the browser', relevant: ['npm/minisearch'] },
  { kind: 'task', query: 'check whether a version satisfies a range', relevant: ['npm/semver'] },
  { kind: 'task', query: 'parse front matter from a markdown string', relevant: ['npm/gray-matter', 'npm/section-matter'] },
  { kind: 'task', query: 'property based testing with arbitraries', relevant: ['npm/fast-check'] },
  { kind: 'task', query: 'filter paths with gitignore rules', relevant: ['npm/ignore'] },
  { kind: 'task', query: 'limit how many promises run at once', relevant: ['npm/p-limit'] },
  { kind: 'api', query: 'semver.satisfies', relevant: ['npm/semver'] },
  { kind: 'api', query: 'picomatch.isMatch', relevant: ['npm/picomatch'] },
  { kind: 'api', query: 'safeLoad', relevant: ['npm/js-yaml'] },
  { kind: 'api', query: 'addSourcemapLocation', relevant: ['npm/magic-string'] },
  { kind: 'typo', query: 'comander options', relevant: ['npm/commander'] },
  { kind: 'typo', query: 'milisecond conversion', relevant: ['npm/ms'] },
];
