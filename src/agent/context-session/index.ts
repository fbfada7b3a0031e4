/**
 * The context of an agent session: guidance, scoped context, rules and the
 * nested context manifest in a byte-stable system prompt, and nested
 * context bodies appended to tool results on first touch.
 */
export { assembleSystemPrompt } from './assemble-system-prompt.js';
export { createContextCache } from './create-context-cache.js';
export type { ContextCache } from './create-context-cache.js';
export { createContextSession } from './create-context-session.js';
export type { ContextSession, CreateContextSessionOptions } from './create-context-session.js';
export { PLAIN_SYSTEM_PROMPT } from './plain-system-prompt.js';
