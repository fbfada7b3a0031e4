import type { ShellWord } from './shell-word.js';

/**
 * What one simple command does with its words, as far as paths go: which
 * words name files, which are scripts or commands it runs, how it moves the
 * shell's working directory, and what cannot be known. Readers (one per kind
 * of command) produce it from the words alone; the extractor applies it to
 * the shell state.
 */
export interface CommandReading {
  /** Words in a position where a path may be: `argument` words may be options (`--out=/x`), `value` words are paths as is. */
  paths: PathPosition[];
  /** Scripts the command hands to a child shell (`sh -c`, `watch`). */
  scripts: ShellWord[];
  /** Scripts this shell runs itself (`eval`): their `cd` and assignments apply. */
  evaluatedScripts: ShellWord[];
  /** Commands the command runs (wrappers, `find -exec`, `xargs`). */
  commands: NestedCommand[];
  /** Reasons the command's paths cannot all be known. */
  unknown: string[];
  directoryChange: DirectoryChange | null;
  /** Variables the command sets to values that cannot be known (`read x`, `mapfile`). */
  forgottenVariables: string[];
}

/** A word where a path may be, and how to read it. */
export interface PathPosition {
  word: ShellWord;
  mode: 'argument' | 'value';
}

/** A command another command runs (`sudo CMD`, `find -exec CMD`). */
export interface NestedCommand {
  words: ShellWord[];
  /** Runs in this shell (`builtin cd`, `command cd`), so its directory change applies. */
  isInShell: boolean;
  /** Started as a program found on PATH although it runs in this shell's place (`exec CMD`): never a builtin. */
  isExecuted?: boolean;
}

/** How a command moves the shell: `cd DIR` (null: `$HOME`), `cd -`, `pushd`, `popd`, or not knowably. */
export type DirectoryChange =
  | { kind: 'cd'; target: ShellWord | null }
  | { kind: 'previous' }
  | { kind: 'push'; target: ShellWord }
  | { kind: 'pop' }
  | { kind: 'unknown'; reason: string };

/** A reading that touches nothing. */
export function emptyReading(): CommandReading {
  return { paths: [], scripts: [], evaluatedScripts: [], commands: [], unknown: [], directoryChange: null, forgottenVariables: [] };
}

/** The default reading: every argument may be a path (options and `KEY=value` are split by the extractor). */
export function genericReading(args: readonly ShellWord[]): CommandReading {
  return { ...emptyReading(), paths: args.map((word) => ({ word, mode: 'argument' as const })) };
}

/** A reading that cannot be known, still listing the arguments it would treat as paths. */
export function unknownReading(reason: string, args: readonly ShellWord[] = []): CommandReading {
  return { ...genericReading(args), unknown: [reason] };
}

/** Combines readings of parts of one command line. */
export function combineReadings(...readings: CommandReading[]): CommandReading {
  const directoryChange = readings.map((reading) => reading.directoryChange).find((change) => change !== null) ?? null;
  return {
    paths: readings.flatMap((reading) => reading.paths),
    scripts: readings.flatMap((reading) => reading.scripts),
    evaluatedScripts: readings.flatMap((reading) => reading.evaluatedScripts),
    commands: readings.flatMap((reading) => reading.commands),
    unknown: readings.flatMap((reading) => reading.unknown),
    directoryChange,
    forgottenVariables: readings.flatMap((reading) => reading.forgottenVariables),
  };
}

/** `word` in a path position as a path itself (no option splitting). */
export function pathValue(word: ShellWord): PathPosition {
  return { word, mode: 'value' };
}

/** `word` in a path position as a command argument (`--file=/x`, `KEY=/x` and `-C/x` are split). */
export function pathArgument(word: ShellWord): PathPosition {
  return { word, mode: 'argument' };
}
