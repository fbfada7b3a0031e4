import { parseImports } from '../parse-imports.js';
import { extractDeclaredSymbols } from './extract-declared-symbols.js';
import { splitCodeAndProse } from './split-code-and-prose.js';
import { countCodeTermIds, startTermIds, termsById } from './tokenize-code.js';

/** The fields a file is indexed under, most telling first. */
export const RETRIEVAL_FIELDS = ['path', 'symbols', 'identifiers', 'body'] as const;
export type RetrievalField = (typeof RETRIEVAL_FIELDS)[number];
/** Fields per term in `IndexedDocument.counts`. */
export const FIELD_COUNT = RETRIEVAL_FIELDS.length;

/**
 * One indexed source file: term frequencies and lengths per field. Flat
 * arrays rather than a map per field: thousands of documents are built,
 * cached and loaded per run, and four maps each dominated that cost.
 */
export interface IndexedDocument {
  path: string;
  /** The distinct terms of every field. */
  terms: string[];
  /** Occurrences of `terms[i]` in field `f` (RETRIEVAL_FIELDS order) at `counts[i * FIELD_COUNT + f]`; 0 where absent. */
  counts: ArrayLike<number>;
  lengths: Record<RetrievalField, number>;
  /** Declared names, lower-cased whole (`authclient`), for exact matches. */
  declared: Set<string>;
  /** Declared names as written, for explanations. */
  declaredNames: string[];
  /** Module specifiers it imports that may name a workspace file (relative, aliased, workspace packages), for import-graph expansion. */
  imports: string[];
}

/** Specifiers kept per file: a barrel re-exporting hundreds of modules is not a useful neighbourhood. */
export const MAX_IMPORTS_PER_DOCUMENT = 64;
const SCRIPT_PATH = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;
/** Node built-ins, URLs and absolute paths never name a workspace file. */
const NOT_A_WORKSPACE_MODULE = /^(?:node:|[a-z][\w+.-]*:|\/)/i;

/**
 * Per term id (see startTermIds): the last document that had the term and
 * its position in that document's `terms`. Reused from document to document
 * (indexing is synchronous): a map per document cost more than the rest.
 */
let termStamps = new Int32Array(1 << 16);
let termPositions = new Int32Array(1 << 16);
let documentNumber = 0;

function growTermSlots(id: number): void {
  let size = termStamps.length;
  while (size <= id) size *= 2;
  const stamps = new Int32Array(size);
  stamps.set(termStamps);
  const positions = new Int32Array(size);
  positions.set(termPositions);
  termStamps = stamps;
  termPositions = positions;
}

/**
 * Indexes one source file: its path tokens, the symbols it declares, the
 * identifiers its code uses (comments and strings removed) and its prose
 * (comments and string literals).
 */
export function indexDocument(path: string, content: string): IndexedDocument {
  return indexDocumentWithIds(path, content, null);
}

/**
 * indexDocument, also pushing onto `ids` the id (see termsById) of each of
 * the document's terms, in its `terms` order: valid while termIdGeneration
 * stays what it was before the call.
 */
export function indexDocumentWithIds(path: string, content: string, ids: number[] | null): IndexedDocument {
  const { code, prose } = splitCodeAndProse(content);
  const declaredNames = extractDeclaredSymbols(code, path);
  const texts: Record<RetrievalField, string> = { path: path.replace(/\.[^./]+$/, ''), symbols: declaredNames.join(' '), identifiers: code, body: prose };
  startTermIds();
  documentNumber += 1;
  const terms: string[] = [];
  const counts: number[] = [];
  const lengths = {} as Record<RetrievalField, number>;
  let field = 0;
  const add = (id: number, occurrences: number) => {
    if (id >= termStamps.length) growTermSlots(id);
    if (termStamps[id] !== documentNumber) {
      termStamps[id] = documentNumber;
      termPositions[id] = terms.length;
      terms.push(termsById[id]!);
      ids?.push(id);
      for (let slot = 0; slot < FIELD_COUNT; slot += 1) counts.push(0);
    }
    counts[termPositions[id]! * FIELD_COUNT + field]! += occurrences;
  };
  for (const [position, name] of RETRIEVAL_FIELDS.entries()) {
    field = position;
    lengths[name] = countCodeTermIds(texts[name], add);
  }
  return { path, terms, counts, lengths, declared: new Set(declaredNames.map((name) => name.toLowerCase())), declaredNames, imports: importsOf(path, content) };
}

/** A document's term → occurrences in one field (for explanations and tests; ranking reads the flat arrays). */
export function termCountsOf(document: IndexedDocument, field: RetrievalField): Map<string, number> {
  const offset = RETRIEVAL_FIELDS.indexOf(field);
  const counts = new Map<string, number>();
  document.terms.forEach((term, position) => {
    const count = document.counts[position * FIELD_COUNT + offset]!;
    if (count > 0) counts.set(term, count);
  });
  return counts;
}

/**
 * The words of a path a goal can name it by: its file name (lower case,
 * without extension or `.test`/`.spec`; not `index`, at least 3 characters)
 * and its directories (at least 4 characters, not `src`, `lib`, `test`, `tests`).
 */
export function pathWordsOf(path: string): { base: string | null; directories: string[] } {
  const segments = path.toLowerCase().split('/');
  const base = segments.pop()!.replace(/\.[^.]+$/, '').replace(/\.(?:test|spec)$/, '');
  return { base: base !== 'index' && base.length >= 3 ? base : null, directories: segments.filter((segment) => segment.length >= 4 && !['src', 'lib', 'test', 'tests'].includes(segment)) };
}

/** The distinct import specifiers of a script or Python file, in order, capped. */
function importsOf(path: string, content: string): string[] {
  const language = path.endsWith('.py') ? 'python' : SCRIPT_PATH.test(path) ? 'script' : null;
  if (language === null) return [];
  const specifiers = new Set<string>();
  for (const statement of parseImports(content, language)) {
    if (specifiers.size >= MAX_IMPORTS_PER_DOCUMENT) break;
    if (!NOT_A_WORKSPACE_MODULE.test(statement.specifier)) specifiers.add(statement.specifier);
  }
  return [...specifiers];
}
