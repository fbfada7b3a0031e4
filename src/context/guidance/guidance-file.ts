/** The user-level guidance file, read by the caller (it lies outside the workspace). */
export interface UserGuidanceFile {
  /** How the file is named in the prompt and output, e.g. `~/.config/brass-agent/AGENTS.md`. */
  displayPath: string;
  content: string;
  /** Size of the whole file in bytes. */
  totalBytes: number;
}

/** One guidance file as it went into the system prompt. */
export interface GuidanceFile {
  /** Workspace-relative (`AGENTS.md`, `../AGENTS.md`), or the user file's display path. */
  path: string;
  source: 'user' | 'project';
  /** Absolute real path of a project file (symlinks resolved); absent for the user file. */
  realPath?: string;
  /** For a file pulled in by an `@path` import: the `path` of the file that imports it. */
  importedBy?: string;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  /** Size of the whole file in bytes. */
  totalBytes: number;
  /** Whether `text` is only the start of the file (the read cap or the shared budget cut it). */
  truncated: boolean;
  /** The text in the prompt: neutralised, cut to its share of the budget. */
  text: string;
}

/** Guidance for one working directory. */
export interface GuidanceResult {
  /** The user file first, then the project root down to the working directory (nearest last); each file's imports follow it. */
  files: GuidanceFile[];
  /** The system prompt section; `''` when there is no guidance. */
  promptSection: string;
  /** One line each: files skipped or cut, and why. */
  warnings: string[];
}
