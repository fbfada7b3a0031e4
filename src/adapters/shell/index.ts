/**
 * The Node implementation of the Shell service: argv without a shell, process
 * groups killed on timeout or abort, capped output and a scrubbed environment.
 */
export { EXIT_DRAIN_MS, TERMINATE_GRACE_MS, createNodeShell } from './node-shell.js';
export type { NodeShellOptions } from './node-shell.js';
export { OutputCapture, formatDroppedMarker } from './capture-output.js';
export type { CapturedOutput } from './capture-output.js';
export { KNOWN_SECRET_VARIABLES, isSecretVariableName, scrubEnvironment } from './scrub-environment.js';
export { createGitStateStamp } from './create-git-state-stamp.js';
