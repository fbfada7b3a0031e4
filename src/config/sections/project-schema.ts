import * as z from 'zod';
import { nonEmptyString } from './non-empty-string.js';
import { positiveInteger } from './positive-integer.js';
import { appliesUntrusted } from './untrusted-behaviour.js';

/** One validation command, e.g. `{ "name": "test", "command": "npm test" }`. */
export const ValidationCommandSchema = z
  .strictObject({
    name: nonEmptyString().describe('Short name shown in output, e.g. "test".'),
    command: nonEmptyString().describe('Command line to run from the workspace root, e.g. "npm test".'),
  })
  .describe('A command that validates a change.');

/** `project`: how the project is checked after a change. */
export const ProjectSchema = z
  .strictObject({
    // Applies in an untrusted workspace: each command still goes through the permission rules and approval.
    validationCommands: appliesUntrusted(
      z
        .array(ValidationCommandSchema)
        .optional()
        .describe(
          'Commands that validate a change. When set, replaces discovery from package.json scripts. Each run still goes through the permission rules.',
        ),
    ),
    maxValidationCommands: positiveInteger(4, 'Most validation commands run after a change. An untrusted workspace file may only lower it.'),
  })
  .describe('Project validation.');
