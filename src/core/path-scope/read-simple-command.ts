import { literalOf } from './command-options.js';
import { type CommandReading, combineReadings, emptyReading, pathValue, unknownReading } from './command-reading.js';
import { isKnownBuiltin, readBuiltinCommand } from './read-builtin-command.js';
import { interpreterOf, isTextToolCommand, readInterpreterCommand, readTextToolCommand } from './read-interpreter-command.js';
import { readToolCommand } from './read-tool-command.js';
import { isWrapperCommand, readWrapperCommand } from './read-wrapper-command.js';
import type { ShellWord } from './shell-word.js';

/** Programs run by absolute path from these directories are not "paths the command touches". */
const SYSTEM_PROGRAM_DIRS = ['/bin/', '/usr/bin/', '/usr/local/bin/', '/sbin/', '/usr/sbin/', '/usr/local/sbin/', '/opt/homebrew/bin/', '/usr/libexec/'];

/**
 * Reads one simple command (`words[0]` is the program) into what it does
 * with paths. Every program not known to treat an argument otherwise gets
 * the generic reading: any argument may be a path.
 */
export function readSimpleCommand(words: readonly ShellWord[]): CommandReading {
  const [nameWord, ...args] = words;
  if (nameWord === undefined) return emptyReading();
  const name = literalOf(nameWord);
  if (name === null) return unknownReading(nameWord.unknownReason ?? `the program ${nameWord.source} is only known when it runs`, args);
  if (name.length === 0) return unknownReading('the program name is empty', args);
  const base = name.slice(name.lastIndexOf('/') + 1);
  const reading = readByName(base, args);
  // `./run.sh`, `../tools/x`: a program outside the standard directories is a path the command uses.
  if (name.includes('/') && !isSystemProgramPath(name)) {
    return combineReadings({ ...emptyReading(), paths: [pathValue(nameWord)] }, reading);
  }
  return reading;
}

function readByName(name: string, args: readonly ShellWord[]): CommandReading {
  if (isKnownBuiltin(name)) return readBuiltinCommand(name, args);
  if (isWrapperCommand(name)) return readWrapperCommand(name, args);
  const interpreter = interpreterOf(name);
  if (interpreter !== null) return readInterpreterCommand(interpreter, args);
  if (isTextToolCommand(name)) return readTextToolCommand(name, args);
  return readToolCommand(name, args);
}

/** Whether a path names a program in one of the standard program directories (`/usr/bin/env`). */
export function isSystemProgramPath(text: string): boolean {
  return SYSTEM_PROGRAM_DIRS.some((directory) => text.startsWith(directory));
}
