/**
 * The session store on disk, under the user's state directory (never inside
 * a repository): what `chat --resume` and `--continue` read back.
 */
export { sessionsDirectory, stateDirectory } from './sessions-directory.js';
export { MAX_SESSION_FILE_BYTES, MAX_SESSION_RECORD_BYTES, createFileSessionStore } from './file-session-store.js';
export type { FileSessionStore, FileSessionStoreOptions } from './file-session-store.js';
