import type { FileSystem, Runtime, Services, Shell } from '../../core/index.js';
import type { CheckpointHooks } from './run-checkpoint.js';

/**
 * The run's services with its checkpoint woven in: every `shell.run` takes
 * the checkpoint first (once) and scans for what the command changed after
 * it ends (whether it succeeded, failed or could not start); every file
 * write or removal (the run's patches and their rollbacks) takes the
 * checkpoint first and is noted as the run's own. Everything else of the
 * wrapped shell and file system (members added later included) is
 * forwarded untouched, and each request is passed through as it is.
 */
export function withCheckpoint(services: Services, checkpoint: CheckpointHooks): Services {
  const shell = forwarding<Shell>(services.shell, {
    run: async (request) => {
      await checkpoint.beforeChange();
      try {
        return await services.shell.run(request);
      } finally {
        await checkpoint.afterCommand(request.argv);
      }
    },
  });
  // A file write or removal of the run's own patch: checkpoint first, then noted as the run's own.
  const ownWrite =
    <Request extends { path: string }>(write: (request: Request) => Promise<void>) =>
    async (request: Request): Promise<void> => {
      await checkpoint.beforeChange();
      try {
        await write(request);
      } finally {
        checkpoint.noteWrite(request.path);
      }
    };
  const fileSystem = forwarding<FileSystem>(services.fileSystem, {
    writeFile: ownWrite((request) => services.fileSystem.writeFile(request)),
    removeFile: ownWrite((request) => services.fileSystem.removeFile(request)),
  });
  return { ...services, shell, fileSystem };
}

/**
 * A runtime built elsewhere (discovery's command runtime, whose permission
 * service allows exactly the planned commands) with the checkpoint woven in
 * the same way: a command from the workspace takes the checkpoint first and
 * is scanned after. brass-agent's own read-only programs (`origin: 'brass'`,
 * git status) change nothing and pass straight through.
 */
export function withCheckpointRuntime(runtime: Runtime, checkpoint: CheckpointHooks): Runtime {
  return forwarding<Runtime>(runtime, {
    execute: async (action, options) => {
      if (action.kind !== 'shell.run' || action.origin === 'brass') return runtime.execute(action, options);
      await checkpoint.beforeChange();
      try {
        return await runtime.execute(action, options);
      } finally {
        await checkpoint.afterCommand(action.argv);
      }
    },
  });
}

/** `inner` with `overrides` in place of some members; every other member (methods bound to `inner`) is forwarded. */
function forwarding<Service extends object>(inner: Service, overrides: Partial<Service>): Service {
  return new Proxy(inner, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return (overrides as Record<PropertyKey, unknown>)[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
