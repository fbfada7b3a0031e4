/**
 * Project guidance: `AGENTS.md` (or the next configured name) in every
 * directory from the project root down to the working directory, plus the
 * user-level file, merged most general first under a shared, fair budget.
 */
export { guidanceDirectories } from './guidance-directories.js';
export type { GuidanceFile, GuidanceResult, UserGuidanceFile } from './guidance-file.js';
export { renderGuidanceSection } from './render-guidance-section.js';
export { resolveGuidance } from './resolve-guidance.js';
export type { ResolveGuidanceOptions } from './resolve-guidance.js';
