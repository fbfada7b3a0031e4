/**
 * Patches: the changeset a run's edits form (preview as a unified diff),
 * applying it journaled first (so `rollback --last` survives a crash),
 * rolling back byte for byte, and reviewed patch files (`--apply-patch-file`).
 */
export { Changeset } from './changeset.js';
export { DIFF_CONTEXT_LINES, diffFile, shownDiffText } from './file-diff.js';
export type { FileDiff, RedactText } from './file-diff.js';
export { applyChangeset, keepApplied, rollbackApplied } from './apply-changeset.js';
export type { AppliedPatch, ApplyChangesetOptions, SettleAppliedOptions } from './apply-changeset.js';
export { rollbackLast } from './recover-last.js';
export type { RollbackLastOptions, RollbackLastResult } from './recover-last.js';
export { MAX_PATCH_TEXT_BYTES, changesetFromPatchFile } from './patch-file.js';
