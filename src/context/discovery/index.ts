/**
 * Failure-driven context discovery: before the first planning call, find
 * the few files most likely connected to the failure. Pure logic: every
 * read, search and command is an action through the core runtime.
 */
export { discoverContext, MAX_SIGNAL_IDENTIFIERS, MAX_SIGNAL_PATHS } from './discover-context.js';
export type { DiscoverContextOptions, DiscoveryProgress, PlannedCommand } from './discover-context.js';
export { redactDiscoverJson, toDiscoverJson } from './discovery-result.js';
export type { DiscoverFileJson, DiscoverJson, DiscoveryResult, SignalPath } from './discovery-result.js';
export type { ContextFile } from './read-context-files.js';
export type { CommandRecord } from './run-validation-commands.js';
export type { SearchRecord } from './search-identifiers.js';
export type { PackageManager, ValidationCommand, ValidationKind } from './validation-command.js';
export { scriptArgv } from './validation-command.js';
export { inspectProject } from './inspect-project.js';
export type { ProjectInfo } from './inspect-project.js';
export { createFileProbe } from './create-file-probe.js';
export type { FileProbe } from './create-file-probe.js';
export { createPathFilter } from './create-path-filter.js';
export { readJsonObject } from './read-text-file.js';
export { GIT_STATUS_ARGS } from './read-changed-files.js';
export { createGitAnswerMemo } from './git-answer-memo.js';
export type { GitAnswerMemo } from './git-answer-memo.js';
export { extractDiagnostics } from './extract-diagnostics.js';
export type { Diagnostic, DiagnosticSource, LocationRole, RawLocation } from './diagnostic.js';
export { formatDiscoveryReport } from './format-discovery-report.js';
export { failedCommandTail } from './failed-command-tail.js';
export type { FailedCommandInput, FailedCommandTail } from './failed-command-tail.js';
export { roleFactorOf } from './path-role.js';
export type { RetrievalIndexCache } from './retrieval/retrieval-index-cache.js';
export type { Segment as RetrievalSegment } from './retrieval/index-segment.js';
