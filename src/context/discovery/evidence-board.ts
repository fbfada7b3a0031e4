/**
 * Why a file may matter. Three groups, scored differently (see rankCandidates):
 * where the failure shows (`error-location`, `stack-frame`, `failing-test`,
 * `test-subject`, `mentioned`), what the failure is about (`defines`,
 * `module-named`, `imported-binding`, `related-location`), and what the
 * person and the working tree say (`goal-path`, `goal-words`, `changed`,
 * `search-hit`, `goal-match`, `history`, `goal-imports`, `import-agreement`).
 */
export type EvidenceKind =
  | 'error-location'
  | 'stack-frame'
  | 'failing-test'
  | 'test-subject'
  | 'mentioned'
  | 'related-location'
  | 'module-named'
  | 'defines'
  | 'imported-binding'
  /** Every failing test file reaches the file through its imports. */
  | 'common-dependency'
  /** The file changed lately (working tree or newest commit) and the failure reaches it. */
  | 'changed-reached'
  | 'goal-path'
  | 'goal-words'
  | 'changed'
  | 'search-hit'
  /** The file holds a message the goal quotes ("Cannot read properties of undefined"). */
  | 'goal-message'
  | 'goal-match'
  /** The repository's history points at the file: co-change with a goal match, past commits about the goal's words, recent change. */
  | 'history'
  /** Goal matches reach the file through their imports (one or two hops). */
  | 'goal-imports'
  | 'import-agreement';

export type EvidenceGroup = 'symptom' | 'cause' | 'context';

export const EVIDENCE_GROUP: Readonly<Record<EvidenceKind, EvidenceGroup>> = {
  'error-location': 'symptom',
  'stack-frame': 'symptom',
  'failing-test': 'symptom',
  'test-subject': 'symptom',
  mentioned: 'symptom',
  'related-location': 'cause',
  'module-named': 'cause',
  defines: 'cause',
  'imported-binding': 'cause',
  'common-dependency': 'cause',
  'changed-reached': 'cause',
  'goal-path': 'context',
  'goal-words': 'context',
  changed: 'context',
  'search-hit': 'context',
  'goal-message': 'context',
  'goal-match': 'context',
  history: 'context',
  'goal-imports': 'context',
  'import-agreement': 'context',
};

export interface Evidence {
  kind: EvidenceKind;
  weight: number;
  /** One line for people: "defines AuthClient, the type named in 2 errors". */
  detail: string;
}

/** Collects evidence per workspace-relative file; one entry per (kind, key), the heaviest kept. */
export interface EvidenceBoard {
  /** Adds evidence; `key` makes repeated facts count once (e.g. one error line reported by two tools). */
  add(path: string, key: string, evidence: Evidence): void;
  /** Whether discovery read or found `path` by a failure (a direct file). */
  markDirect(path: string): void;
  isDirect(path: string): boolean;
  paths(): string[];
  evidenceOf(path: string): Evidence[];
}

export function createEvidenceBoard(): EvidenceBoard {
  const byPath = new Map<string, Map<string, Evidence>>();
  const direct = new Set<string>();
  return {
    add(path, key, evidence) {
      let entries = byPath.get(path);
      if (entries === undefined) {
        entries = new Map();
        byPath.set(path, entries);
      }
      const entryKey = `${evidence.kind}\u0000${key}`;
      const known = entries.get(entryKey);
      if (known === undefined || known.weight < evidence.weight) entries.set(entryKey, evidence);
    },
    markDirect(path) {
      direct.add(path);
    },
    isDirect: (path) => direct.has(path),
    paths: () => [...byPath.keys()],
    evidenceOf: (path) => [...(byPath.get(path)?.values() ?? [])],
  };
}
