/** Past this many distinct paths the extractor stops listing and answers "unknown". */
export const MAX_PATH_MENTIONS = 500;

/** Past this many statements and commands walked the extractor gives up ("unknown"): bounded time for any input. */
export const MAX_WALK_STEPS = 20_000;

/** Past this many reasons only the first are kept (they all mean the same: ask). */
const MAX_UNKNOWN_REASONS = 20;

/** Thrown (and caught by the extractor) when a walk exceeds MAX_WALK_STEPS. */
export class WalkBudgetExceeded extends Error {
  constructor() {
    super(`the command needs more than ${MAX_WALK_STEPS} steps to check`);
    this.name = 'WalkBudgetExceeded';
  }
}

/** A path a command may touch, before symlinks are resolved. */
export interface PathMention {
  /** Absolute, with `..` not collapsed (symlinks must be resolved first). */
  path: string;
  /** The word as written in the command. */
  source: string;
}

/** One simple command the line may run. */
export interface ExtractedCommand {
  /** Its words; a word only known when it runs is given as written (`$(...)`). */
  argv: string[];
  /**
   * It only runs the commands listed after it, unchanged (`sh -c SCRIPT`,
   * `timeout 5 CMD`, `nice CMD`): an allow rule need not match it itself.
   */
  isTransparent: boolean;
  /**
   * How the shell finds the program: `builtin` when the shell itself runs it
   * (a statement of a parsed script, or behind `builtin`/`command`), so a
   * builtin of that name wins over any file; `exec` when it is started as a
   * program (an argv, or behind a wrapper such as `timeout` or `env`) and the
   * name is looked up on `PATH` or is a path.
   */
  lookup: 'builtin' | 'exec';
  /** Names of the `NAME=value` prefixes of this command (`NODE_OPTIONS=... npm test`). */
  assignments: string[];
}

/** What the extractor found in one command line. */
export interface CommandPathExtraction {
  /** Every path the command may touch, inside the workspace or not. */
  mentions: PathMention[];
  /**
   * Every simple command the line may run, as words (a word that is only
   * known when it runs is given as written): wrappers, the commands they run,
   * substitutions and nested scripts included. Permission rules check each.
   */
  commands: ExtractedCommand[];
  /** Whether a redirection writes to a file (`> out.txt`, `>> log`; not `/dev/null`). */
  writesThroughRedirection: boolean;
  /** Why the extractor cannot be sure it found every path; empty when it is sure. */
  unknown: string[];
  /**
   * Whether the line sets any variable (`X=1 cmd`, `export X=1`, `read X`,
   * `for X in`, ...): an assigned variable may be exported and change what a
   * later program does (`NODE_OPTIONS`, `LD_PRELOAD`, `GIT_*`), so no
   * exact-argv allowance or allow rule may match such a line.
   */
  assignsVariables: boolean;
}

/** Accumulates one extraction; the walker reports into it. */
export class ExtractionCollector {
  private readonly mentions = new Map<string, PathMention>();
  private readonly latentMentions = new Map<string, PathMention>();
  private readonly commands: ExtractedCommand[] = [];
  private writesThroughRedirection = false;
  private assignsVariables = false;
  private readonly unknown: string[] = [];
  private readonly observers: Set<string>[] = [];
  private steps = 0;

  /** Counts one statement or command walked; throws WalkBudgetExceeded past MAX_WALK_STEPS. */
  step(): void {
    this.steps += 1;
    if (this.steps > MAX_WALK_STEPS) throw new WalkBudgetExceeded();
  }

  mention(path: string, source: string): void {
    if (this.mentions.has(path)) return;
    if (this.mentions.size >= MAX_PATH_MENTIONS) {
      this.markUnknown(`the command names more than ${MAX_PATH_MENTIONS} paths`);
      return;
    }
    this.mentions.set(path, { path, source });
  }

  /**
   * A path a word of the line names where it is not known to be used as one
   * (an `echo` text, a here-string fed to `xargs`). Listed only when the
   * line is unknown anyway: then whatever reads it may use it as a path, and
   * every outside path the line names is shown (issue 15, item 9).
   */
  latentMention(path: string, source: string): void {
    if (this.mentions.has(path) || this.latentMentions.has(path) || this.latentMentions.size >= MAX_PATH_MENTIONS) return;
    this.latentMentions.set(path, { path, source });
  }

  command(argv: string[], isTransparent: boolean, lookup: 'builtin' | 'exec', assignments: readonly string[] = []): void {
    this.commands.push({ argv, isTransparent, lookup, assignments: [...assignments] });
    if (assignments.length > 0) this.assignsVariables = true;
  }

  /** Records that the line sets a variable (see `CommandPathExtraction.assignsVariables`). */
  markAssignment(): void {
    this.assignsVariables = true;
  }

  markRedirectionWrite(): void {
    this.writesThroughRedirection = true;
  }

  markUnknown(reason: string): void {
    if (this.unknown.length < MAX_UNKNOWN_REASONS && !this.unknown.includes(reason)) this.unknown.push(reason);
  }

  /** Records where a simple command runs, for every observation in progress. */
  observeCwds(cwds: readonly string[]): void {
    for (const observer of this.observers) for (const cwd of cwds) observer.add(cwd);
  }

  /** Runs `body` and returns it with every directory a simple command ran in meanwhile. */
  observing<T>(body: () => T): { value: T; cwds: string[] } {
    const observer = new Set<string>();
    this.observers.push(observer);
    try {
      return { value: body(), cwds: [...observer] };
    } finally {
      this.observers.pop();
    }
  }

  result(): CommandPathExtraction {
    if (this.unknown.length > 0) for (const latent of this.latentMentions.values()) if (this.mentions.size < MAX_PATH_MENTIONS) this.mentions.set(latent.path, latent);
    return { mentions: [...this.mentions.values()], commands: this.commands, unknown: this.unknown, writesThroughRedirection: this.writesThroughRedirection, assignsVariables: this.assignsVariables };
  }
}
