import { parseImports } from '../parse-imports.js';
import { extractDeclaredSymbols } from './extract-declared-symbols.js';
import { tokenizeCode } from './tokenize-code.js';

/** The fields a file is indexed under, most telling first. */
export const RETRIEVAL_FIELDS = ['path', 'symbols', 'identifiers', 'body'] as const;
export type RetrievalField = (typeof RETRIEVAL_FIELDS)[number];

/** One indexed source file: term frequencies and lengths per field. */
export interface IndexedDocument {
  path: string;
  /** term → occurrences, per field. */
  terms: Record<RetrievalField, Map<string, number>>;
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

const COMMENT_OR_STRING = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?:^|\s)#[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/**
 * Indexes one source file: its path tokens, the symbols it declares, the
 * identifiers its code uses (comments and strings removed) and its prose
 * (comments and string literals).
 */
export function indexDocument(path: string, content: string): IndexedDocument {
  const prose: string[] = [];
  const code = content.replace(COMMENT_OR_STRING, (text) => {
    prose.push(text);
    return ' ';
  });
  const declaredNames = extractDeclaredSymbols(code);
  const fields: Record<RetrievalField, string[]> = {
    path: tokenizeCode(path.replace(/\.[^./]+$/, '')),
    symbols: declaredNames.flatMap((name) => tokenizeCode(name)),
    identifiers: tokenizeCode(code),
    body: tokenizeCode(prose.join('\n')),
  };
  const terms = {} as Record<RetrievalField, Map<string, number>>;
  const lengths = {} as Record<RetrievalField, number>;
  for (const field of RETRIEVAL_FIELDS) {
    const counts = new Map<string, number>();
    for (const term of fields[field]) counts.set(term, (counts.get(term) ?? 0) + 1);
    terms[field] = counts;
    lengths[field] = fields[field].length;
  }
  return { path, terms, lengths, declared: new Set(declaredNames.map((name) => name.toLowerCase())), declaredNames, imports: importsOf(path, content) };
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
