/**
 * Node helpers for project context that must look outside the workspace:
 * finding the project root (`.git` above the workspace), reading the
 * user-level guidance file, and the read-only runtime for guidance above
 * the workspace.
 */
export { findProjectRoot } from './find-project-root.js';
export type { ProjectRoot } from './find-project-root.js';
export { openGuidanceRuntime } from './open-guidance-runtime.js';
export { readUserGuidance } from './read-user-guidance.js';
export type { ReadUserGuidanceOptions, UserGuidanceText } from './read-user-guidance.js';
