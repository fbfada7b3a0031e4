/**
 * Scoped context resolution: files that agents and flow steps (and the
 * global `context.paths`) inline into the system prompt, with precedence
 * step > agent > global, templating without a shell, containment in the
 * workspace, and memoization that keeps the prompt byte-stable.
 */
export { createScopedContextResolver } from './create-scoped-context-resolver.js';
export type { ScopedContext, ScopedContextResolver } from './create-scoped-context-resolver.js';
export { expandPathTemplate, templateEnvNames } from './expand-path-template.js';
export type { TemplateExpansion, TemplateValues } from './expand-path-template.js';
export { AGENT_FILES_DIRECTORY, MAX_AGENT_FILE_BYTES, readAgentFile } from './read-agent-file.js';
export { renderScopedSection } from './render-scoped-section.js';
export { MAX_GLOB_LIST_ENTRIES, MAX_SCOPED_FILES, resolveScopedFiles } from './resolve-scoped-files.js';
export type { ScopedFile } from './resolve-scoped-files.js';
export type { ContextSelection, ScopedDeclaration, ScopedLayer, ScopedLayerName, SelectedLayers } from './scoped-layer.js';
export { selectContextLayers } from './select-context-layers.js';
export type { AgentFileDefinition } from './select-context-layers.js';
