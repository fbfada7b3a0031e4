import type { ActionError } from '../actions/observation.js';

/**
 * Why a context file (guidance, scoped or nested) could not be read, in
 * words for a person or a model. The runtime's own messages name absolute
 * paths (the target of a symlink out of the workspace, for one); these do
 * not. `scopeName` names what the file left (`workspace`, `project`).
 */
export function describeReadFailure(error: ActionError, scopeName = 'workspace'): string {
  switch (error.code) {
    case 'not-found':
      return 'it does not exist (deleted or renamed)';
    case 'outside-workspace':
      return `it resolves outside the ${scopeName} (a symlink pointing elsewhere)`;
    case 'not-a-regular-file':
      return 'it is not a regular file (a FIFO, socket or device)';
    case 'is-a-directory':
      return 'it is a directory';
    case 'binary':
      return 'it is a binary file';
    case 'symlink-loop':
      return 'it is a symlink loop';
    case 'changed-during-access':
      return 'it changed while it was read (replaced by a symlink?)';
    case 'denied':
      return 'reading it is denied by the permission rules';
    case 'permission-denied':
      return 'the operating system denies reading it';
    case 'timeout':
      return 'reading it timed out';
    default:
      return `it could not be read (${error.code})`;
  }
}
