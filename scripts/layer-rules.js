// The import rules of src/ (see ../shared/design.md, "Layers"): which folders
// each layer may import, and which Node modules only adapters may touch.
// ESLint (eslint.config.js) and test/layering.test.ts both enforce this table.

/** Layers, from the top. `may` lists the layers a layer may import (besides itself). */
export const LAYERS = [
  { name: 'cli', dir: 'src/cli', may: ['server', 'mcp', 'agent', 'context', 'config', 'core', 'adapters'] },
  // `serve` (HTTP + SSE, the studio's assets) and `acp`: surfaces over the session engine, as the CLI's chat is.
  { name: 'server', dir: 'src/server', may: ['agent', 'context', 'config', 'core', 'adapters'] },
  { name: 'mcp', dir: 'src/mcp', may: ['agent', 'context', 'config', 'core', 'adapters'] },
  { name: 'agent', dir: 'src/agent', may: ['context', 'config', 'core'] },
  // Each folder under src/context is its own layer: they never import one another.
  { name: 'context', dir: 'src/context', may: ['config', 'core'], isolatedSubfolders: true },
  { name: 'config', dir: 'src/config', may: ['core'] },
  { name: 'adapters', dir: 'src/adapters', may: ['config', 'core'] },
  { name: 'core', dir: 'src/core', may: [] },
];

/** Node modules that only src/adapters may import (with and without the `node:` prefix). */
export const NODE_ONLY_IN_ADAPTERS = ['fs', 'fs/promises', 'child_process', 'os', 'net', 'http', 'https', 'worker_threads'];

/** The extensions of source files under src/ (the chat UI's components are .tsx): every rule applies to all of them. */
export const SOURCE_EXTENSIONS = ['ts', 'tsx'];
