import type { ContextFile } from './read-context-files.js';
import type { RetrievalCoverage } from './retrieval/build-retrieval-index.js';
import { failedCommandTail } from './failed-command-tail.js';
import type { CommandRecord } from './run-validation-commands.js';
import type { SearchRecord } from './search-identifiers.js';
import type { PackageManager } from './validation-command.js';

/** A path signal: a workspace file a failure or the goal named, with its position when known. */
export interface SignalPath {
  path: string;
  line?: number;
  column?: number;
}

/** Everything one discovery pass found, for the planning prompt and for `brass-agent discover`. */
export interface DiscoveryResult {
  /** False when `context.enabled` is false: nothing was inspected, run or read. */
  isEnabled: boolean;
  packageManager: PackageManager | null;
  commands: CommandRecord[];
  signals: { paths: SignalPath[]; identifiers: string[] };
  searches: SearchRecord[];
  /** Files read for the prompt, best first, at most `maxFiles`. */
  files: ContextFile[];
  /** The summary lines for the planning prompt. */
  summary: string;
  /** One line each: what did not go as planned (unparseable manifests, denied commands, failed searches). */
  warnings: string[];
  /** What the goal index covered and left out (why, how many, a few examples); absent when no goal index was built. */
  index?: RetrievalCoverage;
}

/** `outputTail` and `hint` of a failed command, for the JSON document (see failedCommandTail). */
function failedCommandFields(command: CommandRecord): { outputTail?: string[]; hint?: string } {
  const tail = failedCommandTail(command);
  if (tail === null) return {};
  return { outputTail: tail.lines, ...(tail.hint === undefined ? {} : { hint: tail.hint }) };
}

/** One file of `files`: the contract's keys, plus with `withExcerpts` why it was chosen and the text read. */
export interface DiscoverFileJson {
  path: string;
  reason: 'direct' | 'search' | 'goal';
  score: number;
  /** UTF-8 bytes of the text read (`excerpt`). */
  bytes: number;
  /** With `withExcerpts`: the evidence that chose it, strongest first. */
  why?: string[];
  /** With `withExcerpts`: the size of the whole file. */
  totalBytes?: number;
  /** With `withExcerpts`: only windows of the file were read. */
  isPartial?: boolean;
  /** With `withExcerpts`, for a partial file: the windows read (1-based, inclusive lines), in file order. */
  windows?: { start: number; end: number }[];
  /** With `withExcerpts`: the text read, the whole file or its windows each under a `… lines a-b of n …` header, within the discovery's byte budget. */
  excerpt?: string;
}

/** The `brass-agent discover --json` document (CLI contract v1). */
export interface DiscoverJson {
  version: 1;
  packageManager: PackageManager | null;
  /** `sandboxed` for a command that ran; `reason` for one not run because it could not be sandboxed. */
  /** For a command that ran and failed (added in place, version 1 still): `outputTail`, its output's last lines, and `hint` for a common cause. */
  commands: { name: string; command: string; ran: boolean; exitCode: number | null; durationMs: number | null; sandboxed?: boolean; reason?: string; outputTail?: string[]; hint?: string }[];
  signals: { paths: SignalPath[]; identifiers: string[] };
  searches: { query: string; matches: number; truncated: boolean }[];
  files: DiscoverFileJson[];
  summary: string;
  /** The goal index's coverage (added in place, version 1 still): present when the goal was ranked over an index. */
  index?: RetrievalCoverage;
}

/**
 * The CLI contract's JSON shape of a discovery result: exactly its keys,
 * workspace-relative forward-slash paths, durations in whole milliseconds.
 * `withExcerpts` adds to each file why it was chosen and the text read
 * (for the MCP server, whose client would otherwise read every file again).
 */
export function toDiscoverJson(result: DiscoveryResult, options: { withExcerpts?: boolean } = {}): DiscoverJson {
  return {
    version: 1,
    packageManager: result.packageManager,
    commands: result.commands.map((command) => ({
      name: command.name,
      command: command.command,
      ran: command.ran,
      exitCode: command.exitCode,
      durationMs: command.durationMs === null ? null : Math.round(command.durationMs),
      ...(command.ran && command.sandboxed !== undefined ? { sandboxed: command.sandboxed } : {}),
      ...(command.reason === undefined ? {} : { reason: command.reason }),
      ...failedCommandFields(command),
    })),
    signals: { paths: result.signals.paths.map((path) => ({ ...path })), identifiers: [...result.signals.identifiers] },
    searches: result.searches.map((search) => ({ query: search.query, matches: search.matches, truncated: search.truncated })),
    files: result.files.map((file) => ({
      path: file.path,
      reason: file.reason,
      score: file.score,
      bytes: file.bytes,
      ...(options.withExcerpts === true
        ? { why: [...file.why], totalBytes: file.totalBytes, isPartial: file.isPartial, ...(file.windows === undefined ? {} : { windows: file.windows.map((window) => ({ start: window.start, end: window.end })) }), excerpt: file.content }
        : {}),
    })),
    summary: result.summary,
    ...(result.index === undefined ? {} : { index: { codeFiles: result.index.codeFiles, indexed: result.index.indexed, leftOut: result.index.leftOut.map((item) => ({ reason: item.reason, count: item.count, examples: [...item.examples] })) } }),
  };
}

/**
 * The document with everything that can hold a secret redacted: file and
 * signal paths (a secret-shaped file name, issue 15, item 16), identifiers,
 * search queries, a failed command's output lines, the summary, the index's
 * examples, and the files' evidence and excerpts. What `discover --json`
 * prints and the MCP server returns.
 */
export function redactDiscoverJson(document: DiscoverJson, redact: (text: string) => string): DiscoverJson {
  return {
    ...document,
    files: document.files.map((file) => ({
      ...file,
      path: redact(file.path),
      ...(file.why === undefined ? {} : { why: file.why.map(redact) }),
      ...(file.excerpt === undefined ? {} : { excerpt: redact(file.excerpt) }),
    })),
    // A failing command's output can hold a secret (a token in an assertion): its shown lines are redacted too.
    commands: document.commands.map((command) => (command.outputTail === undefined ? command : { ...command, outputTail: command.outputTail.map(redact) })),
    signals: { paths: document.signals.paths.map((signal) => ({ ...signal, path: redact(signal.path) })), identifiers: document.signals.identifiers.map(redact) },
    searches: document.searches.map((search) => ({ ...search, query: redact(search.query) })),
    summary: redact(document.summary),
    ...(document.index === undefined ? {} : { index: { ...document.index, leftOut: document.index.leftOut.map((item) => ({ ...item, examples: item.examples.map(redact) })) } }),
  };
}
