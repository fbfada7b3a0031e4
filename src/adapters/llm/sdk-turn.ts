/**
 * Everything that needs the AI SDK packages, in one module that createLlm
 * loads on the first model request: importing them costs ~0.3 s, which
 * every CLI command would otherwise pay at start-up.
 */
export { classifyLlmError } from './classify-llm-error.js';
export { createLanguageModel } from './create-language-model.js';
export { StreamAbortedError, streamTurn } from './stream-turn.js';
