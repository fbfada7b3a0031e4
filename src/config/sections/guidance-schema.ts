import * as z from 'zod';
import { plainFileName } from './plain-file-name.js';
import { positiveInteger } from './positive-integer.js';
import { untrusted } from './untrusted-behaviour.js';

/**
 * Default of `guidance.fileNames`, in order of preference in each directory:
 * `AGENTS.override.md` replaces `AGENTS.md` (Codex's meaning of it: at most
 * one file per directory, the override first), then the files of the agents
 * people migrate from, `CLAUDE.md` (Claude Code) and `GEMINI.md` (Gemini CLI).
 */
export const DEFAULT_GUIDANCE_FILE_NAMES: readonly string[] = ['AGENTS.override.md', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md'];

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
          'Names of guidance and nested context files, in order of preference: in each directory the first that exists is used (so AGENTS.override.md replaces AGENTS.md); at the project root .github/copilot-instructions.md is used when none exists. `@path` imports in them are followed. Ignored in an untrusted workspace file when it adds a name.',
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
  .describe('Project guidance (AGENTS.md or another agent\'s file from the project root down to the working directory, plus the user-level file).');
