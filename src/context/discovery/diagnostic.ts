/**
 * What the output parsers produce: diagnostics as the tools printed them,
 * before any path is checked against the workspace.
 */

/** How a location relates to the failure it belongs to. */
export type LocationRole =
  /** Where a tool reports an error (`src/a.ts(3,5): error TS2339`). */
  | 'error'
  /** A location the tool names as related (`'x' is declared here`, `note: function defined here`). */
  | 'related'
  /** A frame of a stack trace, in the order printed (innermost first). */
  | 'frame'
  /** A failing test file (`FAIL src/a.test.ts`). */
  | 'test'
  /** A path mentioned in passing, found by the generic scanner or in the goal. */
  | 'mention';

/** A file location exactly as printed (possibly absolute, `file://`, Windows-style). */
export interface RawLocation {
  path: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  role: LocationRole;
  /** The function named by a stack frame (`at parseConfig (...)`), when there is one. */
  functionName?: string;
  /**
   * The Go package import path the file belongs to, when the tool printed the
   * path relative to that package's directory (`go test`: `x_test.go:14:`).
   */
  goPackage?: string;
}

/** Which parser recognised a diagnostic. */
export type DiagnosticSource =
  | 'tsc'
  | 'eslint'
  | 'vitest'
  | 'jest'
  | 'node-test'
  | 'mocha'
  | 'stack'
  | 'bundler'
  | 'pytest'
  | 'go'
  | 'rust'
  | 'generic';

/** One failure as a tool reported it. */
export interface Diagnostic {
  source: DiagnosticSource;
  /** The tool's error code when it prints one (`TS2339`, `E0432`, `no-undef`). */
  code?: string;
  /** The message without the location prefix, with any continuation lines the tool prints (may be empty). */
  message: string;
  /** The primary location first, then related locations and stack frames in printed order. */
  locations: RawLocation[];
  /** Module paths the message names (`Module '"./a"' has no exported member`, `No module named 'app.x'`). */
  modules?: string[];
  /** Names of failing tests (`UserService > fetches the user`), for their identifiers. */
  testName?: string;
}
