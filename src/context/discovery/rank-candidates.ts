import { compareText } from './compare-ranked.js';
import { EVIDENCE_GROUP, type Evidence, type EvidenceBoard } from './evidence-board.js';

/** A candidate file with its score and the evidence behind it, strongest first. */
export interface RankedCandidate {
  path: string;
  /** 0..1, monotonic in `rawScore`. */
  score: number;
  rawScore: number;
  /** `goal`: chosen through the goal ranking alone (see fuseGoalMatches). */
  reason: 'direct' | 'search' | 'goal';
  evidence: Evidence[];
}

// Group caps: piling up symptoms in one file (ten errors in the same importer)
// must not outweigh one precise statement of the cause elsewhere.
const SYMPTOM_CAP = 8;
const CAUSE_CAP = 14;
const CONTEXT_CAP = 8;
/** Symptoms beyond the strongest count this much: they are mostly the same fact seen by several tools. */
const EXTRA_SYMPTOM_FACTOR = 0.35;
/** Files with less evidence than this (a mere use of a searched name) are not worth a place in the prompt. */
export const MIN_RAW_SCORE = 1;
/** raw / (raw + SCORE_HALF_POINT): a raw score of 6 maps to 0.5. */
const SCORE_HALF_POINT = 6;

/** Matches test files across ecosystems: `a.test.ts`, `a.spec.js`, `__tests__/`, `test_a.py`, `a_test.go`, `tests/`. */
export const TEST_FILE = /(?:^|\/)(?:__tests__|__mocks__|tests?|spec|e2e)\/|\.(?:test|spec|e2e)\.[cm]?[jt]sx?$|(?:^|\/)test_[^/]+\.py$|_test\.(?:go|py)$/;

/**
 * Step 7: scores every file on the board and sorts them, best first (ties:
 * path order, so the result is deterministic). A file's raw score is its
 * capped symptom score (the strongest symptom plus a fraction of the rest)
 * plus its capped cause and context sums, then scaled down for test files
 * (unless the failure is in the test's own code: `isTestFailureAbout`),
 * declaration files and non-code files.
 */
export function rankCandidates(board: EvidenceBoard, options: { isTestFailureAbout: (path: string) => boolean }): RankedCandidate[] {
  const ranked = board.paths().map((path) => {
    const evidence = board.evidenceOf(path).sort((left, right) => right.weight - left.weight || compareText(left.detail, right.detail));
    const symptoms = evidence.filter((item) => EVIDENCE_GROUP[item.kind] === 'symptom').map((item) => item.weight);
    const strongest = symptoms.length === 0 ? 0 : Math.max(...symptoms);
    const symptom = Math.min(SYMPTOM_CAP, strongest + EXTRA_SYMPTOM_FACTOR * (symptoms.reduce((sum, weight) => sum + weight, 0) - strongest));
    const cause = Math.min(CAUSE_CAP, sumOf(evidence, 'cause'));
    const context = Math.min(CONTEXT_CAP, sumOf(evidence, 'context'));
    const rawScore = round((symptom + cause + context) * pathFactor(path, evidence, options.isTestFailureAbout(path)));
    const score = round(rawScore / (rawScore + SCORE_HALF_POINT));
    const reason: RankedCandidate['reason'] = board.isDirect(path) ? 'direct' : 'search';
    return { path, score, rawScore, reason, evidence };
  });
  return ranked.filter((candidate) => candidate.rawScore >= MIN_RAW_SCORE).sort((left, right) => right.rawScore - left.rawScore || compareText(left.path, right.path));
}

function sumOf(evidence: readonly Evidence[], group: 'cause' | 'context'): number {
  return evidence.filter((item) => EVIDENCE_GROUP[item.kind] === group).reduce((sum, item) => sum + item.weight, 0);
}

function pathFactor(path: string, evidence: readonly Evidence[], isAboutTest: boolean): number {
  const isNamed = evidence.some((item) => item.kind === 'goal-path');
  if (isNamed) return 1;
  if (TEST_FILE.test(path) && !isAboutTest) return 0.6;
  if (path.endsWith('.d.ts')) return 0.7;
  if (/\.(?:md|mdx|json|ya?ml|txt|lock)$/.test(path) && !evidence.some((item) => item.kind === 'error-location')) return 0.5;
  return 1;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

