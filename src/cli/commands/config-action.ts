import { loadWorkspaceConfig, readWorkspaceConfigFiles } from '../../adapters/node-workspace/index.js';
import type { CommandContext } from '../command-context.js';
import { displayPath } from '../display-path.js';

/**
 * Runs `brass-agent config` (defined in config-command.ts): loads the config
 * layers of the workspace and prints the merged result with each value's source.
 * Throws ConfigError for an invalid config file.
 */
export async function executeConfig({ options, output, streams }: CommandContext): Promise<void> {
  const openOptions = { cwd: options.cwd, env: streams.env, ...(options.config ? { configPath: options.config } : {}) };
  const { probe, scope, files } = await readWorkspaceConfigFiles(openOptions);
  const loaded = loadWorkspaceConfig(files, openOptions, scope.root);
  const show = (absolute: string) => displayPath(absolute, { root: scope.root, homeDir: probe.homeDir });
  for (const warning of loaded.warnings) output.warn(warning);
  const document = {
    version: 1,
    trusted: loaded.isWorkspaceTrusted,
    files: {
      user: files.user.text === null ? null : show(files.user.path),
      workspace: files.workspace.text === null ? null : files.workspace.path,
      explicit: files.explicit === null ? null : show(files.explicit.path),
    },
    config: loaded.config,
    sources: loaded.sources,
    warnings: loaded.warnings,
  };
  if (options.json) {
    output.json(document);
    return;
  }
  const { bold, dim } = output.colors;
  output.result(`${bold('workspace')} ${scope.root} (${loaded.isWorkspaceTrusted ? 'trusted' : 'not trusted'})`);
  output.result(`${bold('user config')} ${show(files.user.path)}${files.user.text === null ? dim(' (none)') : ''}`);
  output.result(`${bold('workspace config')} ${files.workspace.text === null ? dim('(none)') : files.workspace.path}`);
  if (files.explicit) output.result(`${bold('--config')} ${show(files.explicit.path)}`);
  output.result('');
  for (const [key, source] of Object.entries(loaded.sources).sort(([left], [right]) => left.localeCompare(right))) {
    output.result(`${key} = ${JSON.stringify(valueAt(loaded.config, key))} ${dim(`(${source})`)}`);
  }
}

function valueAt(value: unknown, keyPath: string): unknown {
  let current: unknown = value;
  for (const key of keyPath.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
