import { createRequire } from 'node:module';
import type * as ChildProcessModule from 'node:child_process';

const require = createRequire(import.meta.url);

/**
 * Node's child_process module, loaded on the first call. Importing it
 * statically loads net, stream and pipe bindings too (about 10-15 ms), which
 * every command paid at start-up, even `read` and `context`, which start no
 * process; a built-in's require is synchronous and cached.
 */
export function childProcess(): typeof ChildProcessModule {
  return require('node:child_process') as typeof ChildProcessModule;
}
