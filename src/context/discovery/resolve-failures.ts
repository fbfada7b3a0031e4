import { analyzeMessage, type MessageAnalysis } from './analyze-message.js';
import type { FileProbe } from './create-file-probe.js';
import type { Diagnostic, DiagnosticSource, LocationRole, RawLocation } from './diagnostic.js';
import { normalizeSignalPath } from './normalize-signal-path.js';

/** Diagnostics resolved per discovery pass; the rest of a flood adds nothing. */
export const MAX_FAILURES = 400;
/** Locations kept per diagnostic: deep stack frames are framework plumbing. */
export const MAX_LOCATIONS_PER_FAILURE = 8;

/** A location checked against the workspace: a regular file discovery may read. */
export interface ResolvedLocation {
  /** Workspace-relative real path, forward slashes. */
  path: string;
  line?: number;
  column?: number;
  role: LocationRole;
  functionName?: string;
}

/** A diagnostic whose locations are workspace files (unresolvable ones dropped). */
export interface Failure {
  source: DiagnosticSource;
  code?: string;
  message: string;
  /** Which output it came from: a command name, `validation output` or `goal`. */
  origin: string;
  locations: ResolvedLocation[];
  /** The location the message is about: the error site, else the innermost project frame, else the test. */
  anchor: ResolvedLocation | null;
  analysis: MessageAnalysis;
  testName?: string;
}

/** One output to resolve: its diagnostics and where its command ran (paths are relative to that). */
export interface OutputDiagnostics {
  diagnostics: readonly Diagnostic[];
  baseDirectory: string;
  origin: string;
}

const ANCHOR_ORDER: readonly LocationRole[] = ['error', 'frame', 'related', 'test', 'mention'];

/**
 * Resolves diagnostics against the workspace: each printed path becomes a
 * workspace-relative real file (tried relative to the command's directory,
 * then to the root; Go test files through their package), or is dropped when
 * it is outside the workspace, excluded, missing, a symlink out, or not a
 * regular file. Every check goes through `probe` (runtime `fs.stat`).
 */
export async function resolveFailures(outputs: readonly OutputDiagnostics[], options: LocationContext): Promise<Failure[]> {
  const failures: Failure[] = [];
  const seen = new Set<string>();
  for (const output of outputs) {
    for (const diagnostic of output.diagnostics) {
      if (failures.length >= MAX_FAILURES) return failures;
      const locations: ResolvedLocation[] = [];
      for (const raw of diagnostic.locations) {
        if (locations.length >= MAX_LOCATIONS_PER_FAILURE) break;
        const path = await resolveLocationPath(raw, output.baseDirectory, options);
        if (path === null) continue;
        const resolved: ResolvedLocation = { path, role: raw.role };
        if (raw.line !== undefined) resolved.line = raw.line;
        if (raw.column !== undefined) resolved.column = raw.column;
        if (raw.functionName !== undefined) resolved.functionName = raw.functionName;
        locations.push(resolved);
      }
      const analysis = analyzeMessage(diagnostic.message);
      for (const specifier of diagnostic.modules ?? []) if (!analysis.modules.includes(specifier)) analysis.modules.push(specifier);
      if (locations.length === 0 && analysis.identifiers.length === 0 && analysis.modules.length === 0) continue;
      const anchor = ANCHOR_ORDER.map((role) => locations.find((location) => location.role === role)).find((location) => location !== undefined) ?? null;
      const key = `${anchor?.path}:${anchor?.line}:${anchor?.column}:${diagnostic.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const failure: Failure = { source: diagnostic.source, message: diagnostic.message, origin: output.origin, locations, anchor, analysis };
      if (diagnostic.code !== undefined) failure.code = diagnostic.code;
      if (diagnostic.testName !== undefined) failure.testName = diagnostic.testName;
      failures.push(failure);
    }
  }
  return failures;
}

/** What resolving a printed path needs: the root, the probe, and where else a relative path may start. */
export interface LocationContext {
  root: string;
  probe: FileProbe;
  goModule: string | null;
  /**
   * Package directories a relative path is tried against when neither the
   * command's directory nor the root has it (a log of `tsc` run inside
   * `packages/api`, pasted with `--validation-output`).
   */
  fallbackDirectories?: () => Promise<readonly string[]>;
  /** Tries left against fallback directories, shared by the whole pass (each try is a stat). */
  fallbackBudget?: { remaining: number };
}

/** Relative paths tried against fallback directories per discovery pass. */
export const MAX_FALLBACK_TRIES = 120;

/**
 * The workspace file a printed location names, or null: tried relative to
 * the command's directory, then the root (and for Go test logs, the
 * package's directory), then each fallback directory.
 */
export async function resolveLocationPath(raw: RawLocation, baseDirectory: string, options: LocationContext): Promise<string | null> {
  const candidates: string[] = [];
  const add = (candidate: string | null) => {
    if (candidate !== null && !candidates.includes(candidate)) candidates.push(candidate);
  };
  if (raw.goPackage !== undefined && options.goModule !== null && !raw.path.includes('/')) {
    const packageDirectory = raw.goPackage === options.goModule ? '.' : raw.goPackage.startsWith(`${options.goModule}/`) ? raw.goPackage.slice(options.goModule.length + 1) : null;
    if (packageDirectory !== null) add(normalizeSignalPath(raw.path, { root: options.root, baseDirectory: packageDirectory }));
  }
  add(normalizeSignalPath(raw.path, { root: options.root, baseDirectory }));
  if (baseDirectory !== '.') add(normalizeSignalPath(raw.path, { root: options.root }));
  for (const candidate of candidates) {
    const found = await options.probe.file(candidate);
    if (found !== null) return found;
  }
  const isRelative = candidates.length > 0 && !raw.path.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(raw.path) && !/^file:/i.test(raw.path);
  if (!isRelative || raw.role === 'mention') return null;
  const budget = options.fallbackBudget ?? { remaining: 0 };
  for (const directory of options.fallbackDirectories === undefined || budget.remaining <= 0 ? [] : await options.fallbackDirectories()) {
    if (budget.remaining <= 0) return null;
    budget.remaining -= 1;
    const found = await options.probe.file(`${directory}/${candidates[candidates.length - 1]!}`);
    if (found !== null) return found;
  }
  return null;
}
