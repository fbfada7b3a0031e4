import { type OptionSpec, literalOf, parseOptions } from './command-options.js';
import { type CommandReading, emptyReading, genericReading, pathArgument, pathValue, unknownReading } from './command-reading.js';
import { awkProgramRisk, jqFilterRisk, sedScriptRisk } from './embedded-program-risk.js';
import type { ShellWord } from './shell-word.js';

/** Shells: `-c SCRIPT` is parsed like the outer command line. */
const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'yash', 'posh']);

/** Interpreters and the options that give them a program inline (which the extractor cannot read). */
const INLINE_CODE_OPTIONS: ReadonlyMap<string, { letters: string; long: readonly string[] }> = new Map([
  ['node', { letters: 'ep', long: ['--eval', '--print'] }],
  ['nodejs', { letters: 'ep', long: ['--eval', '--print'] }],
  ['bun', { letters: 'ep', long: ['--eval', '--print'] }],
  ['deno', { letters: '', long: ['eval'] }],
  ['python', { letters: 'c', long: [] }],
  ['pypy', { letters: 'c', long: [] }],
  ['perl', { letters: 'eE', long: [] }],
  ['ruby', { letters: 'e', long: [] }],
  ['php', { letters: 'rRBE', long: ['--run'] }],
  ['lua', { letters: 'e', long: [] }],
  ['luajit', { letters: 'e', long: [] }],
  ['Rscript', { letters: 'e', long: [] }],
  ['osascript', { letters: 'e', long: [] }],
  ['pwsh', { letters: 'ce', long: ['-Command', '-EncodedCommand', '-command', '-encodedcommand'] }],
  ['powershell', { letters: 'ce', long: ['-Command', '-EncodedCommand', '-command', '-encodedcommand'] }],
]);

const INFORMATIONAL = new Set(['--version', '-V', '--help', '-h']);

/** The interpreter a program name stands for (`python3.12` → `python`), or null. */
export function interpreterOf(name: string): string | null {
  const base = name.replace(/[\d.]+$/, '');
  if (SHELLS.has(name) || SHELLS.has(base)) return SHELLS.has(name) ? name : base;
  if (INLINE_CODE_OPTIONS.has(name)) return name;
  if (INLINE_CODE_OPTIONS.has(base)) return base;
  return null;
}

/** Reads a shell or an interpreter (call only when `interpreterOf` found one). */
export function readInterpreterCommand(interpreter: string, args: readonly ShellWord[]): CommandReading {
  return SHELLS.has(interpreter) ? readShell(interpreter, args) : readInterpreter(interpreter, args);
}

function readShell(shell: string, args: readonly ShellWord[]): CommandReading {
  const reading = emptyReading();
  let hasScriptOption = false;
  let readsInput = false;
  let index = 0;
  while (index < args.length) {
    const text = literalOf(args[index]!);
    if (text === null) return unknownReading(`${shell} options that are only known when it runs`, args);
    if (text === '--' || text === '-') {
      index += 1;
      break;
    }
    if (text.startsWith('--')) {
      if (text === '--rcfile' || text === '--init-file') {
        const file = args[index + 1];
        if (file !== undefined) reading.paths.push(pathValue(file));
        index += 2;
      } else index += 1;
      continue;
    }
    if (!(text.startsWith('-') || text.startsWith('+')) || text.length < 2) break;
    const letters = text.slice(1);
    if (letters.includes('c')) hasScriptOption = true;
    if (letters.includes('s') || letters.includes('i')) readsInput = true;
    // `-o pipefail`, `-O extglob`: the option name is the next word.
    index += letters.includes('o') || letters.includes('O') ? 2 : 1;
  }
  const operands = args.slice(index);
  if (hasScriptOption) {
    const [script, ...positional] = operands;
    if (script === undefined) return unknownReading(`${shell} -c without a script`);
    reading.scripts.push(script);
    // `sh -c 'cat "$1"' sh FILE`: the positional parameters may be paths.
    reading.paths.push(...positional.map(pathArgument));
    return reading;
  }
  if (operands.length === 0 || readsInput) {
    if (args.some((word) => INFORMATIONAL.has(literalOf(word) ?? ''))) return reading;
    return unknownReading(`${shell} reads commands from its input`, operands);
  }
  const [file, ...rest] = operands;
  if (isDescriptorFile(file!)) return unknownReading(`${shell} reads commands from ${file!.source}`, rest);
  reading.paths.push(pathValue(file!), ...rest.map(pathArgument));
  return reading;
}

/** `/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`, `<(...)`: a program read from a descriptor is input, not a file. */
function isDescriptorFile(word: ShellWord): boolean {
  return (word.values ?? []).some((value) => /^\/(dev\/(stdin|fd\/\d+)|proc\/(self|thread-self|\d+)\/fd\/\d+)$/.test(value.replace(/\/+/g, '/')));
}

function readInterpreter(interpreter: string, args: readonly ShellWord[]): CommandReading {
  const inline = INLINE_CODE_OPTIONS.get(interpreter)!;
  for (const word of args) {
    const text = literalOf(word);
    if (text === null) continue;
    const isInline =
      inline.long.some((option) => text === option || text.startsWith(`${option}=`)) ||
      (inline.letters.length > 0 && /^-[A-Za-z]+$/.test(text) && [...text.slice(1)].some((letter) => inline.letters.includes(letter)));
    if (isInline) return unknownReading(`${interpreter} ${text} runs a program given inline`, args);
  }
  // With no arguments (or `-`) the program comes from standard input: `curl ... | python`.
  if (args.length === 0 || args.some((word) => literalOf(word) === '-')) return unknownReading(`${interpreter} reads a program from its input`, args);
  const program = args.find((word) => !(literalOf(word) ?? '').startsWith('-'));
  if (program !== undefined && isDescriptorFile(program)) return unknownReading(`${interpreter} reads a program from ${program.source}`, args);
  return genericReading(args);
}

/** grep-like tools: the first operand is a pattern unless `-e`/`-f` gave one. */
interface PatternTool {
  spec: OptionSpec;
  patternOptions: readonly string[];
  pathOptions: readonly string[];
  unknownOptions?: readonly string[];
}

interface ProgramTool {
  spec: OptionSpec;
  programOptions: readonly string[];
  fileOptions: readonly string[];
  risk: (program: string) => string | null;
}

const PATTERN_TOOLS: ReadonlyMap<string, PatternTool> = new Map<string, PatternTool>([
  ...['grep', 'egrep', 'fgrep', 'zgrep', 'zegrep', 'zfgrep'].map((name): [string, PatternTool] => [name, {
    spec: { shortValued: 'efABCmdD', longValued: ['regexp', 'file', 'after-context', 'before-context', 'context', 'max-count', 'devices', 'directories', 'include', 'exclude', 'exclude-dir', 'exclude-from', 'label', 'binary-files', 'group-separator'] },
    patternOptions: ['-e', '-f', '--regexp', '--file'],
    pathOptions: ['-f', '--file', '--exclude-from'],
  }]),
  ['rg', {
    spec: { shortValued: 'eEfgjmMtTABCr', longValued: ['regexp', 'file', 'glob', 'iglob', 'type', 'type-not', 'type-add', 'type-clear', 'max-count', 'max-depth', 'max-filesize', 'threads', 'replace', 'context', 'after-context', 'before-context', 'encoding', 'engine', 'sort', 'sortr', 'color', 'colors', 'path-separator', 'pre', 'pre-glob', 'ignore-file', 'max-columns', 'field-match-separator', 'field-context-separator', 'context-separator', 'dfa-size-limit', 'regex-size-limit', 'hostname-bin', 'hyperlink-format'] },
    patternOptions: ['-e', '-f', '--regexp', '--file'],
    pathOptions: ['-f', '--file', '--ignore-file', '--hostname-bin'],
    unknownOptions: ['--pre'],
  }],
  ['ag', { spec: { shortValued: 'ABCGgmp', longValued: ['after', 'before', 'context', 'file-search-regex', 'ignore', 'ignore-dir', 'max-count', 'path-to-ignore', 'depth', 'pager'] }, patternOptions: [], pathOptions: ['-p', '--path-to-ignore'] }],
  ['ack', { spec: { shortValued: 'ABCgm', longValued: ['after-context', 'before-context', 'context', 'max-count', 'type', 'ignore-dir', 'ignore-file', 'output', 'match'] }, patternOptions: ['--match'], pathOptions: [] }],
]);

/** Tools whose first operand is a program in a small language (`sed 's/a/b/'`, `awk '{print}'`, `jq .x`). */
const PROGRAM_TOOLS: ReadonlyMap<string, ProgramTool> = new Map<string, ProgramTool>([
  ['sed', { spec: { shortValued: 'efl', longValued: ['expression', 'file', 'line-length'] }, programOptions: ['-e', '--expression'], fileOptions: ['-f', '--file'], risk: sedScriptRisk }],
  ...['awk', 'gawk', 'mawk', 'nawk'].map((name): [string, ProgramTool] => [name, { spec: { shortValued: 'fvFeil', longValued: ['file', 'assign', 'field-separator', 'source', 'include', 'load'] }, programOptions: ['-e', '--source'], fileOptions: ['-f', '--file', '-i', '--include'], risk: awkProgramRisk }]),
  ...['jq', 'gojq', 'jaq'].map((name): [string, ProgramTool] => [name, { spec: { shortValued: 'fL', longValued: ['from-file', 'indent', 'arg', 'argjson', 'slurpfile', 'rawfile', 'args', 'jsonargs'] }, programOptions: [], fileOptions: ['-f', '--from-file', '-L'], risk: jqFilterRisk }]),
]);

const JQ_TWO_WORD_OPTIONS: ReadonlySet<string> = new Set(['--arg', '--argjson', '--slurpfile', '--rawfile']);

/** Whether `name` is a pattern tool or a small-language tool that `readTextToolCommand` knows. */
export function isTextToolCommand(name: string): boolean {
  return PATTERN_TOOLS.has(name) || PROGRAM_TOOLS.has(name);
}

/** Reads grep-like and sed/awk/jq-like commands (call only when `isTextToolCommand(name)`). */
export function readTextToolCommand(name: string, args: readonly ShellWord[]): CommandReading {
  const pattern = PATTERN_TOOLS.get(name);
  const program = PROGRAM_TOOLS.get(name);
  const spec = pattern?.spec ?? program!.spec;
  const parsed = parseOptions(args, spec);
  const reading = emptyReading();
  let hasProgram = false;
  const operands: ShellWord[] = [];
  for (let index = 0; index < parsed.items.length; index += 1) {
    const item = parsed.items[index]!;
    if (item.kind === 'operand') {
      operands.push(item.word);
      continue;
    }
    if (pattern?.unknownOptions?.includes(item.name)) reading.unknown.push(`${name} ${item.name} runs another program on each file`);
    if (pattern?.patternOptions.includes(item.name) || program?.programOptions.includes(item.name) || program?.fileOptions.includes(item.name)) hasProgram = true;
    if (item.value === null) continue;
    if (pattern?.pathOptions.includes(item.name) || program?.fileOptions.includes(item.name)) reading.paths.push(pathValue(item.value));
    if (program?.programOptions.includes(item.name)) checkProgram(item.value, program.risk, reading);
    // `jq --arg NAME VALUE`, `--slurpfile NAME FILE`: these options take two words.
    if (JQ_TWO_WORD_OPTIONS.has(item.name)) {
      const second = parsed.items[index + 1];
      if (second?.kind === 'operand') {
        index += 1;
        if (item.name === '--slurpfile' || item.name === '--rawfile') reading.paths.push(pathValue(second.word));
      }
    }
  }
  const [first, ...others] = operands;
  if (first === undefined) return reading;
  if (hasProgram) {
    reading.paths.push(...operands.map(pathArgument));
    return reading;
  }
  if (program) checkProgram(first, program.risk, reading);
  // After `jq --args`/`--jsonargs`, operands are values, not files.
  if (args.some((word) => ['--args', '--jsonargs'].includes(literalOf(word) ?? ''))) return reading;
  reading.paths.push(...others.map(pathArgument));
  return reading;
}

function checkProgram(word: ShellWord, risk: (program: string) => string | null, reading: CommandReading): void {
  if (word.values === null) {
    reading.unknown.push(word.unknownReason ?? `${word.source} is only known when it runs`);
    return;
  }
  for (const value of word.values) {
    const reason = risk(value);
    if (reason !== null) reading.unknown.push(reason);
  }
}
