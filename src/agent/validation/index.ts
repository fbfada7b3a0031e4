/**
 * Validation: the project's own check commands (type check, tests, lint)
 * run through the runtime, with pass/fail per command and the tail of each
 * output. Used by the `run_validation` tool and after a patch is applied.
 */
export { MAX_VALIDATION_OUTPUT_BYTES, runValidation } from './run-validation.js';
export type { ValidationCommandResult, ValidationCommandSpec, ValidationReport } from './run-validation.js';
