import { literalOf, parseOptions } from './command-options.js';
import {
  type CommandReading,
  emptyReading,
  genericReading,
  pathValue,
  unknownReading,
} from './command-reading.js';
import type { ShellWord } from './shell-word.js';

/**
 * Commands whose arguments are text, never paths: an `echo` string or a
 * `sleep` duration cannot make the shell touch a file.
 */
export const TEXT_COMMANDS: ReadonlySet<string> = new Set([
  'echo', 'printf', 'true', 'false', ':', 'exit', 'return', 'shift', 'sleep', 'seq', 'yes', 'basename', 'dirname', 'expr',
  'wait', 'kill', 'jobs', 'bg', 'fg', 'disown', 'umask', 'ulimit', 'times', 'type', 'which', 'whoami', 'id', 'groups',
  'uname', 'pwd', 'let', 'set', 'shopt', 'caller', 'help', 'logout', 'tput', 'clear', 'nproc', 'arch', 'tty', 'dirs',
  'printenv', 'logname', 'compgen', 'complete', 'compopt', 'unalias', 'history', 'bind', 'break', 'continue', 'suspend',
]);

/** Builtins that assign the variables named by their arguments from input. */
const READING_BUILTINS: ReadonlySet<string> = new Set(['read', 'mapfile', 'readarray', 'getopts']);

/** Builtins that declare variables (`export X=/y`), when they reach the extractor as plain commands. */
const DECLARING_BUILTINS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'local', 'readonly', 'unset']);

const TEST_UNARY_FILE_OPERATORS: ReadonlySet<string> = new Set(['-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-u', '-w', '-x', '-G', '-L', '-N', '-O', '-S']);
const TEST_BINARY_FILE_OPERATORS: ReadonlySet<string> = new Set(['-nt', '-ot', '-ef']);

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Names of the builtins `readBuiltinCommand` knows. */
export function isKnownBuiltin(name: string): boolean {
  return (
    TEXT_COMMANDS.has(name) ||
    READING_BUILTINS.has(name) ||
    DECLARING_BUILTINS.has(name) ||
    ['cd', 'pushd', 'popd', 'eval', 'source', '.', 'trap', 'alias', 'enable', 'fc', 'hash', 'test', '['].includes(name)
  );
}

/** Reads a shell builtin (call only when `isKnownBuiltin(name)`). */
export function readBuiltinCommand(name: string, args: readonly ShellWord[]): CommandReading {
  if (name === 'printf') return readPrintf(args);
  if (TEXT_COMMANDS.has(name)) return emptyReading();
  if (READING_BUILTINS.has(name)) return { ...emptyReading(), forgottenVariables: variableNamesIn(args) };
  if (DECLARING_BUILTINS.has(name)) {
    return { ...genericReading(args.filter((word) => literalOf(word)?.includes('=') ?? true)), forgottenVariables: variableNamesIn(args) };
  }
  switch (name) {
    case 'cd':
    case 'pushd':
      return readDirectoryChange(name, args);
    case 'popd':
      return { ...emptyReading(), directoryChange: args.some((word) => !literalOf(word)?.startsWith('-')) ? { kind: 'unknown', reason: 'popd with an argument' } : { kind: 'pop' } };
    case 'eval':
      return readEval(args);
    case 'source':
    case '.':
      return unknownReading(`${name} runs a file's commands in this shell`, args);
    case 'trap':
      return args.length === 0 || args.every((word) => ['-l', '-p'].includes(literalOf(word) ?? '')) ? emptyReading() : unknownReading('trap runs a command later');
    case 'alias':
      return args.some((word) => literalOf(word)?.includes('=') ?? true) ? unknownReading('alias changes what later commands mean') : emptyReading();
    case 'hash':
      return args.some((word) => literalOf(word)?.startsWith('-p') ?? true) ? unknownReading('hash -p changes which program a name runs') : emptyReading();
    case 'enable':
    case 'fc':
      return unknownReading(`${name} changes or re-runs commands`);
    default:
      return readTest(name, args);
  }
}

function readDirectoryChange(name: 'cd' | 'pushd', args: readonly ShellWord[]): CommandReading {
  const parsed = parseOptions(args, { shortFlags: 'LPe@', isStrict: true, stopAtOperand: true });
  if (parsed.unknownOption !== null) return { ...emptyReading(), directoryChange: { kind: 'unknown', reason: `${name} ${parsed.unknownOption}` } };
  const target = args[parsed.rest];
  if (target === undefined) {
    return { ...emptyReading(), directoryChange: name === 'cd' ? { kind: 'cd', target: null } : { kind: 'unknown', reason: 'pushd without a directory swaps the directory stack' } };
  }
  const text = literalOf(target);
  if (name === 'cd' && text === '-') return { ...emptyReading(), directoryChange: { kind: 'previous' } };
  if (name === 'pushd' && text !== null && /^[+-]\d+$/.test(text)) return { ...emptyReading(), directoryChange: { kind: 'unknown', reason: `pushd ${text} rotates the directory stack` } };
  return { ...emptyReading(), paths: [pathValue(target)], directoryChange: name === 'cd' ? { kind: 'cd', target } : { kind: 'push', target } };
}

function readPrintf(args: readonly ShellWord[]): CommandReading {
  const variable = literalOf(args[0] ?? { source: '', values: null, unknownReason: null }) === '-v' ? args[1] : undefined;
  if (variable === undefined) return emptyReading();
  return { ...emptyReading(), forgottenVariables: variableNamesIn([variable]) };
}

function readEval(args: readonly ShellWord[]): CommandReading {
  const texts = args.map(literalOf);
  if (texts.some((text) => text === null)) return unknownReading('eval runs text that is only known when it runs');
  const joined = texts.join(' ');
  return { ...emptyReading(), evaluatedScripts: [{ source: joined, values: [joined], unknownReason: null }] };
}

/** `test` and `[`: only the operands of file operators are paths; strings and numbers are not. */
function readTest(name: string, args: readonly ShellWord[]): CommandReading {
  const operands = name === '[' && literalOf(args[args.length - 1] ?? { source: '', values: null, unknownReason: null }) === ']' ? args.slice(0, -1) : args;
  const reading = emptyReading();
  operands.forEach((word, index) => {
    const text = literalOf(word);
    const next = operands[index + 1];
    if (text !== null && TEST_UNARY_FILE_OPERATORS.has(text) && next !== undefined) reading.paths.push(pathValue(next));
    if (text !== null && TEST_BINARY_FILE_OPERATORS.has(text)) {
      const previous = operands[index - 1];
      if (previous !== undefined) reading.paths.push(pathValue(previous));
      if (next !== undefined) reading.paths.push(pathValue(next));
    }
  });
  return reading;
}

function variableNamesIn(args: readonly ShellWord[]): string[] {
  return args.flatMap((word) => {
    const text = literalOf(word);
    const match = text === null || text.startsWith('-') ? null : VARIABLE_NAME.exec(text);
    return match ? [match[0]] : [];
  });
}
