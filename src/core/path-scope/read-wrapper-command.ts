import { type OptionSpec, literalOf, parseOptions } from './command-options.js';
import { type CommandReading, emptyReading, pathArgument, pathValue, unknownReading } from './command-reading.js';
import type { ShellWord } from './shell-word.js';

/** How a command that runs another command takes its own options. */
interface WrapperSpec {
  options: OptionSpec;
  /** Options whose value is a path (`sudo -D DIR`, `time -o FILE`). */
  pathOptions?: readonly string[];
  /** Options whose value is a shell script (`su -c`, `env -S`). */
  scriptOptions?: readonly string[];
  /** Options after which nothing runs: the arguments are names (`command -v`). */
  lookupOptions?: readonly string[];
  /** Operands before the command (`timeout DURATION`, `flock FILE`). */
  leadingOperands?: number;
  isLeadingOperandPath?: boolean;
  /** `NAME=value` words may come before the command (`env`, `sudo`, `cross-env`). */
  allowsAssignments?: boolean;
  /** The command runs in this shell (`builtin`, `command`, `exec`): a `cd` through it counts. */
  isInShell?: boolean;
  /** The wrapper adds arguments the extractor cannot see. */
  unknownReason?: string;
  /** The remaining words are joined into a script (`watch`). */
  joinsIntoScript?: boolean;
  /** The remaining words are arguments of a shell (`su USER -c CMD`). */
  passesToShell?: boolean;
}

const STRICT = { isStrict: true, stopAtOperand: true } as const;

const WRAPPERS: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  ['sudo', {
    options: { ...STRICT, shortFlags: 'AbEHiKklnPSsVvBN', shortValued: 'CDghpRrtTUu', longFlags: ['login', 'shell', 'preserve-env', 'background', 'non-interactive', 'stdin', 'reset-timestamp', 'remove-timestamp', 'edit', 'list', 'validate', 'version', 'help', 'askpass', 'bell', 'set-home', 'preserve-groups'], longValued: ['user', 'group', 'chdir', 'chroot', 'host', 'prompt', 'role', 'type', 'command-timeout', 'other-user', 'close-from'] },
    pathOptions: ['-D', '--chdir', '-R', '--chroot'],
    allowsAssignments: true,
  }],
  ['doas', { options: { ...STRICT, shortFlags: 'nsL', shortValued: 'uC' }, pathOptions: ['-C'] }],
  ['env', {
    options: { ...STRICT, shortFlags: 'i0v', shortValued: 'uCSa', longFlags: ['ignore-environment', 'null', 'debug', 'list-signal-handling'], longValued: ['unset', 'chdir', 'split-string', 'argv0', 'block-signal', 'default-signal', 'ignore-signal'] },
    pathOptions: ['-C', '--chdir'],
    scriptOptions: ['-S', '--split-string'],
    allowsAssignments: true,
  }],
  ['cross-env', { options: STRICT, allowsAssignments: true }],
  ['nice', { options: { ...STRICT, shortValued: 'n', longValued: ['adjustment'], allowNumericOptions: true } }],
  ['timeout', { options: { ...STRICT, shortFlags: 'v', shortValued: 'sk', longFlags: ['preserve-status', 'foreground', 'verbose'], longValued: ['signal', 'kill-after'] }, leadingOperands: 1 }],
  ['nohup', { options: STRICT }],
  ['time', { options: { ...STRICT, shortFlags: 'pvaq', shortValued: 'fo', longFlags: ['portability', 'verbose', 'append', 'quiet'], longValued: ['format', 'output'] }, pathOptions: ['-o', '--output'] }],
  ['command', { options: { ...STRICT, shortFlags: 'pvV' }, lookupOptions: ['-v', '-V'], isInShell: true }],
  ['builtin', { options: STRICT, isInShell: true }],
  ['exec', { options: { ...STRICT, shortFlags: 'cl', shortValued: 'a' }, isInShell: true }],
  ['stdbuf', { options: { ...STRICT, shortValued: 'ioe', longValued: ['input', 'output', 'error'] } }],
  ['ionice', { options: { ...STRICT, shortFlags: 't', shortValued: 'cnpPu', longValued: ['class', 'classdata', 'pid', 'pgid', 'uid'] } }],
  ['setsid', { options: { ...STRICT, shortFlags: 'cfw', longFlags: ['ctty', 'fork', 'wait'] } }],
  ['taskset', { options: { ...STRICT, shortFlags: 'acp', longFlags: ['all-tasks', 'cpu-list', 'pid'] }, leadingOperands: 1 }],
  ['chrt', { options: { ...STRICT, shortFlags: 'abdefiormRv', longFlags: ['all-tasks', 'batch', 'deadline', 'fifo', 'idle', 'other', 'rr', 'reset-on-fork', 'verbose'] }, leadingOperands: 1 }],
  ['caffeinate', { options: { ...STRICT, shortFlags: 'dimsu', shortValued: 'tw' } }],
  ['unbuffer', { options: { ...STRICT, shortFlags: 'p' } }],
  ['coproc', { options: STRICT }],
  ['busybox', { options: STRICT }],
  ['flock', {
    options: { ...STRICT, shortFlags: 'sxunoFh', shortValued: 'wEc', longFlags: ['shared', 'exclusive', 'unlock', 'nonblock', 'close', 'no-fork', 'verbose'], longValued: ['timeout', 'wait', 'conflict-exit-code', 'command'] },
    scriptOptions: ['-c', '--command'],
    leadingOperands: 1,
    isLeadingOperandPath: true,
  }],
  ['su', { options: { ...STRICT, shortFlags: 'lmpP', shortValued: 'cgGsw', longFlags: ['login', 'preserve-environment', 'pty'], longValued: ['command', 'group', 'supp-group', 'shell', 'whitelist-environment', 'session-command'] }, scriptOptions: ['-c', '--command', '--session-command'], leadingOperands: 1, passesToShell: true }],
  ['runuser', { options: { ...STRICT, shortFlags: 'lmpP', shortValued: 'cgGsuw', longFlags: ['login', 'preserve-environment', 'pty'], longValued: ['command', 'group', 'supp-group', 'shell', 'user', 'whitelist-environment', 'session-command'] }, scriptOptions: ['-c', '--command', '--session-command'], leadingOperands: 1, passesToShell: true }],
  ['strace', { options: { ...STRICT, shortFlags: 'cCdfFhiqrtTvVwxyYzZkDn', shortValued: 'abeEIoOpPsSuUX' }, pathOptions: ['-o'] }],
  ['ltrace', { options: { ...STRICT, shortFlags: 'bcCfhiLrStTV', shortValued: 'aAeFlnopsuwxD' }, pathOptions: ['-o'] }],
  ['xargs', {
    options: { ...STRICT, shortFlags: '0prtxo', shortValued: 'aEdILlnPs', longFlags: ['null', 'no-run-if-empty', 'verbose', 'interactive', 'show-limits', 'exit', 'open-tty'], longValued: ['arg-file', 'delimiter', 'eof', 'replace', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'] },
    pathOptions: ['-a', '--arg-file'],
    unknownReason: 'xargs adds arguments read from its input',
  }],
  ['watch', { options: { ...STRICT, shortFlags: 'bcCeghptx', shortValued: 'dnq', longFlags: ['beep', 'color', 'no-color', 'errexit', 'chgexit', 'help', 'no-title', 'precise', 'exec', 'no-wrap'], longValued: ['differences', 'interval', 'equexit'] }, joinsIntoScript: true }],
]);

/** Whether `name` runs another command given in its arguments. */
export function isWrapperCommand(name: string): boolean {
  return WRAPPERS.has(name);
}

/** Reads a wrapper (call only when `isWrapperCommand(name)`): its own options, then the command it runs. */
export function readWrapperCommand(name: string, args: readonly ShellWord[]): CommandReading {
  const spec = WRAPPERS.get(name)!;
  const parsed = parseOptions(args, spec.options);
  if (parsed.unknownOption !== null) return unknownReading(`${name} ${parsed.unknownOption} is an option the path check does not know`, args);
  const reading = emptyReading();
  if (spec.unknownReason !== undefined) reading.unknown.push(spec.unknownReason);
  for (const item of parsed.items) {
    if (item.kind !== 'option') continue;
    if (item.value !== null && spec.pathOptions?.includes(item.name)) reading.paths.push(pathValue(item.value));
    if (item.value !== null && spec.scriptOptions?.includes(item.name)) reading.scripts.push(item.value);
    if (spec.lookupOptions?.includes(item.name)) return reading;
  }
  let index = parsed.rest;
  // `env -` and `su -` are the old spelling of `-i` / `--login`.
  if (literalOf(args[index] ?? { source: '', values: null, unknownReason: null }) === '-') index += 1;
  if (spec.allowsAssignments) {
    while (index < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(literalOf(args[index]!) ?? '')) {
      reading.paths.push(pathArgument(args[index]!));
      index += 1;
    }
  }
  for (let operand = 0; operand < (spec.leadingOperands ?? 0) && index < args.length; operand += 1, index += 1) {
    if (spec.isLeadingOperandPath) reading.paths.push(pathValue(args[index]!));
  }
  const inner = args.slice(index);
  if (inner.length === 0) return reading;
  if (spec.joinsIntoScript) {
    const texts = inner.map(literalOf);
    if (texts.some((text) => text === null)) return { ...reading, unknown: [...reading.unknown, `${name} runs text that is only known when it runs`] };
    const script = texts.join(' ');
    reading.scripts.push({ source: script, values: [script], unknownReason: null });
    return reading;
  }
  if (spec.passesToShell) {
    reading.commands.push({ words: [{ source: 'sh', values: ['sh'], unknownReason: null }, ...inner], isInShell: false });
    return reading;
  }
  reading.commands.push({ words: inner, isInShell: spec.isInShell ?? false, ...(name === 'exec' ? { isExecuted: true } : {}) });
  return reading;
}
