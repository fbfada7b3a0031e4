/**
 * Nested context files and progressive disclosure: one bounded walk finds
 * context files below the workspace root and path-scoped rules; only a
 * compact manifest goes into the system prompt, and each body is appended to
 * the first tool result that touches its directory, once per session.
 */
export { MAX_ALWAYS_APPLY_BYTES, MAX_MANIFEST_BYTES, buildManifest } from './build-manifest.js';
export type { Manifest, ManifestEntry } from './build-manifest.js';
export type { ContextDiscovery, ContextFileEntry, ContextRule } from './context-file-entry.js';
export { createDisclosureSession } from './create-disclosure-session.js';
export type { ContextReminder, DisclosureSession, DisclosureSessionOptions } from './create-disclosure-session.js';
export { discoverContext } from './discover-context.js';
export { LABEL_READ_BYTES, MAX_DISCOVERY_WALK_ENTRIES, discoverContextFiles } from './discover-context-files.js';
export type { DiscoverContextFilesOptions } from './discover-context-files.js';
export { MAX_LABEL_CHARS, extractLabel, sanitizeLabel } from './extract-label.js';
export { MAX_RULE_FILES, RULES_DIRECTORY, loadContextRules } from './load-context-rules.js';
export { renderReminder } from './render-reminder.js';
export type { ReminderPart } from './render-reminder.js';
export type { ToolResultEvent } from './tool-result-event.js';
export { toolResultEventOf } from './tool-result-event-of.js';
export { MAX_VALIDATION_PATHS, touchedPaths } from './touched-paths.js';
export type { TouchedPathsContext } from './touched-paths.js';
