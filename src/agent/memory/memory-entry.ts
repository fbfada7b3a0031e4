import type { MemoryScope } from '../../core/index.js';

/**
 * Who an entry's text came from: the person (`brass-agent memory edit`),
 * the model's own words (`remember`), or a tool result of the session
 * (`remember` quoting what a tool showed it: a file, a command's output),
 * which a hostile repository could have written. See detectToolResultSource.
 */
export type MemorySource = 'person' | 'model' | 'tool-result';

/** Every source, for validation. */
export const MEMORY_SOURCES: readonly MemorySource[] = ['person', 'model', 'tool-result'];

/** One memory entry: a small Markdown text with a front block. */
export interface MemoryEntry {
  id: string;
  scope: MemoryScope;
  /** One line, at most MAX_MEMORY_TITLE_CHARS characters. */
  title: string;
  /** The Markdown body. */
  text: string;
  /** At most MAX_MEMORY_TAGS short lowercase words. */
  tags: string[];
  source: MemorySource;
  /** The session that wrote it (its name or id), or null (the CLI). */
  session: string | null;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
}

/** What a writer supplies; the id, scope and times come from the store and the clock. */
export interface MemoryEntryInput {
  title: string;
  text: string;
  tags?: readonly string[];
}

/** Characters of a title kept (the same cap as the labels of context files). */
export const MAX_MEMORY_TITLE_CHARS = 120;
/** Bytes of an entry's text accepted: a memory is a few short paragraphs, not a file. */
export const MAX_MEMORY_TEXT_BYTES = 8 * 1024;
/** Tags an entry may have. */
export const MAX_MEMORY_TAGS = 8;
/** A tag: a short lowercase word (letters, digits, `.`, `_`, `-`), at most 32 characters. */
export const MEMORY_TAG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}._-]{0,31}$/u;
