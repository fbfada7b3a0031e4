import * as z from 'zod';
import { untrusted } from './untrusted-behaviour.js';

/** Approval modes from strictest to most permissive (the trust rule relies on this order). */
export const APPROVAL_MODES = ['never', 'ask', 'auto'] as const;

/** `approval`: what happens when an action needs approval. */
export const ApprovalSchema = untrusted(
  z
    .enum(APPROVAL_MODES)
    .default('ask')
    .describe('When an action needs approval: "ask" asks you, "auto" approves it (a deny rule still wins), "never" refuses it.'),
  { rule: 'stricter-only', order: APPROVAL_MODES, reason: 'approves more than' },
);
