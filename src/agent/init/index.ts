/**
 * `brass-agent init`: a starter AGENTS.md from what discovery knows
 * (package manager, install/build/validation commands, layout, the docs
 * map's regions), created through the patch path and never over an
 * existing guidance file.
 */
export { MAX_STARTER_TEXT_CHARS, buildStarterGuidance, starterText } from './build-starter-guidance.js';
export { MAX_LAYOUT_FOLDERS, MAX_STARTER_PACKAGES, collectStarterFacts } from './collect-starter-facts.js';
export type { CollectStarterFactsOptions } from './collect-starter-facts.js';
export { findExistingGuidance } from './find-existing-guidance.js';
export { leaveOutSecretLines } from './leave-out-secret-lines.js';
export type { StarterCommand, StarterFacts, StarterFolder } from './starter-facts.js';
export { STARTER_GUIDANCE_FILE, writeStarterGuidance } from './write-starter-guidance.js';
export type { StarterGuidanceResult, WriteStarterGuidanceOptions } from './write-starter-guidance.js';
