import type { Config } from '../../config/index.js';
import type { ContextSelection, ScopedDeclaration, ScopedLayer, ScopedLayerName, SelectedLayers } from './scoped-layer.js';

/** An agent defined by `.brass-agent/agents/<name>.md`, as read by readAgentFile. */
export interface AgentFileDefinition {
  /** Workspace-relative path of the file. */
  path: string;
  context?: ScopedDeclaration | undefined;
}

/** Steps followed through `extends` before a chain is called a cycle. */
const MAX_EXTENDS_DEPTH = 16;

/**
 * Decides which scoped context layers apply to a selection, with precedence
 * step > agent > global (`context.paths`). A layer that declares `paths`
 * (even `[]`) replaces the layers below it, or with `mode: "append"` comes
 * after them; an unknown mode warns, naming the agent or step, and acts as
 * `append`. A step without its own `context` inherits the one of the step or
 * flow it `extends`, else its flow's `context`. `nested` is taken from the
 * nearest layer that declares it. Pure: the agent file is read by the caller.
 */
export function selectContextLayers(options: {
  config: Pick<Config, 'context' | 'agents' | 'flows'>;
  selection: ContextSelection;
  agentFile?: AgentFileDefinition | null;
}): SelectedLayers {
  const { config, selection } = options;
  const result: SelectedLayers = { layers: [], nested: true, warnings: [], unknown: [] };
  const globalPaths = config.context.paths ?? [];
  if (globalPaths.length > 0) result.layers.push({ layer: 'global', source: 'context.paths', paths: globalPaths, mode: 'base' });

  if (selection.agent !== undefined) {
    const fromConfig = config.agents[selection.agent];
    if (fromConfig === undefined && !options.agentFile) result.unknown.push(`agent ${selection.agent} is not defined (no agents.${selection.agent} in config, no .brass-agent/agents/${selection.agent}.md)`);
    const declared = fromConfig?.context !== undefined
      ? { declaration: fromConfig.context, source: `agents.${selection.agent}.context` }
      : options.agentFile?.context !== undefined
        ? { declaration: options.agentFile.context, source: options.agentFile.path }
        : null;
    if (declared) applyLayer(result, 'agent', `agent ${selection.agent}`, declared.declaration, declared.source);
  }

  if (selection.flow !== undefined || selection.step !== undefined) {
    if (selection.flow === undefined || selection.step === undefined) {
      result.unknown.push('a flow step needs both a flow id and a step name');
    } else {
      const declared = stepDeclaration(config, selection.flow, selection.step, result, []);
      if (declared) applyLayer(result, 'step', `step ${selection.flow}.${selection.step}`, declared.declaration, declared.source);
    }
  }
  return result;
}

function applyLayer(result: SelectedLayers, layer: ScopedLayerName, owner: string, declaration: ScopedDeclaration, source: string): void {
  if (declaration.nested !== undefined) result.nested = declaration.nested;
  if (declaration.paths === undefined) return;
  let mode: 'replace' | 'append' = 'replace';
  if (declaration.mode === 'append') mode = 'append';
  else if (declaration.mode !== undefined && declaration.mode !== 'replace') {
    result.warnings.push(`${owner} (${source}): unknown context mode ${JSON.stringify(declaration.mode)}; using "append" (expected "replace" or "append")`);
    mode = 'append';
  }
  const entry: ScopedLayer = { layer, source, paths: declaration.paths, mode };
  if (mode === 'replace') result.layers = [entry];
  else result.layers.push(entry);
}

type Declared = { declaration: ScopedDeclaration; source: string } | null;

function stepDeclaration(config: Pick<Config, 'flows'>, flowId: string, stepName: string, result: SelectedLayers, chain: string[]): Declared {
  const flow = config.flows[flowId];
  const step = flow?.steps.find((candidate) => candidate.name === stepName);
  const label = `${flowId}.${stepName}`;
  if (flow === undefined || step === undefined) {
    const what = flow === undefined ? `flow ${flowId} is not defined (no flows.${flowId})` : `flow ${flowId} has no step ${stepName}`;
    if (chain.length === 0) result.unknown.push(what);
    else result.warnings.push(`step ${chain[chain.length - 1]} extends ${label}, but ${what}; it inherits nothing`);
    return null;
  }
  if (chain.includes(label) || chain.length >= MAX_EXTENDS_DEPTH) {
    result.warnings.push(`step ${chain[0]}: extends chain ${[...chain, label].join(' -> ')} loops; it inherits nothing`);
    return null;
  }
  if (step.context !== undefined) return { declaration: step.context, source: `flows.${flowId}.steps[${stepName}].context` };
  if (step.extends === undefined) return flow.context === undefined ? null : { declaration: flow.context, source: `flows.${flowId}.context` };

  const next = [...chain, label];
  const [first, second] = step.extends.split('.') as [string, string | undefined];
  if (second !== undefined) return stepDeclaration(config, first, second, result, next);
  if (flow.steps.some((candidate) => candidate.name === first)) return stepDeclaration(config, flowId, first, result, next);
  const target = config.flows[first];
  if (target === undefined) {
    result.warnings.push(`step ${label} extends ${first}, which is neither a step of flow ${flowId} nor a flow; it inherits nothing`);
    return null;
  }
  return target.context === undefined ? null : { declaration: target.context, source: `flows.${first}.context` };
}
