/**
 * The terminal-safe renderer moved up to `src/cli/terminal-safe-text.ts` so
 * the CLI's output helpers (loaded at start-up) can use it; this path keeps
 * the old imports working.
 */
export { terminalSafeLines, terminalSafeName, terminalSafeText } from '../terminal-safe-text.js';
