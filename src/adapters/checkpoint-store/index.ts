/**
 * The checkpoint store on disk, under the user's state directory (never
 * inside a repository): what `brass-agent undo` restores from.
 */
export { checkpointDirectory } from './checkpoint-directory.js';
export { KEPT_MANIFESTS_PER_WORKSPACE, createFileCheckpointStore } from './file-checkpoint-store.js';
export type { FileCheckpointStore } from './file-checkpoint-store.js';
