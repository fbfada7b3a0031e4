import * as z from 'zod';
import { DEFAULT_SKIP_DIRS } from '../../core/index.js';
import { nonEmptyString } from './non-empty-string.js';
import { positiveInteger } from './positive-integer.js';
import { appliesUntrusted, untrusted } from './untrusted-behaviour.js';

/** Search engines the `search.engine` setting accepts. */
export const SEARCH_ENGINES = ['auto', 'ripgrep', 'node'] as const;

/** Default of `search.maxFileSizeBytes`: 1 MiB. */
export const DEFAULT_SEARCH_MAX_FILE_SIZE_BYTES = 1024 * 1024;

/** `search`: how text search runs. */
export const SearchSchema = z
  .strictObject({
    engine: appliesUntrusted(
      z
        .enum(SEARCH_ENGINES)
        .default('auto')
        .describe(
          'Search engine. "auto" uses search.ripgrepPath when set, else the bundled ripgrep, else rg on PATH, else the pure-Node fallback; "ripgrep" requires ripgrep; "node" always uses the fallback.',
        ),
    ),
    ripgrepPath: untrusted(
      nonEmptyString().optional().describe('Path of the rg executable to use. Ignored in an untrusted workspace file, because it names a program to run.'),
      { rule: 'unchanged', reason: 'names a program to run' },
    ),
    maxFileSizeBytes: positiveInteger(
      DEFAULT_SEARCH_MAX_FILE_SIZE_BYTES,
      'Files larger than this many bytes are not searched. An untrusted workspace file may only lower it.',
    ),
    skipDirs: appliesUntrusted(
      z
        .array(nonEmptyString().meta({ title: 'directory name' }))
        .default(() => [...DEFAULT_SKIP_DIRS])
        .describe('Directory names that listing and search never enter, at any depth.'),
    ),
  })
  .describe('Text search.');
