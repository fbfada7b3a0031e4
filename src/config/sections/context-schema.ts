import * as z from 'zod';
import { nonEmptyString } from './non-empty-string.js';
import { positiveInteger } from './positive-integer.js';
import { appliesUntrusted } from './untrusted-behaviour.js';

/**
 * Files the discovery pass looks at by default: what repositories are made
 * of. JS/TS; Vue, Svelte and Astro components; Python, Go, Rust, Java,
 * Kotlin, Scala, C#, Swift, Ruby, PHP, C/C++/Objective-C (headers too),
 * Lua, Dart, Elixir, Erlang, Clojure; shell; CSS, SCSS, Sass, Less, HTML;
 * JSON, Markdown, YAML. The goal index keeps the code among them (not JSON
 * or Markdown); `.env*` files are never indexed.
 */
export const DEFAULT_CONTEXT_GLOBS: readonly string[] = [
  ...['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'],
  ...['vue', 'svelte', 'astro'],
  ...['py', 'pyi', 'go', 'rs', 'java', 'kt', 'kts', 'scala', 'cs', 'swift', 'rb', 'php'],
  ...['c', 'cc', 'cpp', 'cxx', 'h', 'hh', 'hpp', 'hxx', 'm', 'mm', 'lua', 'dart', 'ex', 'exs', 'erl', 'clj'],
  ...['sh', 'bash', 'zsh'],
  ...['css', 'scss', 'sass', 'less', 'html', 'htm'],
  ...['json', 'md', 'mdx', 'yml', 'yaml'],
].map((extension) => `*.${extension}`);

/** `context`: the discovery pass that gathers code before the first model call. */
export const ContextSchema = z
  .strictObject({
    enabled: appliesUntrusted(z.boolean({ error: 'expected true or false' }).default(true).describe('Run the context discovery pass before the first model call.')),
    maxSearchQueries: positiveInteger(3, 'Most text searches the discovery pass runs. An untrusted workspace file may only lower it.'),
    maxFiles: positiveInteger(4, 'Most files the discovery pass reads into the context. An untrusted workspace file may only lower it.'),
    maxSearchResults: positiveInteger(40, 'Most search matches the discovery pass considers per query. An untrusted workspace file may only lower it.'),
    globs: appliesUntrusted(
      z
        .array(nonEmptyString().meta({ title: 'glob' }))
        .default(() => [...DEFAULT_CONTEXT_GLOBS])
        .describe('Include globs (ripgrep --glob syntax) of files the discovery pass searches.'),
    ),
    excludeGlobs: appliesUntrusted(
      z
        .array(nonEmptyString().meta({ title: 'glob' }))
        .default(() => [])
        .describe('Exclude globs of files the discovery pass never searches, applied after globs.'),
    ),
    // Applies in an untrusted workspace: a context path that leads outside the workspace is skipped.
    paths: appliesUntrusted(
      z
        .array(nonEmptyString().meta({ title: 'context path' }))
        .optional()
        .describe(
          'Workspace files (or globs, or directories: their context file) inlined into every system prompt: the global layer of scoped context, below agents.<name>.context and flow steps. Same templates as there.',
        ),
    ),
    maxScopedBytes: positiveInteger(
      32 * 1024,
      'Bytes of scoped context (files named by context.paths, agents and flow steps) the system prompt holds in total, shared fairly; cuts are announced. An untrusted workspace file may only lower it.',
    ),
  })
  .describe('Context discovery.');
