/** A nested context file found by the discovery walk. */
export interface ContextFileEntry {
  /** Workspace-relative path as listed, forward slashes (`packages/api/AGENTS.md`). */
  path: string;
  /** The directory it applies to: its own directory (`packages/api`). */
  dir: string;
  /** Workspace-relative real path: differs from `path` for a symlink inside the workspace. */
  realPath: string;
  /** Directory levels below the workspace root (`packages/api` is 2). */
  depth: number;
  /** Frontmatter description or first heading, sanitised; `''` when there is none. */
  label: string;
}

/** A path-scoped rule from `.brass-agent/rules/*.md` or Cursor's `.cursor/rules/*.mdc`. */
export interface ContextRule {
  /** Workspace-relative path, e.g. `.brass-agent/rules/api.md` or `.cursor/rules/api.mdc`. */
  path: string;
  realPath: string;
  /** Sanitised frontmatter `description`; `''` when there is none. */
  label: string;
  /** Workspace-relative globs of frontmatter `paths` (`globs` in a Cursor rule); empty for a rule without paths. */
  globs: string[];
  /** The longest directory every glob starts with (`src/api` for `src/api/**`), `.` when none. */
  dir: string;
  alwaysApply: boolean;
  /** The body (frontmatter removed), read at discovery, for `alwaysApply` rules only. */
  body?: string;
  /** Whether `body` is only the start of the file. */
  isBodyTruncated?: boolean;
  totalBytes?: number;
}

/** Everything the discovery found in one workspace; shared by every session of it. */
export interface ContextDiscovery {
  /** Nested context files, shallowest first, then by path. */
  files: ContextFileEntry[];
  rules: ContextRule[];
  /** One line each: files skipped and why (aggregated, never one line per file of a big tree). */
  warnings: string[];
  /** Directory entries the walk read (ignored and non-matching ones included). */
  walkedEntries: number;
}
