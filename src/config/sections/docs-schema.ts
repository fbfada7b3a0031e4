import * as z from 'zod';
import { nonEmptyString } from './non-empty-string.js';
import { positiveInteger } from './positive-integer.js';
import { appliesUntrusted, untrusted } from './untrusted-behaviour.js';

/** Default of `docs.dir`. */
export const DEFAULT_DOCS_DIR = 'docs';

/** Default of `docs.maxPageBytes`: 1 MiB. */
export const DEFAULT_DOCS_MAX_PAGE_BYTES = 1024 * 1024;

/** `docs`: the docs map (regions, search, canonical targets) over the project's Markdown docs. */
export const DocsSchema = z
  .strictObject({
    // Applies in an untrusted workspace: its pages are read only inside the workspace, through the permission rules.
    dir: appliesUntrusted(
      z
        .union([nonEmptyString(), z.array(nonEmptyString()).min(1, { error: 'expected at least one directory' })], {
          error: 'expected a directory or a non-empty array of directories',
        })
        .default(DEFAULT_DOCS_DIR)
        .meta({ title: 'directory or array of directories' })
        .describe(
          'Directory (or directories) of Markdown and MDX docs, relative to the workspace root. Each top-level subdirectory is a region. Directories and files starting with "_" are internal and never shown.',
        ),
    ),
    maxPageBytes: positiveInteger(
      DEFAULT_DOCS_MAX_PAGE_BYTES,
      'Docs pages are read and indexed up to this many bytes; the rest of a larger page is left out. An untrusted workspace file may only lower it.',
    ),
    cache: untrusted(
      z
        .boolean({ error: 'expected true or false' })
        .default(true)
        .describe('Keep the docs index in the user cache directory ($XDG_CACHE_HOME/brass-agent/docs-index), keyed by file sizes and mtimes. Queries are never cached.'),
      { rule: 'not-to', value: true, reason: 'writes a docs index to your cache directory, which you turned off' },
    ),
  })
  .describe('Docs map.');
