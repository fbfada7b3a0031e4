import * as z from 'zod';
import { positiveInteger } from './positive-integer.js';
import { untrusted } from './untrusted-behaviour.js';

/** Entries one memory scope keeps by default before the oldest are evicted. */
export const DEFAULT_MEMORY_MAX_ENTRIES = 1000;
/** Bytes of entry files one memory scope keeps by default (4 MiB) before the oldest are evicted. */
export const DEFAULT_MEMORY_MAX_BYTES = 4 * 1024 * 1024;

/** `memory`: what the agent keeps about a workspace (and about you) across sessions, under your state directory. */
export const MemorySchema = z
  .strictObject({
    enabled: untrusted(
      z.boolean().default(true).describe('Keep memory: the remember and recall tools and the index of this workspace\'s memory in the system prompt. An untrusted workspace file may only turn it off.'),
      { rule: 'not-to', value: true, reason: 'turns memory on' },
    ),
    maxEntries: positiveInteger(DEFAULT_MEMORY_MAX_ENTRIES, 'Entries each scope (the workspace\'s, yours) keeps; past it the oldest are evicted, and the writer is told which.'),
    maxBytes: positiveInteger(DEFAULT_MEMORY_MAX_BYTES, 'Bytes of entries each scope keeps; past it the oldest are evicted, and the writer is told which.'),
    autoApprove: untrusted(
      z.boolean().default(false).describe('Let remember write without asking (it asks like a file write otherwise). Ignored in an untrusted workspace file.'),
      { rule: 'not-to', value: true, reason: 'lets the agent write memory without asking' },
    ),
  })
  .describe('Agent memory: entries kept across sessions under $XDG_STATE_HOME/brass-agent/memory, never inside the repository.');
