import * as z from 'zod';
import { positiveInteger } from './positive-integer.js';
import { appliesUntrusted } from './untrusted-behaviour.js';

/** Default of `contextDiscovery.maxFileBytes`: 32 KiB. */
export const DEFAULT_CONTEXT_FILE_MAX_BYTES = 32 * 1024;

/** Default of `contextDiscovery.maxSessionBytes`: 128 KiB. */
export const DEFAULT_CONTEXT_SESSION_MAX_BYTES = 128 * 1024;

/** `contextDiscovery`: nested context files below the workspace root, disclosed on first touch. */
export const ContextDiscoverySchema = z
  .strictObject({
    enabled: appliesUntrusted(
      z
        .boolean({ error: 'expected true or false' })
        .default(true)
        .describe('Find nested context files below the workspace root, list them in the system prompt and show each on the first touch of its directory.'),
    ),
    maxFiles: positiveInteger(100, 'Most nested context files listed and injected; shallower files are kept first. An untrusted workspace file may only lower it.'),
    maxDepth: positiveInteger(8, 'Deepest directory level (below the workspace root) searched for nested context files. An untrusted workspace file may only lower it.'),
    maxFileBytes: positiveInteger(
      DEFAULT_CONTEXT_FILE_MAX_BYTES,
      'Bytes of one nested context file or rule that are injected; the rest is cut with a notice. An untrusted workspace file may only lower it.',
    ),
    maxSessionBytes: positiveInteger(
      DEFAULT_CONTEXT_SESSION_MAX_BYTES,
      'Bytes of nested context injected into one session in total; past it, bodies are cut or replaced by a notice. An untrusted workspace file may only lower it.',
    ),
  })
  .describe('Nested context files and progressive disclosure.');
