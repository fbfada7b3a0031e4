import { byScoreThenPath } from './compare-ranked.js';
import type { Evidence } from './evidence-board.js';
import type { ImportAgreement } from './find-import-agreements.js';
import type { RankedCandidate } from './rank-candidates.js';
import type { HistoryEvidence, WeighedMatch } from './weigh-by-history.js';
import { roleFactorOf } from './path-role.js';
import { type PropagatedMatch, describeImports } from './propagate-goal-imports.js';
import { describeGoalMatch } from './retrieval/rank-by-goal.js';

type GoalMatch = PropagatedMatch;

/** goal score / (goal score + GOAL_SCORE_HALF_POINT) is the 0..1 goal score of a file. */
const GOAL_SCORE_HALF_POINT = 10;

/**
 * The places of the fused list, best first. `named`: a failure names the
 * file (an error site, a stack frame inside the workspace, a file a
 * diagnostic names), the goal names it, or it is an import agreement;
 * `other`: the goal ranking and the files found by tracing names (they
 * compete by score: a traced definition the goal agrees on rises);
 * `changed`: without failures, files changed in the working tree, context
 * rather than an answer to the goal.
 */
type Tier = 'named' | 'other' | 'changed';
const TIER_ORDER: readonly Tier[] = ['named', 'other', 'changed'];

interface Entry {
  candidate: RankedCandidate;
  tier: Tier;
  /** Unrounded 0..1; the order and the printed score both come from it. */
  score: number;
  /** Where the file stood in the failure ranking, then in the goal ranking: the tie-break. */
  position: number;
}

/**
 * Fuses the failure-driven ranking with the goal ranking into one list with
 * one final score per file, from which both the order and the printed score
 * come (issue 17, item 3). A file a failure names (reason `direct`, which
 * includes a file the goal names; or an import agreement: a goal match that
 * a failing file imports, see findImportAgreements) comes before every file
 * found through the goal alone, so goal evidence can never push it out of the `maxFiles` that are
 * read; goal matches fill the remaining places. Within a tier a file scores
 * the noisy-or of its failure score and its goal score
 * (1 − (1 − f)(1 − g), g = goal / (goal + 10)), so agreement between the two
 * raises a file; an import agreement takes its importer's failure score as
 * its own, so it rises just above the failing file that imports it. A later tier is scaled down, when needed, to score at most
 * what the weakest file of the tier before does, so the printed scores never
 * increase down the list.
 *
 * With failures, every failure-driven candidate takes part and a goal match
 * needs two distinct goal terms, a declared name or a named path
 * (isStrongMatch). Without any, only files the goal names keep their place,
 * the goal ranking alone decides the rest (the goal ranking does what the
 * signal searches of a prose goal try to do, better: see bench/retrieval)
 * and files changed in the working tree follow. A file found only through
 * the goal has reason `goal`; a file both found gains the goal's explanation
 * as its last reason. An empty goal ranking leaves `ranked` as it is.
 */
export function fuseGoalMatches(ranked: readonly RankedCandidate[], matches: readonly GoalMatch[], options: { hasFailures: boolean; agreements?: readonly ImportAgreement[] }): RankedCandidate[] {
  // Beside a failure, one goal word ("fix the token bug") is too weak to add a file of its own.
  const admitted = options.hasFailures ? matches.filter(isStrongMatch) : matches;
  if (admitted.length === 0) return [...ranked];
  const matchByPath = new Map(admitted.map((match) => [match.path, match]));
  const agreementByPath = new Map((options.agreements ?? []).filter((agreement) => matchByPath.has(agreement.path)).map((agreement) => [agreement.path, agreement]));
  const scoreByPath = new Map(ranked.map((candidate) => [candidate.path, candidate.score]));
  // The failure points at an import agreement through its importer as surely as at the importer itself.
  const importerScoreOf = (path: string) => scoreByPath.get(agreementByPath.get(path)?.importedBy ?? '') ?? 0;
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (const [position, candidate] of ranked.entries()) {
    const isNamed = candidate.reason === 'direct' || (options.hasFailures && agreementByPath.has(candidate.path));
    const isChanged = candidate.evidence.some((item) => item.kind === 'changed');
    // A message the goal quotes, found word for word, is as telling as a failure printing it.
    const isQuoted = candidate.evidence.some((item) => item.kind === 'goal-message');
    // Without failures, the signal searches of a prose goal are left to the goal ranking.
    if (!options.hasFailures && !isNamed && !isQuoted && !(isChanged && !matchByPath.has(candidate.path))) continue;
    const match = matchByPath.get(candidate.path);
    const tier: Tier = isNamed ? 'named' : options.hasFailures || isQuoted || match !== undefined ? 'other' : 'changed';
    // Without failures, the goal ranking alone orders the files it found (a quoted message's hits keep their own score).
    const failureScore = !options.hasFailures && tier === 'other' && !isQuoted ? 0 : Math.max(candidate.score, importerScoreOf(candidate.path));
    const evidence = [...candidate.evidence, ...goalEvidenceOf(match, agreementByPath.get(candidate.path))];
    entries.push({ candidate: { ...candidate, evidence }, tier, score: noisyOr(failureScore, goalScoreOf(match)), position });
    seen.add(candidate.path);
  }
  for (const [position, match] of admitted.entries()) {
    if (seen.has(match.path)) continue;
    const agreement = agreementByPath.get(match.path);
    const candidate: RankedCandidate = { path: match.path, score: 0, rawScore: match.score, reason: 'goal', evidence: goalEvidenceOf(match, agreement) };
    entries.push({ candidate, tier: agreement === undefined ? 'other' : 'named', score: noisyOr(importerScoreOf(match.path), goalScoreOf(match)), position: ranked.length + position });
  }
  return scoredInOrder(entries);
}

/**
 * Sorts by tier, then score (ties: failure ranking, then goal ranking), and
 * scales each tier down to at most the lowest score of the tier before.
 */
function scoredInOrder(entries: readonly Entry[]): RankedCandidate[] {
  const result: RankedCandidate[] = [];
  let ceiling = 1;
  for (const tier of TIER_ORDER) {
    const inTier = entries.filter((entry) => entry.tier === tier).sort((left, right) => right.score - left.score || left.position - right.position);
    if (inTier.length === 0) continue;
    const factor = Math.min(1, ceiling / inTier[0]!.score);
    for (const entry of inTier) result.push({ ...entry.candidate, score: round(entry.score * factor) });
    ceiling = inTier[inTier.length - 1]!.score * factor;
  }
  return result;
}

function goalEvidenceOf(match: GoalMatch | undefined, agreement: ImportAgreement | undefined): Evidence[] {
  return [
    ...(match === undefined || (match.matches.length === 0 && match.exactSymbols.length === 0 && match.namedPath === null) ? [] : [{ kind: 'goal-match' as const, weight: match.score, detail: describeGoalMatch(match) }]),
    ...(match?.history === undefined ? [] : [{ kind: 'history' as const, weight: match.score, detail: describeHistory(match.history) }]),
    ...(match?.imports === undefined ? [] : [{ kind: 'goal-imports' as const, weight: match.score, detail: describeImports(match.imports) }]),
    ...(agreement === undefined ? [] : [{ kind: 'import-agreement' as const, weight: 1, detail: `imported by ${agreement.importedBy}, where the failure is, and the goal points at it too` }]),
  ];
}

/**
 * Goal matches scored by what their files are for (roleFactorOf): tests,
 * fixtures, examples, docs, templates and CI yield to source unless the
 * goal's title is about them. Re-sorted, scores rounded as the ranking's.
 */
export function demoteByRole<M extends WeighedMatch>(matches: readonly M[], goalTitle: string): M[] {
  return matches
    .map((match) => ({ ...match, score: Math.round(match.score * roleFactorOf(match.path, goalTitle) * 1000) / 1000 }))
    .sort(byScoreThenPath);
}

/** One line in real terms: `changed together with src/a.ts in 14 commits; changed by 3 past commits about slot, hydration; changed recently`. */
export function describeHistory(history: HistoryEvidence): string {
  const parts: string[] = [];
  if (history.coChangedWith !== undefined) parts.push(`changed together with ${history.coChangedWith.path} in ${history.coChangedWith.commits} commits`);
  if (history.subjects !== undefined) parts.push(`changed by ${history.subjects.commits} past commit${history.subjects.commits === 1 ? '' : 's'} about ${history.subjects.words.join(', ')}`);
  if (history.isRecent === true) parts.push('changed recently');
  return parts.join('; ');
}

function goalScoreOf(match: GoalMatch | undefined): number {
  return match === undefined ? 0 : match.score / (match.score + GOAL_SCORE_HALF_POINT);
}

/** The chance that at least one of two independent pieces of evidence is right. */
function noisyOr(left: number, right: number): number {
  return 1 - (1 - left) * (1 - right);
}

/** At least two distinct goal terms, or a declared name the goal spells, or a file or directory the goal names. */
function isStrongMatch(match: GoalMatch): boolean {
  return new Set(match.matches.flatMap((item) => item.terms)).size >= 2 || match.exactSymbols.length > 0 || match.namedPath !== null;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
