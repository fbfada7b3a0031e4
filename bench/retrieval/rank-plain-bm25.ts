/** Plain BM25 over file contents: lower-cased word tokens, no splitting of names, no stemming, no fields. */
const K1 = 1.2;
const B = 0.75;
const STOP_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'is', 'are', 'was', 'be', 'it', 'this', 'that', 'when', 'if', 'not', 'no', 'as', 'i']);

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9_]+/g) ?? []).filter((word) => !STOP_WORDS.has(word));
}

/** A plain BM25 index: word counts per file and document frequencies. */
export interface PlainBm25Index {
  documents: { path: string; counts: Map<string, number>; length: number }[];
  frequency: Map<string, number>;
  averageLength: number;
}

/** Indexes `contents` (path → text) for plain BM25. */
export function buildPlainBm25(contents: ReadonlyMap<string, string>): PlainBm25Index {
  const documents = [...contents].map(([path, text]) => {
    const counts = new Map<string, number>();
    const words = wordsOf(text);
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { path, counts, length: words.length };
  });
  const averageLength = documents.reduce((sum, document) => sum + document.length, 0) / Math.max(1, documents.length);
  const frequency = new Map<string, number>();
  for (const document of documents) for (const word of document.counts.keys()) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return { documents, frequency, averageLength };
}

/** Paths ranked by Okapi BM25 of `query`, best first; files without a matching word are left out. */
export function queryPlainBm25(index: PlainBm25Index, query: string): string[] {
  const { documents, frequency, averageLength } = index;
  const terms = [...new Set(wordsOf(query))];
  const scored = documents.map((document) => {
    let score = 0;
    for (const term of terms) {
      const count = document.counts.get(term);
      if (count === undefined) continue;
      const df = frequency.get(term)!;
      const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
      score += (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * document.length) / averageLength));
    }
    return { path: document.path, score };
  });
  return scored.filter((item) => item.score > 0).sort((left, right) => right.score - left.score || (left.path < right.path ? -1 : 1)).map((item) => item.path);
}

/** Paths ranked by Okapi BM25 of `query` over `contents`, best first (builds the index, then queries it). */
export function rankPlainBm25(contents: ReadonlyMap<string, string>, query: string): string[] {
  return queryPlainBm25(buildPlainBm25(contents), query);
}
