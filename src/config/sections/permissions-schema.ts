import * as z from 'zod';
import { type UntrustedBehaviour, untrusted } from './untrusted-behaviour.js';

/** Kinds a permission rule may name. */
export const PERMISSION_RULE_KINDS = ['Shell', 'Read', 'Write', 'Tool'] as const;

// Same shape core's parsePermissionRule accepts, minus surrounding spaces;
// written with [\s\S] rather than the `s` flag so it is also a valid JSON
// Schema `pattern` for editors.
const RULE_PATTERN = new RegExp(`^(${PERMISSION_RULE_KINDS.join('|')})\\(\\s*\\S[\\s\\S]*\\)$`);

const RULE_MESSAGE = 'expected a rule Kind(pattern) with Kind one of Shell, Read, Write, Tool and a non-empty pattern, e.g. "Shell(npm run test*)"';

const ruleList = (description: string, behaviour: UntrustedBehaviour) =>
  untrusted(
    z
      .array(z.string({ error: RULE_MESSAGE }).regex(RULE_PATTERN, { error: RULE_MESSAGE }).meta({ title: 'permission rule' }))
      .default(() => [])
      .describe(description),
    behaviour,
  );

/**
 * `permissions`: rule strings such as `Shell(npm run test*)`, `Read(src/**)`,
 * `Write(docs/**)`, `Tool(search_text)`. A matching deny beats ask beats allow.
 * Unlike other arrays, these lists accumulate across config layers.
 */
export const PermissionsSchema = z
  .strictObject({
    allow: ruleList(
      'Rules of actions allowed without asking, e.g. "Shell(npm run test*)", "Read(src/**)", "Write(docs/**)", "Tool(search_text)". Ignored in an untrusted workspace file.',
      { rule: 'no-new-entries', reason: 'allows actions without asking' },
    ),
    // Ask and deny rules only add checks, so they apply from an untrusted workspace too.
    ask: ruleList('Rules of actions that always ask first.', { rule: 'applies' }),
    deny: ruleList('Rules of actions that are always refused.', { rule: 'applies' }),
  })
  .describe('Permission rules, accumulated across config layers.');
