import { BrassError, MEMORY_SCOPES, type MemoryFile, type MemoryScope, type MemoryStore } from '../../core/index.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { type RecordSearch, type RecordSearchHit, createRecordSearch } from '../../context/docs/index.js';
import type { MemoryEntry, MemoryEntryInput, MemorySource } from './memory-entry.js';
import { parseMemoryEntry } from './parse-memory-entry.js';
import { prepareMemoryFields } from './prepare-memory-fields.js';
import { renderMemoryEntry } from './render-memory-entry.js';
import { MAX_MEMORY_INDEX_BYTES, MAX_MEMORY_INDEX_CANDIDATES, renderMemoryIndex } from './render-memory-index.js';

/** A scope's entries, newest first, and one line per entry file that could not be used (naming it). */
export interface MemoryEntries {
  entries: MemoryEntry[];
  problems: string[];
}

/** What a write did: the entry as stored and the entries evicted to stay within bounds (oldest first). */
export interface RememberResult {
  entry: MemoryEntry;
  evicted: { id: string; title: string }[];
}

/** The agent's memory: entries of both scopes, through one gate for writes and one ranker for search. */
export interface AgentMemory {
  /** Entries of one scope, or both (the workspace's first), newest first. */
  list(scope?: MemoryScope): Promise<MemoryEntries>;
  /** One entry by id, looked for in `scope` or in both; null when there is none. Throws InvalidInputError naming the file of a corrupt one. */
  get(id: string, scope?: MemoryScope): Promise<MemoryEntry | null>;
  /** At most `limit` (≤ 5) entries of `scope` or both for `query`, ranked by the docs ranker; snippets are neutralised. */
  search(query: string, options?: { scope?: MemoryScope; limit?: number }): Promise<{ results: RecordSearchHit[]; problems: string[] }>;
  /** Stores a new entry (see prepareMemoryFields: redacted, neutralised, bounded). */
  remember(input: MemoryEntryInput, options: { scope?: MemoryScope; source: MemorySource; session: string | null }): Promise<RememberResult>;
  /** Replaces an entry's title, text, tags and source (from `memory edit`), keeping its id, scope and creation time. */
  update(entry: MemoryEntry): Promise<RememberResult>;
  /** Removes an entry; the scope it was in, or null when there was none. */
  forget(id: string, scope?: MemoryScope): Promise<MemoryScope | null>;
  /** The system prompt's memory section for the workspace's entries as they are now (see renderMemoryIndex). */
  promptIndex(): Promise<string>;
}

/** Options of `createAgentMemory`. */
export interface AgentMemoryOptions {
  store: MemoryStore;
  /** The workspace redactor's text redaction: everything stored passes it first. */
  redact: (text: string) => string;
  /** ISO time for createdAt and updatedAt. */
  now: () => string;
}

/**
 * The agent's memory over a MemoryStore: entries are rendered and parsed
 * here (the store only keeps files), every write passes
 * prepareMemoryFields, search is the docs ranker over the entries
 * (createRecordSearch), built on first use and rebuilt after a write of
 * this memory. A corrupt entry file is reported by name and left out; the
 * others stay usable.
 *
 * @example
 * const memory = createAgentMemory({ store, redact: (text) => redactor.redact(text).text, now: () => new Date().toISOString() });
 * await memory.remember({ title: 'Tests', text: 'Run pnpm -F api test.' }, { source: 'model', session: 'main' });
 */
export function createAgentMemory(options: AgentMemoryOptions): AgentMemory {
  const { store, redact, now } = options;
  const searches = new Map<MemoryScope, { search: RecordSearch; problems: string[] }>();

  async function listScope(scope: MemoryScope): Promise<MemoryEntries> {
    const listing = await store.list(scope);
    const entries: MemoryEntry[] = [];
    const problems = listing.problems.map((problem) => problem.message);
    for (const file of listing.files) {
      const parsed = safeParse(file);
      if ('entry' in parsed) entries.push(parsed.entry);
      else problems.push(parsed.problem);
    }
    entries.reverse();
    return { entries, problems };
  }

  async function searchOf(scope: MemoryScope): Promise<{ search: RecordSearch; problems: string[] }> {
    const cached = searches.get(scope);
    if (cached !== undefined) return cached;
    const { entries, problems } = await listScope(scope);
    const built = { search: createRecordSearch(entries.map((entry) => ({ id: entry.id, title: entry.title, headings: entry.tags, body: entry.text }))), problems };
    searches.set(scope, built);
    return built;
  }

  async function write(scope: MemoryScope, id: string | null, fields: Omit<MemoryEntry, 'id'>): Promise<RememberResult> {
    const text = renderMemoryEntry(fields);
    const written = id === null ? await store.create(scope, text) : await store.replace(scope, id, text);
    searches.delete(scope);
    return { entry: { id: written.id, ...fields }, evicted: written.evicted.map((file) => ({ id: file.id, title: titleOf(file) })) };
  }

  const memory: AgentMemory = {
    async list(scope) {
      const parts = await Promise.all((scope === undefined ? MEMORY_SCOPES : [scope]).map(listScope));
      return { entries: parts.flatMap((part) => part.entries), problems: parts.flatMap((part) => part.problems) };
    },
    async get(id, scope) {
      for (const candidate of scope === undefined ? MEMORY_SCOPES : [scope]) {
        const file = await store.read(candidate, id);
        if (file !== null) return parseMemoryEntry(file);
      }
      return null;
    },
    async search(query, searchOptions = {}) {
      const scopes = searchOptions.scope === undefined ? MEMORY_SCOPES : [searchOptions.scope];
      const limit = searchOptions.limit ?? 5;
      const parts = await Promise.all(scopes.map(searchOf));
      const hits = await Promise.all(parts.map((part) => part.search.search(query, limit)));
      // The workspace's hits first, each scope in its own rank order: the ranker's scores are not comparable across two indexes.
      const results = interleave(hits)
        .slice(0, limit)
        .map((hit) => ({ id: hit.id, title: neutralizeReminderTags(hit.title), snippet: neutralizeReminderTags(redact(hit.snippet)) }));
      return { results, problems: parts.flatMap((part) => part.problems) };
    },
    async remember(input, rememberOptions) {
      const scope = rememberOptions.scope ?? 'workspace';
      const fields = prepareMemoryFields(input, redact);
      const time = now();
      const session = rememberOptions.session === null ? null : redact(rememberOptions.session);
      return write(scope, null, { ...fields, scope, source: rememberOptions.source, session, createdAt: time, updatedAt: time });
    },
    async update(entry) {
      const fields = prepareMemoryFields(entry, redact);
      return write(entry.scope, entry.id, { ...fields, scope: entry.scope, source: entry.source, session: entry.session, createdAt: entry.createdAt, updatedAt: now() });
    },
    async forget(id, scope) {
      for (const candidate of scope === undefined ? MEMORY_SCOPES : [scope]) {
        if (await store.remove(candidate, id)) {
          searches.delete(candidate);
          return candidate;
        }
      }
      return null;
    },
    async promptIndex() {
      // Only the newest files are read: the index holds at most MAX_MEMORY_INDEX_CANDIDATES lines.
      const ids = await store.listIds('workspace');
      // Read at once, not one after another: this runs as every session starts.
      const outcomes = await Promise.all(
        ids
          .slice(-MAX_MEMORY_INDEX_CANDIDATES)
          .reverse()
          .map((id) =>
            store.read('workspace', id).then(
              (file) => (file === null ? null : safeParse(file)),
              (error: unknown) => ({ problem: error instanceof Error ? error.message : String(error) }),
            ),
          ),
      );
      const newest = outcomes.flatMap((outcome) => (outcome !== null && 'entry' in outcome ? [outcome.entry] : []));
      const unreadable = outcomes.length - newest.length;
      return renderMemoryIndex(newest, MAX_MEMORY_INDEX_BYTES, ids.length - unreadable);
    },
  };
  return memory;
}

function safeParse(file: MemoryFile): { entry: MemoryEntry } | { problem: string } {
  try {
    return { entry: parseMemoryEntry(file) };
  } catch (error) {
    if (BrassError.isInstance(error)) return { problem: error.message };
    throw error;
  }
}

/** An evicted entry's title for the announcement; its id when the file did not parse. */
function titleOf(file: MemoryFile): string {
  const parsed = safeParse(file);
  return 'entry' in parsed ? parsed.entry.title : file.id;
}

/** Round-robin over ranked lists: the first of each, then the second of each... */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest; rank += 1) for (const list of lists) if (rank < list.length) merged.push(list[rank]!);
  return merged;
}
