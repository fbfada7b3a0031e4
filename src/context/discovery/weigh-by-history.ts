import { byScoreThenPath } from './compare-ranked.js';
import { TEST_FILE } from './rank-candidates.js';
import type { GoalMatch } from './retrieval/rank-by-goal.js';
import { tokenizeCode } from './retrieval/tokenize-code.js';
import { type GitHistory, MAX_COMMIT_FILES } from './git-history.js';

/** What the history says of one file, for the report: real commits, never stems. */
export interface HistoryEvidence {
  /** The goal match it changed together with most, and in how many commits. */
  coChangedWith?: { path: string; commits: number };
  /** Past commits touching the file whose subjects share the goal's words, and those words as the goal writes them. */
  subjects?: { commits: number; words: string[] };
  /** Changed in the most recent commits (within RECENT_COMMITS). */
  isRecent?: boolean;
}

/** A goal match re-scored with the history; `history` is set when the history added to its score. */
export interface WeighedMatch extends GoalMatch {
  history?: HistoryEvidence;
}

/**
 * How much each piece of history counts against the goal ranking, whose
 * best file scores 1 here. Measured on the tuning half of bench/real-tasks.
 */
export interface HistoryWeights {
  /** Subjects of past commits that touched the file and share the goal's words. */
  subjects: number;
  /** Files that change together with the best goal matches. */
  coChange: number;
  /** Files changed in the last RECENT_COMMITS commits. */
  recency: number;
}
/**
 * Co-change is 0: on the tuning half it lowered hit@4 at every weight tried
 * (0.05 to 1), as files added or lifted; it stays in the explanation of the
 * files the goal ranking found, where it is true and helps a reader.
 */
export const DEFAULT_HISTORY_WEIGHTS: HistoryWeights = { subjects: 0.5, coChange: 0, recency: 0.15 };

/** Goal matches whose co-changing files are followed. */
const CO_CHANGE_SEEDS = 5;
/** Commits two files must share before their co-change counts (one shared commit is chance). */
const MIN_SHARED_COMMITS = 2;
/** Best-matching commit subjects that lend their files a score. */
const SUBJECT_COMMITS = 30;
/** "Recently changed": among the newest this many commits. */
const RECENT_COMMITS = 100;
const K1 = 1.2;
const B = 0.5;
const TEST_FACTOR = 0.5;
/** Files returned at most, as the goal ranking does. */
const MAX_MATCHES = 50;

/**
 * Re-scores the goal ranking with what the repository's history says
 * (issue 17, item 2): a file changed by past commits whose subjects share the
 * goal's words (a past fix of "hydration mismatch" touched the file a new
 * report of one is about), a file that changes together with the best goal
 * matches (the co-change a change usually needs), and a file changed
 * recently. Each goal match keeps its own score, scaled so the best is 1, and
 * the history adds to it; files the history alone finds join the list, only
 * if `exists` (in the index now: a renamed or deleted path never comes back).
 * Sweeps (commits of more than MAX_COMMIT_FILES files) are left out. Tests
 * count half unless the goal is about tests. The scale of the goal ranking is
 * kept: the best file's score is unchanged when the history adds nothing to it.
 */
export function weighByHistory(matches: readonly GoalMatch[], history: GitHistory, goal: string, options: { exists: (path: string) => boolean; weights?: HistoryWeights }): WeighedMatch[] {
  const weights = options.weights ?? DEFAULT_HISTORY_WEIGHTS;
  const commits = history.commits.filter((commit) => commit.files.length > 0 && commit.files.length <= MAX_COMMIT_FILES);
  if (commits.length === 0) return [...matches];
  const best = matches[0]?.score ?? 0;
  const isAboutTests = /\b(?:tests?|specs?|vitest|jest|pytest)\b/i.test(goal);
  const scores = new Map<string, number>();
  const evidence = new Map<string, HistoryEvidence>();
  const note = (path: string, update: (item: HistoryEvidence) => void) => {
    const item = evidence.get(path) ?? {};
    update(item);
    evidence.set(path, item);
  };
  for (const match of matches) scores.set(match.path, best > 0 ? match.score / best : 0);
  const byPath = new Map(matches.map((match) => [match.path, match]));

  // Subjects: BM25 of the goal over past commit subjects; the best commits lend each of their files a share of their score.
  const subjectScores = scoreSubjects(commits, goal);
  const subjectBest = subjectScores[0]?.score ?? 0;
  if (subjectBest > 0 && weights.subjects > 0) {
    const lent = new Map<string, { score: number; commits: number; words: Set<string> }>();
    for (const { commit, score, words } of subjectScores.slice(0, SUBJECT_COMMITS)) {
      // A commit of one file says more about that file than a commit of ten says about each.
      const share = score / subjectBest / Math.sqrt(commit.files.length);
      for (const path of commit.files) {
        const item = lent.get(path) ?? { score: 0, commits: 0, words: new Set<string>() };
        item.score += share;
        item.commits += 1;
        for (const word of words) item.words.add(word);
        lent.set(path, item);
      }
    }
    const lentBest = Math.max(0, ...[...lent.values()].map((item) => item.score));
    for (const [path, item] of lent) {
      if (!options.exists(path) || lentBest <= 0) continue;
      scores.set(path, (scores.get(path) ?? 0) + (weights.subjects * item.score) / lentBest);
      note(path, (entry) => (entry.subjects = { commits: item.commits, words: [...item.words].slice(0, 4) }));
    }
  }

  // Co-change: the files that changed with the best goal matches, by the share of the seed's commits they were in.
  if (best > 0) {
    const commitsOf = new Map<string, number[]>();
    for (const [position, commit] of commits.entries()) for (const path of commit.files) commitsOf.set(path, [...(commitsOf.get(path) ?? []), position]);
    for (const seed of matches.slice(0, CO_CHANGE_SEEDS)) {
      const seedCommits = commitsOf.get(seed.path);
      if (seedCommits === undefined || seedCommits.length < MIN_SHARED_COMMITS) continue;
      const together = new Map<string, number>();
      for (const position of seedCommits) for (const path of commits[position]!.files) if (path !== seed.path) together.set(path, (together.get(path) ?? 0) + 1);
      for (const [path, shared] of together) {
        // Only a file the goal matches too: added on its own, a co-changing file was noise more often than the answer (bench/real-tasks, tuning half).
        if (shared < MIN_SHARED_COMMITS || !byPath.has(path)) continue;
        const added = weights.coChange * (seed.score / best) * (shared / seedCommits.length);
        if (added > 0) scores.set(path, (scores.get(path) ?? 0) + added);
        note(path, (entry) => {
          if (entry.coChangedWith === undefined || entry.coChangedWith.commits < shared) entry.coChangedWith = { path: seed.path, commits: shared };
        });
      }
    }
  }

  // Recency: a small lift for what changed lately, where work (and new bugs) are.
  if (weights.recency > 0) {
    const recent = new Set(commits.slice(0, RECENT_COMMITS).flatMap((commit) => commit.files));
    for (const path of scores.keys()) {
      if (!recent.has(path)) continue;
      scores.set(path, scores.get(path)! + weights.recency);
      note(path, (entry) => (entry.isRecent = true));
    }
  }

  const weighed: WeighedMatch[] = [];
  for (const [path, raw] of scores) {
    const score = !byPath.has(path) && TEST_FILE.test(path) && !isAboutTests ? raw * TEST_FACTOR : raw;
    const match = byPath.get(path) ?? { path, score: 0, matches: [], exactSymbols: [], namedPath: null };
    const item = evidence.get(path);
    weighed.push({ ...match, score: round(score * (best > 0 ? best : 1)), ...(item === undefined ? {} : { history: item }) });
  }
  weighed.sort(byScoreThenPath);
  return weighed.slice(0, MAX_MATCHES);
}

/** Commits whose subjects share the goal's terms, best first, with the goal's words that matched (as the goal writes them). */
function scoreSubjects(commits: GitHistory['commits'], goal: string): { commit: GitHistory['commits'][number]; score: number; words: string[] }[] {
  const surface = new Map<string, string>();
  for (const word of goal.match(/[A-Za-z_$][\w$]*/g) ?? []) for (const term of tokenizeCode(word)) if (!surface.has(term)) surface.set(term, word);
  const queryTerms = new Set(tokenizeCode(goal));
  if (queryTerms.size === 0) return [];
  const termsOf = commits.map((commit) => tokenizeCode(commit.subject));
  const frequency = new Map<string, number>();
  for (const terms of termsOf) for (const term of new Set(terms)) if (queryTerms.has(term)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const averageLength = termsOf.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, termsOf.length) || 1;
  const scored: { commit: GitHistory['commits'][number]; score: number; words: string[] }[] = [];
  for (const [position, terms] of termsOf.entries()) {
    const counts = new Map<string, number>();
    for (const term of terms) if (queryTerms.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
    if (counts.size === 0) continue;
    let score = 0;
    for (const [term, count] of counts) {
      const df = frequency.get(term)!;
      const idf = Math.log(1 + (commits.length - df + 0.5) / (df + 0.5));
      score += (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * terms.length) / averageLength));
    }
    scored.push({ commit: commits[position]!, score, words: [...counts.keys()].map((term) => surface.get(term) ?? term) });
  }
  return scored.sort((left, right) => right.score - left.score);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
