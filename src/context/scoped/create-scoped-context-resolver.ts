import type { Config } from '../../config/index.js';
import type { Runtime } from '../../core/index.js';
import { templateEnvNames } from './expand-path-template.js';
import { readAgentFile } from './read-agent-file.js';
import { renderScopedSection } from './render-scoped-section.js';
import { resolveScopedFiles, type ScopedFile } from './resolve-scoped-files.js';
import type { ContextSelection, ScopedLayer } from './scoped-layer.js';
import { selectContextLayers } from './select-context-layers.js';

/** Scoped context for one selection. */
export interface ScopedContext {
  files: ScopedFile[];
  /** The layers in effect, lowest first (empty: no scoped context). */
  layers: ScopedLayer[];
  /** Whether nested context files are disclosed for this selection. */
  nested: boolean;
  promptSection: string;
  warnings: string[];
  /** The selection names an agent, flow or step that does not exist. */
  unknown: string[];
}

export interface ScopedContextResolver {
  /**
   * Scoped context for a selection. Memoized per (agent, flow, step, values
   * of the environment variables the templates use): the same inputs give
   * the same object, so the system prompt stays byte-identical across calls
   * even when files change on disk meanwhile.
   */
  resolve(selection: ContextSelection, env: Readonly<Record<string, string | undefined>>): Promise<ScopedContext>;
}

interface MemoEntry {
  envNames: string[];
  envValues: (string | undefined)[];
  result: Promise<ScopedContext>;
}

/**
 * Creates the scoped context resolver of one workspace (the runtime's
 * scope). Keep one per workspace and share it between sessions and
 * sub-agents so their prompts agree.
 *
 * @example
 * const resolver = createScopedContextResolver({ runtime, config, excludeRealPaths: new Set() });
 * const scoped = await resolver.resolve({ agent: 'reviewer' }, process.env);
 */
export function createScopedContextResolver(options: {
  runtime: Runtime;
  config: Pick<Config, 'context' | 'agents' | 'flows' | 'guidance'>;
  /** Absolute real paths already in the prompt (guidance files): never inlined twice. */
  excludeRealPaths?: ReadonlySet<string>;
}): ScopedContextResolver {
  const memo = new Map<string, MemoEntry>();
  const excludeRealPaths = options.excludeRealPaths ?? new Set<string>();

  async function compute(selection: ContextSelection, env: Readonly<Record<string, string | undefined>>): Promise<ScopedContext> {
    const warnings: string[] = [];
    const agentFile = selection.agent === undefined ? null : await readAgentFile(options.runtime, selection.agent, warnings);
    const selected = selectContextLayers({ config: options.config, selection, agentFile });
    warnings.push(...selected.warnings);
    const files = await resolveScopedFiles({
      runtime: options.runtime,
      layers: selected.layers,
      values: { agent: selection.agent, flowId: selection.flow, step: selection.step, env },
      fileNames: options.config.guidance.fileNames,
      maxBytes: options.config.context.maxScopedBytes,
      excludeRealPaths,
      warnings,
    });
    return {
      files,
      layers: selected.layers,
      nested: selected.nested,
      promptSection: renderScopedSection(files, options.config.context.maxScopedBytes),
      warnings,
      unknown: selected.unknown,
    };
  }

  return {
    async resolve(selection, env) {
      const key = JSON.stringify([selection.agent ?? null, selection.flow ?? null, selection.step ?? null]);
      const cached = memo.get(key);
      if (cached && cached.envNames.every((name, index) => env[name] === cached.envValues[index])) return cached.result;
      const result = compute(selection, env);
      const entry: MemoEntry = { envNames: [], envValues: [], result };
      memo.set(key, entry);
      const resolved = await result;
      entry.envNames = [...new Set(resolved.layers.flatMap((layer) => layer.paths.flatMap(templateEnvNames)))];
      entry.envValues = entry.envNames.map((name) => env[name]);
      return resolved;
    },
  };
}
