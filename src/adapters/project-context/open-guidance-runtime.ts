import { WorkspaceScope, createRuntime } from '../../core/index.js';
import type { PathProbe, PermissionService, Runtime, Services } from '../../core/index.js';

/**
 * The runtime guidance files are read through. When the project root is the
 * workspace root, that is the workspace runtime itself. When it lies above
 * (the workspace is a package of a monorepo), it is a second runtime scoped
 * to the project root that can only read: every other access is denied, and
 * the workspace runtime's scope is not widened, so the agent's tools still
 * cannot reach above the workspace. A read outside the project root is
 * refused, never asked: guidance is not worth a prompt, and an approval or a
 * folder grant must not let a planted symlink pull a file into the prompt.
 * Which files may be read is decided by resolveGuidance (only the guidance
 * files themselves, files in the workspace, and the files their `@path`
 * imports name inside the project root).
 */
export async function openGuidanceRuntime(options: {
  projectRoot: string;
  workspace: { runtime: Runtime; services: Services; probe: PathProbe };
}): Promise<Runtime> {
  const { runtime, services, probe } = options.workspace;
  const scope = await WorkspaceScope.create({ root: options.projectRoot, probe });
  if (scope.root === runtime.scope.root) return runtime;
  return createRuntime({ services: { ...services, permission: readOnly(services.permission) }, scope });
}

function readOnly(permission: PermissionService): PermissionService {
  return {
    decide(request) {
      if (request.access !== 'read') return { decision: 'deny', reason: 'the guidance runtime only reads guidance files' };
      return permission.decide(request);
    },
    // Outside the project root: refused without asking (the read fails as outside-workspace).
    approve: (request, verdict) => (request.outOfScopePaths.length > 0 || request.unknownPathsReason !== undefined ? Promise.resolve('deny') : permission.approve(request, verdict)),
  };
}
