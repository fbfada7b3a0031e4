/** Where a scoped context layer sits in the precedence order (step > agent > global). */
export type ScopedLayerName = 'global' | 'agent' | 'step';

/** Which agent, flow and step a session runs as. */
export interface ContextSelection {
  agent?: string | undefined;
  flow?: string | undefined;
  step?: string | undefined;
}

/** A scoped context declaration as read from config or an agent file's frontmatter. */
export interface ScopedDeclaration {
  paths?: readonly string[] | undefined;
  mode?: string | undefined;
  nested?: boolean | undefined;
}

/** One layer whose paths are in effect. */
export interface ScopedLayer {
  layer: ScopedLayerName;
  /** Where it was declared: `context.paths`, `agents.reviewer.context`, `.brass-agent/agents/reviewer.md`, `flows.release.steps[check].context`. */
  source: string;
  paths: readonly string[];
  /** How it combined with the layers below: `replace` or `append` (`base` for the global layer). */
  mode: 'base' | 'replace' | 'append';
}

/** The layers in effect for a selection, lowest first. */
export interface SelectedLayers {
  layers: ScopedLayer[];
  /** Whether nested context files are disclosed (the nearest declared `nested`, else true). */
  nested: boolean;
  /** One line each: unknown modes, broken extends chains, invalid agent files. */
  warnings: string[];
  /** The selection names something that does not exist (unknown agent, flow or step). */
  unknown: string[];
}
