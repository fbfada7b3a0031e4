import type { EvidenceBoard, EvidenceKind } from './evidence-board.js';
import { TEST_FILE } from './rank-candidates.js';
import type { IdentifierRole, IdentifierSignals } from './identifier-signals.js';
import type { DefinitionSites } from './trace-failures.js';

/** A name defined in more files than this is ambiguous: each definition gets a share of the weight. */
const MAX_AMBIGUITY_DIVISOR = 3;
const GOAL_WORD_WEIGHT = 1;
const MAX_GOAL_WORD_MATCHES = 3;
const CHANGED_WEIGHT = 3;
const CHANGED_ALONE_WEIGHT = 1.5;
/**
 * A file that changed lately and that the failure reaches (an error site, a
 * stack frame, a failing test's import): a new failure is most often caused
 * by the last edit, so this counts as evidence of the cause.
 */
const CHANGED_REACHED_WEIGHT = 3;
/** Evidence that the failure reaches a file. */
const FAILURE_REACH: ReadonlySet<EvidenceKind> = new Set(['error-location', 'stack-frame', 'failing-test', 'test-subject', 'imported-binding', 'module-named', 'common-dependency', 'defines']);
/** More changed files than this say nothing about the failure (a fresh clone, a mass reformat). */
export const MAX_CHANGED_FILES_FOR_RANKING = 25;

const ROLE_PHRASE: Readonly<Record<IdentifierRole, string>> = {
  type: 'the type named in',
  export: 'the missing export named in',
  missing: 'the name that cannot be found in',
  callee: 'the function called wrongly in',
  'goal-code': 'named in the goal',
  'goal-word': 'named in the goal',
  'at-column': 'the name at the position of',
  'error-line': 'used on the line of',
  quoted: 'named in',
  member: 'the member named in',
  suggestion: 'suggested by',
  'test-name': 'named by the failing test',
};

/**
 * `defines` evidence, added once every sighting of every name is counted:
 * each file defining a traced or searched name gets the name's weight,
 * shared when several files define it.
 */
export function addDefinitionEvidence(board: EvidenceBoard, identifiers: IdentifierSignals, sites: DefinitionSites): void {
  for (const [name, files] of sites) {
    const signal = identifiers.get(name);
    if (signal === undefined) continue;
    for (const file of files) signal.definedIn.add(file);
    const weight = signal.weight / Math.min(files.size, MAX_AMBIGUITY_DIVISOR);
    const context = signal.role.startsWith('goal') || signal.role === 'test-name' || signal.messages.length === 0 ? ROLE_PHRASE[signal.role] : `${ROLE_PHRASE[signal.role]} "${signal.messages[0]}"`;
    const times = signal.occurrences > 1 ? ` (${signal.occurrences} sightings)` : '';
    for (const file of files) board.add(file, `def:${name}`, { kind: 'defines', weight, detail: `defines ${name}, ${context}${times}` });
  }
}

/**
 * Evidence from the person and the working tree: goal words found in a
 * candidate's path segments (`auth` in `src/auth/client.ts`), and files the
 * git working tree has changed (strong next to other evidence, weak alone;
 * ignored when too many files changed to mean anything).
 */
export function addContextEvidence(board: EvidenceBoard, options: { goalWords: readonly string[]; changedFiles: readonly string[]; changedWhere?: string; hasFailures?: boolean }): void {
  const where = options.changedWhere ?? 'in the git working tree';
  // `tokens` in the goal matches `token` in a path, and the other way round.
  const words = new Set(options.goalWords.flatMap((word) => (word.endsWith('s') && word.length > 3 ? [word, word.slice(0, -1)] : [word, `${word}s`])));
  const isChangeMeaningful = options.changedFiles.length > 0 && options.changedFiles.length <= MAX_CHANGED_FILES_FOR_RANKING;
  const changed = new Set(isChangeMeaningful ? options.changedFiles : []);
  for (const path of board.paths()) {
    if (words.size > 0) {
      const tokens = new Set(pathTokens(path));
      const matched = [...tokens].filter((token) => words.has(token)).slice(0, MAX_GOAL_WORD_MATCHES);
      for (const token of matched) board.add(path, `word:${token}`, { kind: 'goal-words', weight: GOAL_WORD_WEIGHT, detail: `its path matches "${token}" from the goal` });
    }
    if (!changed.has(path)) continue;
    // A changed test says what is wanted, not what broke: it is not taken for the cause.
    if (options.hasFailures === true && !TEST_FILE.test(path) && board.evidenceOf(path).some((item) => FAILURE_REACH.has(item.kind))) {
      board.add(path, 'changed-reached', { kind: 'changed-reached', weight: CHANGED_REACHED_WEIGHT, detail: `changed ${where}, and the failure reaches it` });
    }
    board.add(path, 'changed', { kind: 'changed', weight: CHANGED_WEIGHT, detail: `changed ${where}` });
  }
  for (const path of changed) {
    if (board.evidenceOf(path).length === 0) board.add(path, 'changed', { kind: 'changed', weight: CHANGED_ALONE_WEIGHT, detail: `changed ${where}` });
  }
}

/** `src/auth/AuthClient.ts` → `src`, `auth`, `authclient`, `auth`, `client`, `ts`: lower-case words of the path. */
export function pathTokens(path: string): string[] {
  const tokens: string[] = [];
  for (const part of path.split(/[/._-]+/)) {
    if (part.length === 0) continue;
    tokens.push(part.toLowerCase());
    for (const word of part.split(/(?<=[a-z0-9])(?=[A-Z])/)) if (word !== part) tokens.push(word.toLowerCase());
  }
  return tokens;
}
