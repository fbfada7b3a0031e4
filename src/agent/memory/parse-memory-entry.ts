import { InvalidInputError, type MemoryFile, type MemoryScope } from '../../core/index.js';
import { parseFrontmatter } from '../../core/context-text/parse-frontmatter.js';
import { MEMORY_SOURCES, type MemoryEntry, type MemorySource } from './memory-entry.js';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * Reads an entry file back (see renderMemoryEntry). Throws
 * InvalidInputError naming the file and the field for anything that is not
 * an entry: no front block, a missing or mistyped field, a scope that is
 * not the file's. Values are taken as they are; the writers prepared them.
 */
export function parseMemoryEntry(file: MemoryFile): MemoryEntry {
  const fields = parseMemoryFields(file.text, file.file);
  if (fields.scope !== file.scope) throw bad(file.file, `its scope is ${JSON.stringify(fields.scope)}, but it lies in the ${file.scope} memory`);
  return { id: file.id, ...fields };
}

/** The fields of an entry's text (also what `memory edit` reads back); `where` names the file in errors. */
export function parseMemoryFields(text: string, where: string): Omit<MemoryEntry, 'id'> {
  const parsed = parseFrontmatter(text);
  if (parsed.error !== undefined) throw bad(where, parsed.error);
  if (Object.keys(parsed.data).length === 0) throw bad(where, 'it has no front block (a --- line, title, tags, scope, source, session, createdAt, updatedAt, a --- line)');
  const data = parsed.data;
  const title = data['title'];
  if (typeof title !== 'string' || title.trim().length === 0) throw bad(where, 'title must be a non-empty string');
  const tags = data['tags'] ?? [];
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) throw bad(where, 'tags must be a list of words');
  const scope = data['scope'];
  if (scope !== 'workspace' && scope !== 'user') throw bad(where, 'scope must be "workspace" or "user"');
  const source = data['source'];
  if (typeof source !== 'string' || !MEMORY_SOURCES.includes(source as MemorySource)) throw bad(where, `source must be one of ${MEMORY_SOURCES.join(', ')}`);
  const session = data['session'] ?? null;
  if (session !== null && typeof session !== 'string') throw bad(where, 'session must be a string or null');
  const createdAt = data['createdAt'];
  const updatedAt = data['updatedAt'];
  if (typeof createdAt !== 'string' || !ISO_TIME.test(createdAt)) throw bad(where, 'createdAt must be an ISO time in quotes');
  if (typeof updatedAt !== 'string' || !ISO_TIME.test(updatedAt)) throw bad(where, 'updatedAt must be an ISO time in quotes');
  return { scope: scope as MemoryScope, title, text: parsed.body, tags: tags as string[], source: source as MemorySource, session, createdAt, updatedAt };
}

function bad(where: string, problem: string): InvalidInputError {
  return new InvalidInputError('memory entry', `${where}: ${problem}`);
}
