import { GIT_FILTER_DRIVERS_ARGV, type ParallelService, type Runtime } from '../../core/index.js';
import type { Config } from '../../config/index.js';
import { addContextEvidence, addDefinitionEvidence } from './add-derived-evidence.js';
import { buildDiscoverySummary } from './build-discovery-summary.js';
import { collectSymptoms } from './collect-symptoms.js';
import { createFileProbe } from './create-file-probe.js';
import { createPathFilter } from './create-path-filter.js';
import { MAX_ANALYSIS_READS, createSourceReader } from './create-source-reader.js';
import type { DiscoveryResult, SignalPath } from './discovery-result.js';
import { createEvidenceBoard } from './evidence-board.js';
import { extractDiagnostics } from './extract-diagnostics.js';
import { extractGoalSignals } from './extract-goal-signals.js';
import { findDefinitions } from './find-definitions.js';
import { findImportAgreements } from './find-import-agreements.js';
import { createIndexImportGraph } from './index-import-graph.js';
import { propagateGoalImports } from './propagate-goal-imports.js';
import { demoteByRole, fuseGoalMatches } from './fuse-goal-matches.js';
import { combineTitleRanking } from './combine-title-ranking.js';
import { goalQueryText, goalTitleOf } from './goal-query-text.js';
import { createIdentifierSignals } from './identifier-signals.js';
import { inspectProject } from './inspect-project.js';
import { normalizeSignalPath } from './normalize-signal-path.js';
import { rankCandidates } from './rank-candidates.js';
import type { GitAnswerMemo } from './git-answer-memo.js';
import type { GitHistory } from './git-history.js';
import { readGitHistory } from './read-git-history.js';
import { weighByHistory } from './weigh-by-history.js';
import { hasGitDirectory, readChangedFiles } from './read-changed-files.js';
import { type FocusLines, readContextFiles } from './read-context-files.js';
import { type ImportResolver, createImportResolver } from './resolve-import.js';
import { MAX_FALLBACK_TRIES, type Failure, type OutputDiagnostics, resolveFailures, resolveLocationPath } from './resolve-failures.js';
import { type CommandRecord, runValidationCommands } from './run-validation-commands.js';
import { type RetrievalCoverage, type RetrievalIndex, buildRetrievalIndex } from './retrieval/build-retrieval-index.js';
import type { RetrievalIndexCache } from './retrieval/retrieval-index-cache.js';
import { rankByGoal } from './retrieval/rank-by-goal.js';
import { searchGoalText } from './search-goal-text.js';
import { searchIdentifiers } from './search-identifiers.js';
import { traceFailures } from './trace-failures.js';
import type { ValidationCommand } from './validation-command.js';

/** Path signals reported (JSON `signals.paths`); the rest of a flood is counted in the summary only. */
export const MAX_SIGNAL_PATHS = 60;
/** Identifier signals reported. */
export const MAX_SIGNAL_IDENTIFIERS = 30;
/** Early signal files used to find the nearest package.json. */
const MAX_EARLY_SIGNAL_FILES = 5;

/** A command discovery is about to run: the argv exactly, and where it came from. */
export interface PlannedCommand {
  argv: readonly string[];
  source: ValidationCommand['source'] | 'git';
}

/** Progress of a discovery pass, for a CLI to show on stderr. */
export type DiscoveryProgress =
  | { kind: 'command-start'; command: ValidationCommand }
  | { kind: 'command-end'; record: CommandRecord }
  /** The goal index: files done of those to index (read or taken from the cache), first with done 0, last with done equal to total. */
  | { kind: 'index'; done: number; total: number };

export interface DiscoverContextOptions {
  /** Every read, stat, listing and search goes through it. */
  runtime: Runtime;
  config: Pick<Config, 'context' | 'project'>;
  /** What the person asked for; its paths and identifiers are signals too. */
  goal?: string;
  /** Output of a validation run done elsewhere, treated exactly like the output of a validation command. */
  validationOutput?: string;
  /** Run the validation commands (default true). `git status` runs either way when the root is a git tree. */
  run?: boolean;
  /**
   * Builds the runtime that runs the validation commands and `git status`,
   * given exactly the commands discovery will run (argv and where each came
   * from), so its permission service can allow those and nothing else.
   * Default: `runtime` (whose rules decide).
   */
  createCommandRuntime?: (commands: readonly PlannedCommand[]) => Runtime;
  /** Timeout per validation command; default the runtime's shell timeout. */
  commandTimeoutMs?: number;
  /**
   * Rank the workspace's code files for the goal (BM25F over paths, declared
   * names, identifiers and comments) and fuse that ranking with the
   * failure-driven one (default true; false gives the signal search alone).
   */
  useGoalRanking?: boolean;
  /**
   * Keeps the goal ranking's index of the workspace between runs (the Node
   * entry points pass one under the user's cache directory): unchanged
   * files are then not read again. Without it the index is built in memory.
   */
  retrievalCache?: RetrievalIndexCache;
  /** Threads to build the goal ranking's index on (the Node entry points pass the workspace's worker pool); without it the index is built on this one. */
  parallel?: ParallelService;
  /**
   * With failures and a goal, follow the failing files' imports one hop and
   * promote a file the goal also matches; with a goal, let the goal matches'
   * evidence flow along their imports (propagateGoalImports). Default true;
   * false is for measuring what the expansion adds.
   */
  useImportExpansion?: boolean;
  /**
   * Weigh the goal ranking with the repository's history: co-change with the
   * best matches, past commits about the goal's words, recent change
   * (default true; false is for measuring what the history adds).
   */
  useHistory?: boolean;
  /**
   * Keeps the answers of `git config` (filter drivers) and `git rev-parse
   * HEAD` across the discoveries of one connection while the files they
   * depend on are unchanged (the MCP server passes one); without it git is
   * asked every time.
   */
  gitMemo?: GitAnswerMemo;
  signal?: AbortSignal;
  onProgress?: (event: DiscoveryProgress) => void;
  /**
   * Redacts each file read for the prompt whole, before large files are cut
   * into windows (a window inside a key block holds no header to redact by).
   */
  redact?: (text: string) => string;
}

/**
 * The failure-driven context discovery pass that runs before the first
 * planning call: inspect the project (package.json, package manager,
 * validation commands), run the allowed commands, extract path and
 * identifier signals from the goal and every output, read the files the
 * failures name, trace names to their definitions (imports, then fixed-string
 * searches), rank the candidates, read the best `maxFiles` and summarise.
 * Everything is an action through `runtime`; nothing here touches the disk
 * or spawns a process. Never throws for a denied, failing or hanging command
 * or an unreadable file: they are recorded and discovery goes on.
 *
 * @example
 * const result = await discoverContext({ runtime, config, goal: 'fix the failing test', run: false, validationOutput });
 * console.log(result.summary);
 * for (const file of result.files) console.log(file.path, file.score, file.why[0]);
 */
export async function discoverContext(options: DiscoverContextOptions): Promise<DiscoveryResult> {
  const { runtime, config } = options;
  const context = config.context;
  if (!context.enabled) {
    return { isEnabled: false, packageManager: null, commands: [], signals: { paths: [], identifiers: [] }, searches: [], files: [], summary: 'Context discovery: disabled (context.enabled is false)', warnings: [] };
  }
  const root = runtime.scope.root;
  const filter = createPathFilter({ excludeGlobs: context.excludeGlobs });
  const probe = createFileProbe(runtime, filter);
  const goal = extractGoalSignals(options.goal ?? '');
  const providedOutput: OutputDiagnostics[] = options.validationOutput === undefined ? [] : [{ diagnostics: extractDiagnostics(options.validationOutput), baseDirectory: '.', origin: 'validation output' }];

  // Step 1 needs the nearest package.json to the signals known before anything runs.
  const earlyFiles: string[] = [];
  for (const raw of [...goal.paths, ...providedOutput.flatMap((output) => output.diagnostics.flatMap((diagnostic) => diagnostic.locations))]) {
    if (earlyFiles.length >= MAX_EARLY_SIGNAL_FILES) break;
    const path = await resolveLocationPath(raw, '.', { root, probe, goModule: null });
    if (path !== null && !earlyFiles.includes(path)) earlyFiles.push(path);
  }
  const project = await inspectProject({ runtime, probe, project: config.project, signalFiles: earlyFiles });
  const warnings = [...project.warnings];

  const isGitTree = await hasGitDirectory(runtime);
  const planned: PlannedCommand[] = [
    ...project.commands.map((command) => ({ argv: command.argv, source: command.source })),
    ...(isGitTree ? [{ argv: GIT_FILTER_DRIVERS_ARGV, source: 'git' as const }] : []),
  ];
  const commandRuntime = options.createCommandRuntime?.(planned) ?? runtime;
  const commands: CommandRecord[] =
    options.run === false
      ? project.commands.map((command) => ({ ...command, ran: false, exitCode: null, durationMs: null, timedOut: false, output: '' }))
      : await runValidationCommands({
          runtime: commandRuntime,
          commands: project.commands,
          ...(options.commandTimeoutMs === undefined ? {} : { timeoutMs: options.commandTimeoutMs }),
          ...(options.signal ? { signal: options.signal } : {}),
          onCommandStart: (command) => options.onProgress?.({ kind: 'command-start', command }),
          onCommandEnd: (record) => options.onProgress?.({ kind: 'command-end', record }),
        });
  for (const record of commands) {
    if (record.problem !== undefined) warnings.push(`${record.name} (${record.command}): ${record.problem}`);
    if (record.unsandboxedNote !== undefined) warnings.push(`${record.name} (${record.command}) ${record.unsandboxedNote}`);
  }
  // The status argv depends on what the first git command reads, so its runtime is built for that exact argv.
  // Started now, awaited after the searches: `git status` and the reads and searches below run side by side.
  const gitRuntimeFor = (argv: readonly string[]) => options.createCommandRuntime?.([{ argv, source: 'git' }]) ?? runtime;
  const changedFilesRead = isGitTree ? readChangedFiles((argv) => (argv === GIT_FILTER_DRIVERS_ARGV ? commandRuntime : gitRuntimeFor(argv)), options.gitMemo) : Promise.resolve([]);
  // Handled here too, so a failure while the searches still run is not an unhandled rejection; it is thrown where awaited.
  changedFilesRead.catch(() => undefined);
  // The goal's history and index are started now too: listing and indexing run on this thread while git and the
  // searches below run as processes. Their warnings are added where they were awaited, so the order stays the same.
  const isGoalRanked = options.useGoalRanking !== false && (options.goal ?? '').trim() !== '';
  const historyWarnings: string[] = [];
  const historyRead =
    isGoalRanked && isGitTree && options.useHistory !== false
      ? readGitHistory({ runtimeFor: gitRuntimeFor, warnings: historyWarnings, ...(options.gitMemo ? { memo: options.gitMemo } : {}), ...(options.retrievalCache ? { cache: options.retrievalCache } : {}), ...(options.signal ? { signal: options.signal } : {}) })
      : Promise.resolve(null);
  historyRead.catch(() => undefined);
  const indexBuild = !isGoalRanked
    ? null
    : buildRetrievalIndex({
        runtime,
        filter,
        globs: context.globs,
        // Only awaited when the workspace has more code files than the index takes.
        recentPaths: async () => recentPathsOf(await changedFilesRead, await historyRead),
        ...(options.retrievalCache ? { cache: options.retrievalCache } : {}),
        ...(options.parallel ? { parallel: options.parallel } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: (done: number, total: number) => options.onProgress?.({ kind: 'index', done, total }) } : {}),
      });
  indexBuild?.catch(() => undefined);

  // Step 4: signals from the goal and every output.
  const outputs: OutputDiagnostics[] = [
    ...providedOutput,
    ...commands.filter((record) => record.output.length > 0).map((record) => ({ diagnostics: extractDiagnostics(record.output), baseDirectory: record.cwd, origin: record.name })),
  ];
  const resolver = createImportResolver({ runtime, probe, workspacePatterns: project.workspacePatterns });
  // Only indexed when a path resolves neither from its command's directory nor from the root.
  let packageDirectories: Promise<string[]> | null = null;
  const fallbackDirectories = () => (packageDirectories ??= resolver.packageDirectories().then((directories) => [...new Set([...project.packageDirectories.filter((directory) => directory !== '.'), ...directories])]));
  const failures = await resolveFailures(outputs, { root, probe, goModule: project.goModule, fallbackDirectories, fallbackBudget: { remaining: MAX_FALLBACK_TRIES } });
  const board = createEvidenceBoard();
  const identifiers = createIdentifierSignals();
  const directFiles = collectSymptoms(failures, board, identifiers);
  const goalPaths: SignalPath[] = [];
  for (const raw of goal.paths) {
    const path = await resolveLocationPath(raw, '.', { root, probe, goModule: project.goModule });
    if (path === null) {
      // A path that leaves the workspace is never read; the person is told rather than left guessing.
      if (normalizeSignalPath(raw.path, { root }) === null && /^(?:\/|~\/|\.\.\/|[A-Za-z]:[\\/]|file:)/i.test(raw.path)) warnings.push(`the goal names ${raw.path}, outside the workspace: not read`);
      continue;
    }
    goalPaths.push({ path, ...(raw.line === undefined ? {} : { line: raw.line }), ...(raw.column === undefined ? {} : { column: raw.column }) });
    board.markDirect(path);
    board.add(path, 'goal', { kind: 'goal-path', weight: 8, detail: 'named in the goal' });
  }
  for (const identifier of goal.identifiers) identifiers.add(identifier.name, identifier.from === 'code' ? 'goal-code' : 'goal-word', 'the goal');

  // Steps 5 and 6: read the direct files, trace names to definitions, search the rest.
  const reader = createSourceReader(runtime, { maxReads: MAX_ANALYSIS_READS + context.maxFiles * 3 });
  const sites = await traceFailures({ failures, directFiles: [...goalPaths.map((path) => path.path), ...directFiles], reader, resolver, board, identifiers });
  const searches = [
    ...(await searchIdentifiers({ runtime, identifiers, sites, context, filter, board, ...(options.signal ? { signal: options.signal } : {}) })),
    ...(await searchGoalText({ runtime, messages: goal.messages, chains: goal.chains, context, filter, board, ...(options.signal ? { signal: options.signal } : {}) })),
  ];
  for (const search of searches) if (search.problem !== undefined) warnings.push(`search for ${search.query}: ${search.problem}`);
  addDefinitionEvidence(board, identifiers, sites);
  const changedFiles = await changedFilesRead;
  const changed = await recentChangesOf(changedFiles.filter((path) => filter.isAllowed(path)), { isGitTree, hasFailures: failures.length > 0, runtimeFor: gitRuntimeFor, ...(options.signal ? { signal: options.signal } : {}) });
  addContextEvidence(board, { goalWords: goal.words, changedFiles: changed.files.filter((path) => filter.isAllowed(path)), changedWhere: changed.where, hasFailures: failures.length > 0 });

  // Steps 7 to 9: rank, read the best, summarise.
  const testFailureFiles = new Set(failures.filter((failure) => failure.source === 'tsc' || failure.source === 'eslint').flatMap((failure) => failure.locations.map((location) => location.path)));
  const isGoalAboutTests = /\b(?:tests?|specs?)\b/i.test(options.goal ?? '');
  const failureRanked = rankCandidates(board, { isTestFailureAbout: (path) => isGoalAboutTests || testFailureFiles.has(path) });
  const history = await historyRead;
  warnings.push(...historyWarnings);
  const goalIndex: { coverage?: RetrievalCoverage } = {};
  const ranked =
    indexBuild === null
      ? failureRanked
      : await fuseWithGoal(options.goal ?? '', failureRanked, await indexBuild, {
          filter,
          hasFailures: failures.length > 0,
          history,
          resolver: options.useImportExpansion === false ? null : resolver,
          warnings,
          goalIndex,
        });
  const focus = await focusLinesOf(ranked.slice(0, context.maxFiles * 3).map((candidate) => candidate.path), failures, identifiers.ranked(), reader);
  const terms = { identifiers: [...goal.identifiers.map((signal) => signal.name), ...identifiers.ranked().slice(0, MAX_SIGNAL_IDENTIFIERS).map((signal) => signal.name)], words: goal.words };
  const files = await readContextFiles({ reader, ranked, maxFiles: context.maxFiles, focus, terms, ...(options.redact ? { redact: options.redact } : {}) });
  const paths = signalPathsOf(failures, goalPaths);
  const identifierNames = identifiers.ranked().slice(0, MAX_SIGNAL_IDENTIFIERS).map((signal) => signal.name);
  const summary = buildDiscoverySummary({ packageManager: project.packageManager, commands, searches, paths, identifiers: identifierNames, files });
  return { isEnabled: true, packageManager: project.packageManager, commands, signals: { paths, identifiers: identifierNames }, searches, files, summary, warnings, ...(goalIndex.coverage ? { index: goalIndex.coverage } : {}) };
}

/**
 * The failure-driven ranking fused with the goal ranking over the workspace
 * index. The goal's best matches pass their
 * evidence along their imports, two hops at most, to files several of them
 * reach (propagateGoalImports); with failures, the imports of the failing
 * files are also followed one hop to the goal matches they reach
 * (findImportAgreements).
 */
async function fuseWithGoal(
  goal: string,
  ranked: ReturnType<typeof rankCandidates>,
  index: RetrievalIndex,
  options: { filter: ReturnType<typeof createPathFilter>; hasFailures: boolean; history: GitHistory | null; resolver: ImportResolver | null; warnings: string[]; goalIndex: { coverage?: RetrievalCoverage } },
) {
  options.goalIndex.coverage = index.coverage;
  // Skipped binary or minified files are expected (index.notes); a cut or failed listing and cache trouble are warnings.
  options.warnings.push(...index.warnings);
  const indexed = new Set(index.documents.map((document) => document.path));
  const query = goalQueryText(goal);
  const title = goalTitleOf(goal);
  const goalMatches = title === query.trim() ? rankByGoal(index, query) : combineTitleRanking(rankByGoal(index, query), rankByGoal(index, title));
  const weighed = options.history === null ? goalMatches : weighByHistory(goalMatches, options.history, query, { exists: (path) => indexed.has(path) && options.filter.isAllowed(path) });
  const demoted = demoteByRole(weighed, title);
  const { resolver } = options;
  // One graph for both walks: each file's imports are resolved once.
  const graph = resolver === null ? null : createIndexImportGraph(index, (specifier, fromFile) => resolver.resolve(specifier, fromFile));
  const matches = graph === null ? demoted : await propagateGoalImports(demoted, graph, { goalTitle: title });
  const agreements =
    options.hasFailures && graph !== null && matches.length > 0 ? await findImportAgreements({ seeds: ranked.filter((candidate) => candidate.reason === 'direct').map((candidate) => candidate.path), graph, matches }) : [];
  return fuseGoalMatches(ranked, matches, { hasFailures: options.hasFailures, agreements });
}

/**
 * What changed last, for failures: the working tree's changes, or with a
 * clean tree the newest commit's files (a failure seen right after a commit
 * most often comes from it). Only the one commit is read, uncached: two git
 * calls, and only when there are failures and nothing is changed.
 */
async function recentChangesOf(
  changedFiles: readonly string[],
  options: { isGitTree: boolean; hasFailures: boolean; runtimeFor: (argv: readonly string[]) => Runtime; signal?: AbortSignal },
): Promise<{ files: readonly string[]; where: string }> {
  const working = { files: changedFiles, where: 'in the git working tree' };
  if (changedFiles.length > 0 || !options.isGitTree || !options.hasFailures) return working;
  const newest = await readGitHistory({ runtimeFor: options.runtimeFor, maxCommits: 1, ...(options.signal ? { signal: options.signal } : {}) });
  const commit = newest?.commits[0];
  // A shallow clone's only commit lists every file: that says nothing.
  if (commit === undefined || newest?.isShallow === true) return working;
  // Not the subject: it is the repository's text, and this detail reaches the prompt.
  return { files: commit.files, where: 'by the newest commit' };
}

/** What changed lately, most recent first: the working tree's changes, then the files of the newest commits (for the index cap). */
function recentPathsOf(changedFiles: readonly string[], history: GitHistory | null): string[] {
  return [...new Set([...changedFiles, ...(history?.commits.flatMap((commit) => commit.files) ?? [])])];
}

/** Path signals, strongest role first (errors, related, frames, tests, mentions), deduplicated, capped. */
function signalPathsOf(failures: readonly Failure[], goalPaths: readonly SignalPath[]): SignalPath[] {
  const order = ['error', 'related', 'frame', 'test', 'mention'];
  const seen = new Set<string>();
  const paths: SignalPath[] = [];
  const add = (path: SignalPath) => {
    const key = `${path.path}:${path.line ?? ''}:${path.column ?? ''}`;
    if (seen.has(key) || paths.length >= MAX_SIGNAL_PATHS) return;
    seen.add(key);
    paths.push(path);
  };
  for (const path of goalPaths) add(path);
  for (const role of order) {
    for (const failure of failures) {
      for (const location of failure.locations) {
        if (location.role !== role) continue;
        add({ path: location.path, ...(location.line === undefined ? {} : { line: location.line }), ...(location.column === undefined ? {} : { column: location.column }) });
      }
    }
  }
  return paths;
}

/** Lines worth showing in a large file: where failures point, and where traced names are defined. */
async function focusLinesOf(paths: readonly string[], failures: readonly Failure[], identifiers: readonly { name: string; definedIn: ReadonlySet<string> }[], reader: ReturnType<typeof createSourceReader>): Promise<FocusLines> {
  const focus: FocusLines = new Map();
  for (const path of paths) {
    const lines = new Set<number>();
    for (const failure of failures) for (const location of failure.locations) if (location.path === path && location.line !== undefined) lines.add(location.line);
    const defined = identifiers.filter((signal) => signal.definedIn.has(path));
    if (defined.length > 0) {
      const source = await reader.read(path);
      if (source !== null) for (const signal of defined) for (const definition of findDefinitions(source.content, signal.name)) lines.add(definition.line);
    }
    if (lines.size > 0) focus.set(path, lines);
  }
  return focus;
}
