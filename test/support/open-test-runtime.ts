import {
  WorkspaceScope,
  createPermissionService,
  createRuntime,
  type PathProbe,
  type PermissionServiceOptions,
  type Runtime,
  type Services,
} from '../../src/core/index.js';
import { createNodePathProbe } from '../../src/adapters/file-system/index.js';
import { createNodeServices } from '../../src/adapters/node-workspace/index.js';

/** A real runtime on a directory, with the services and probe it was built from. */
export interface TestRuntimeParts {
  runtime: Runtime;
  services: Services;
  probe: PathProbe;
}

/**
 * The real Node services (safe reads, gitignore-aware listing, pure-Node
 * search, child processes) and a runtime scoped to `root`, for tests of code
 * that acts only through `runtime.execute`.
 */
export async function openTestParts(root: string, options: { rules?: PermissionServiceOptions['rules'] } = {}): Promise<TestRuntimeParts> {
  const probe = createNodePathProbe();
  const scope = await WorkspaceScope.create({ root, probe });
  const services = createNodeServices({
    ripgrep: null,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    permission: createPermissionService({ approval: 'never', ...(options.rules ? { rules: options.rules } : {}) }),
  });
  return { runtime: createRuntime({ services, scope }), services, probe };
}

/** Just the runtime of openTestParts. */
export async function openTestRuntime(root: string, options: { rules?: PermissionServiceOptions['rules'] } = {}): Promise<Runtime> {
  return (await openTestParts(root, options)).runtime;
}
