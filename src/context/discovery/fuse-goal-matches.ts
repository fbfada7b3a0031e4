import type { ImportAgreement } from './find-import-agreements.js';
import type { RankedCandidate } from './rank-candidates.js';
import { type GoalMatch, describeGoalMatch } from './retrieval/rank-by-goal.js';
import { fuseRankings } from './retrieval/fuse-rankings.js';

/** goal score / (goal score + GOAL_SCORE_HALF_POINT) is the 0..1 score of a file chosen through the goal alone. */
const GOAL_SCORE_HALF_POINT = 10;

/**
 * Fuses the failure-driven ranking with the goal ranking by reciprocal
 * ranks (fuseRankings). With failures, every failure-driven candidate takes
 * part and a goal match needs two distinct goal terms, a declared name or
 * a named path (isStrongMatch); without any, only files the goal names keep
 * their place, the goal ranking decides the rest and files changed in the
 * working tree follow (the goal ranking does what the signal searches of a
 * prose goal try to do, better: see bench/retrieval). A file
 * found only through the goal has reason `goal`; a file both found gains
 * the goal's explanation as its last reason. An import agreement (a goal
 * match that a failing file imports, see findImportAgreements) joins the
 * failure-driven list right behind its importer, so both lists count it.
 * An empty goal ranking leaves `ranked` as it is.
 */
export function fuseGoalMatches(ranked: readonly RankedCandidate[], matches: readonly GoalMatch[], options: { hasFailures: boolean; agreements?: readonly ImportAgreement[] }): RankedCandidate[] {
  // Beside a failure, one goal word ("fix the token bug") is too weak to add a file of its own.
  const admitted = options.hasFailures ? matches.filter(isStrongMatch) : matches;
  if (admitted.length === 0) return [...ranked];
  const base = options.hasFailures ? ranked : ranked.filter((candidate) => candidate.reason === 'direct' || candidate.evidence.some((item) => item.kind === 'goal-path'));
  // Without failures, a file changed in the working tree is context, not an answer to the goal: it follows the fused list.
  const changedOnly = options.hasFailures ? [] : ranked.filter((candidate) => !base.includes(candidate) && candidate.evidence.some((item) => item.kind === 'changed'));
  const matchByPath = new Map(admitted.map((match) => [match.path, match]));
  const agreements = (options.agreements ?? []).filter((agreement) => matchByPath.has(agreement.path));
  const fused = fuseRankings([withAgreements(base.map((candidate) => candidate.path), agreements), admitted.map((match) => match.path)]);
  const order = [...fused, ...changedOnly.map((candidate) => candidate.path).filter((path) => !fused.includes(path))];
  const byPathAll = new Map([...base, ...changedOnly].map((candidate) => [candidate.path, candidate]));
  const agreementByPath = new Map(agreements.map((agreement) => [agreement.path, agreement]));
  return order.map((path) => {
    const candidate = byPathAll.get(path);
    const match = matchByPath.get(path);
    const agreement = agreementByPath.get(path);
    const goalEvidence = [
      ...(match === undefined ? [] : [{ kind: 'goal-match' as const, weight: match.score, detail: describeGoalMatch(match) }]),
      ...(agreement === undefined ? [] : [{ kind: 'import-agreement' as const, weight: 1, detail: `imported by ${agreement.importedBy}, where the failure is, and the goal points at it too` }]),
    ];
    if (candidate !== undefined) return { ...candidate, evidence: [...candidate.evidence, ...goalEvidence] };
    const score = Math.round((match!.score / (match!.score + GOAL_SCORE_HALF_POINT)) * 100) / 100;
    return { path, score, rawScore: match!.score, reason: 'goal' as const, evidence: goalEvidence };
  });
}

/**
 * The failure-driven order with each import agreement moved up to just
 * behind the failing file that imports it: the failure points at it as
 * surely as at the files traced from its messages, and the goal agrees.
 */
function withAgreements(paths: readonly string[], agreements: readonly ImportAgreement[]): string[] {
  let order = [...paths];
  for (const agreement of [...agreements].reverse()) {
    const seedAt = order.indexOf(agreement.importedBy);
    const at = order.indexOf(agreement.path);
    if (seedAt < 0 || (at >= 0 && at <= seedAt + 1)) continue;
    order = order.filter((path) => path !== agreement.path);
    order.splice(order.indexOf(agreement.importedBy) + 1, 0, agreement.path);
  }
  return order;
}

/** At least two distinct goal terms, or a declared name the goal spells, or a file or directory the goal names. */
function isStrongMatch(match: GoalMatch): boolean {
  return new Set(match.matches.flatMap((item) => item.terms)).size >= 2 || match.exactSymbols.length > 0 || match.namedPath !== null;
}
