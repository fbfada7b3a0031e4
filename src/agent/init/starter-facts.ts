import type { PackageManager } from '../../context/discovery/index.js';

/** One command of the starter file: what it is for and the command line, as a person types it. */
export interface StarterCommand {
  /** `Install dependencies`, `Build`, `Typecheck`, `Test`, `Lint`, `Check`, or a configured command's name. */
  label: string;
  command: string;
  /** Workspace-relative directory it runs in; `.` is the root. */
  cwd: string;
  /** A validation command (typecheck, test, lint, check, configured): one that says whether a change is good. */
  isCheck?: boolean;
}

/** A folder of the workspace, with what is known about it. */
export interface StarterFolder {
  /** Workspace-relative, forward slashes, no trailing slash. */
  path: string;
  /** The `name` of the workspace package whose package.json is in the folder. */
  packageName?: string;
  /** That package.json's `description`. */
  description?: string;
  /** A docs directory of the docs map (config `docs.dir`). */
  isDocs?: boolean;
}

/**
 * What `brass-agent init` knows about a workspace, all of it detected
 * (discovery's project inspection, the root listing, the docs map), never
 * guessed. Text in it comes from the repository: the builder sanitises it.
 */
export interface StarterFacts {
  packageManager: PackageManager | null;
  /** Install first, then build, then the validation commands in discovery's order. */
  commands: StarterCommand[];
  folders: StarterFolder[];
  /** The docs map's regions; null when the workspace has no docs pages. */
  docs: { regions: { target: string; title: string }[] } | null;
}
