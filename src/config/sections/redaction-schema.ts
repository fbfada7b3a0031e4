import * as z from 'zod';
import { checkPatternSafety } from '../../core/index.js';
import { appliesUntrusted, untrusted } from './untrusted-behaviour.js';

/** A regular expression that checkPatternSafety accepts (linear time, bounded repetitions). */
function safePattern() {
  return z
    .string({ error: 'expected a regular expression' })
    .superRefine((source, context) => {
      const problem = checkPatternSafety(source);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: `unsafe pattern: ${problem}`, input: source });
    })
    .meta({ title: 'regular expression' });
}

/**
 * `redaction`: secrets removed from everything that reaches the model, the
 * logs and the JSON outputs (see docs/redaction.md).
 */
export const RedactionSchema = z
  .strictObject({
    enabled: untrusted(
      z
        .boolean({ error: 'expected true or false' })
        .default(true)
        .describe('Replace secrets by markers such as [REDACTED:github-token] in prompts, tool results, events, saved runs, logs and command output. An untrusted workspace file cannot turn it off.'),
      { rule: 'not-to', value: false, reason: 'turns secret redaction off' },
    ),
    // Applies in an untrusted workspace: more patterns only redact more.
    additionalPatterns: appliesUntrusted(
      z
        .array(safePattern())
        .default(() => [])
        .describe(
          'More secrets to redact, as JavaScript regular expressions with bounded repetitions (e.g. "acme_[a-z0-9]{32}"); a named group "secret" redacts only that part. Accumulated across config layers.',
        ),
    ),
    allowPatterns: untrusted(
      z
        .array(safePattern())
        .default(() => [])
        .describe('Findings whose whole text matches one of these regular expressions are left as is (e.g. a documented test key). Ignored in an untrusted workspace file.'),
      { rule: 'no-new-entries', reason: 'lets matching secrets through unredacted' },
    ),
  })
  .describe('Secret redaction.');
