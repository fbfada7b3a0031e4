import { z } from 'zod';
import { plainFileName } from './plain-file-name.js';
import { positiveInteger } from './positive-integer.js';
import { untrusted } from './untrusted-behaviour.js';

/** Default of `guidance.fileNames`: `AGENTS.md`, falling back to `CLAUDE.md` in the same directory. */
export const DEFAULT_GUIDANCE_FILE_NAMES: readonly string[] = ['AGENTS.md', 'CLAUDE.md'];

/** Default of `guidance.rootMarkers`: a `.git` directory or file (worktrees and submodules have a file). */
export const DEFAULT_ROOT_MARKERS: readonly string[] = ['.git'];

/** Default of `guidance.maxBytes`: 32 KiB. */
export const DEFAULT_GUIDANCE_MAX_BYTES = 32 * 1024;

/** `guidance`: project guidance files loaded into the system prompt, and how the project root is found. */
export const GuidanceSchema = z
  .strictObject({
    fileNames: untrusted(
      z
        .array(plainFileName().meta({ title: 'file name' }))
        .min(1, { error: 'expected at least one file name' })
        .default(() => [...DEFAULT_GUIDANCE_FILE_NAMES])
        .describe(
          'Names of guidance and nested context files, in order of preference: in each directory the first that exists is used. Ignored in an untrusted workspace file when it adds a name.',
        ),
      { rule: 'no-new-entries', reason: 'names other files to read into the prompt, also in your config directory' },
    ),
    rootMarkers: untrusted(
      z
        .array(plainFileName().meta({ title: 'file name' }))
        .min(1, { error: 'expected at least one marker name' })
        .default(() => [...DEFAULT_ROOT_MARKERS])
        .describe(
          'Names whose presence (as a file or a directory) marks the project root: the nearest ancestor of the workspace holding one is the root. Ignored in an untrusted workspace file when it adds a name.',
        ),
      { rule: 'no-new-entries', reason: 'could move the project root up and read guidance from directories above the workspace' },
    ),
    maxBytes: positiveInteger(
      DEFAULT_GUIDANCE_MAX_BYTES,
      'Bytes of guidance text the system prompt holds in total, shared fairly among the files; cuts are announced. An untrusted workspace file may only lower it.',
    ),
  })
  .describe('Project guidance (AGENTS.md from the project root down to the working directory, plus the user-level file).');
