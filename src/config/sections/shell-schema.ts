import * as z from 'zod';
import { ENV_VARIABLE_NAME_PATTERN } from './llm-schema.js';
import { untrusted } from './untrusted-behaviour.js';

/** `shell`: how commands are run. */
export const ShellSchema = z
  .strictObject({
    passEnv: untrusted(
      z
        .array(
          z
            .string({ error: 'expected an environment variable name' })
            .regex(ENV_VARIABLE_NAME_PATTERN, { error: 'expected an environment variable name like NPM_TOKEN' })
            .meta({ title: 'environment variable name' }),
        )
        .default(() => [])
        .describe('Environment variables passed to commands even though their names look secret. Ignored in an untrusted workspace file. The variable `llm.apiKeyEnv` names is never passed, even when listed here.'),
      { rule: 'no-new-entries', reason: 'passes more secret-looking variables to commands' },
    ),
  })
  .describe('Shell commands.');
