import { derivedWord, literalOf, parseOptions } from './command-options.js';
import { type CommandReading, emptyReading, genericReading, pathArgument, pathValue, unknownReading } from './command-reading.js';
import { readGitCommand } from './read-git-command.js';
import type { ShellWord } from './shell-word.js';

/** find primaries whose value is a pattern or a number, not a path. */
const FIND_TEXT_PRIMARIES = new Set([
  '-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-lname', '-ilname', '-type', '-xtype',
  '-perm', '-user', '-group', '-uid', '-gid', '-size', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-used', '-links',
  '-inum', '-maxdepth', '-mindepth', '-printf', '-fstype', '-context', '-regextype', '-fprintf',
]);
/** find primaries whose value is a path. */
const FIND_PATH_PRIMARIES = new Set(['-newer', '-anewer', '-cnewer', '-samefile', '-fprint', '-fprint0', '-fls', '-fprintf', '-files0-from']);
const FIND_EXEC_PRIMARIES = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** Options that make a tool run a program of the caller's choosing. */
const EXECUTING_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['tar', ['-I', '--use-compress-program', '--to-command', '--checkpoint-action', '--rsh-command', '-F', '--info-script', '--new-volume-script']],
  ['zip', ['-TT', '--unzip-command']],
  ['scp', ['-S']],
  ['sftp', ['-S', '-D']],
]);

const SSH_COMMAND_OPTION = /^(proxycommand|localcommand|knownhostscommand|permitlocalcommand|remotecommand|match)\b/i;

const READERS: ReadonlyMap<string, (args: readonly ShellWord[], name: string) => CommandReading> = new Map([
  ['find', readFind],
  ['git', readGitCommand],
  ['docker', readContainerTool],
  ['podman', readContainerTool],
  ['nerdctl', readContainerTool],
  ['ssh', readSsh],
  ['rsync', readRsync],
  ['npm', readPackageManager],
  ['npx', readPackageManager],
  ['pnpm', readPackageManager],
  ['pnpx', readPackageManager],
  ['yarn', readPackageManager],
  ['bunx', readPackageManager],
  ['chroot', (args) => unknownReading('chroot changes what every path means', args)],
  ['nsenter', (args) => unknownReading('nsenter changes what every path means', args)],
  ['unshare', (args) => unknownReading('unshare changes what every path means', args)],
  ['parallel', (args) => unknownReading('parallel builds commands from its arguments and input', args)],
]);

/** Whether `readToolCommand` has a reader for `name` (beyond the options every tool gets). */
export function isKnownTool(name: string): boolean {
  return READERS.has(name) || EXECUTING_OPTIONS.has(name);
}

/** Reads a tool with its own argument rules; unknown tools get `genericReading`. */
export function readToolCommand(name: string, args: readonly ShellWord[]): CommandReading {
  const executing = EXECUTING_OPTIONS.get(name);
  if (executing !== undefined) {
    const found = args.map(literalOf).find((text) => text !== null && executing.some((option) => text === option || text.startsWith(`${option}=`) || (option.length === 2 && text.startsWith(option))));
    if (found !== undefined) return unknownReading(`${name} ${found} runs another program`, args);
  }
  const reader = READERS.get(name);
  if (reader !== undefined) return reader(args, name);
  if (name === 'scp' || name === 'sftp') return readSshOptions(name, args, genericReading(args));
  return genericReading(args);
}

function readFind(args: readonly ShellWord[]): CommandReading {
  const reading = emptyReading();
  let index = 0;
  // Leading options -H -L -P -O3 -D debugopts, then start points up to the first expression token.
  while (index < args.length && /^-([HLP]|O\d*|D)$/.test(literalOf(args[index]!) ?? '')) index += literalOf(args[index]!) === '-D' ? 2 : 1;
  while (index < args.length && !isFindExpressionStart(literalOf(args[index]!))) {
    reading.paths.push(pathValue(args[index]!));
    index += 1;
  }
  while (index < args.length) {
    const text = literalOf(args[index]!);
    index += 1;
    if (text !== null && FIND_EXEC_PRIMARIES.has(text)) {
      const end = args.findIndex((word, position) => position >= index && [';', '+'].includes(literalOf(word) ?? ''));
      const command = args.slice(index, end === -1 ? args.length : end);
      if (command.length > 0) reading.commands.push({ words: command, isInShell: false });
      index = end === -1 ? args.length : end + 1;
      continue;
    }
    if (text !== null && FIND_PATH_PRIMARIES.has(text) && args[index] !== undefined) reading.paths.push(pathValue(args[index]!));
    if (text !== null && (FIND_TEXT_PRIMARIES.has(text) || FIND_PATH_PRIMARIES.has(text) || /^-newer[acmBt][acmBt]$/.test(text))) {
      index += text === '-fprintf' ? 2 : 1;
      continue;
    }
    if (text === null || !isFindExpressionStart(text)) reading.paths.push(pathArgument(args[index - 1]!));
  }
  return reading;
}

function isFindExpressionStart(text: string | null): boolean {
  return text !== null && (text.startsWith('-') || ['(', ')', '!', ','].includes(text));
}

/** docker/podman: only the host side of `-v HOST:CONTAINER` and `--mount source=` is a host path. */
function readContainerTool(args: readonly ShellWord[]): CommandReading {
  const reading = emptyReading();
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index]!;
    const text = literalOf(word) ?? '';
    const volume = /^(-v|--volume)(=?)(.*)$/.exec(text);
    const mount = /^--mount(=?)(.*)$/.exec(text);
    if (volume || mount) {
      const glued = volume ? volume[3]! : mount![2]!;
      const valueWord = glued.length > 0 ? derivedWord(word, glued) : args[index + 1];
      if (glued.length === 0) index += 1;
      if (valueWord !== undefined) addContainerHostPath(valueWord, volume !== null, reading);
      continue;
    }
    reading.paths.push(pathArgument(word));
  }
  return reading;
}

function addContainerHostPath(word: ShellWord, isVolume: boolean, reading: CommandReading): void {
  if (word.values === null) {
    reading.unknown.push(word.unknownReason ?? `${word.source} is only known when it runs`);
    return;
  }
  for (const value of word.values) {
    const host = isVolume
      ? value.includes(':') ? value.slice(0, value.indexOf(':')) : null
      : (/(?:^|,)(?:source|src)=([^,]*)/.exec(value)?.[1] ?? null);
    // A host part without a slash is a named volume, not a path.
    if (host !== null && (host.includes('/') || host.startsWith('.') || host.startsWith('~'))) reading.paths.push(pathValue(derivedWord(word, host)));
  }
}

/** ssh: the destination and the remote command are text on another machine; local files come through options. */
function readSsh(args: readonly ShellWord[]): CommandReading {
  const parsed = parseOptions(args, { shortValued: 'BbcDEeFIiJLlmOopQRSWw', stopAtOperand: true });
  const reading = emptyReading();
  for (const item of parsed.items) {
    if (item.kind === 'option' && item.value !== null && ['-i', '-F', '-E', '-S'].includes(item.name)) reading.paths.push(pathValue(item.value));
  }
  return readSshOptions('ssh', args.slice(0, parsed.rest), reading);
}

function readSshOptions(name: string, args: readonly ShellWord[], reading: CommandReading): CommandReading {
  args.forEach((word, index) => {
    const text = literalOf(word);
    const option = text === '-o' ? literalOf(args[index + 1] ?? word) : text?.startsWith('-o') ? text.slice(2) : null;
    if (option !== null && SSH_COMMAND_OPTION.test(option)) reading.unknown.push(`${name} -o ${option.split(/[=\s]/)[0]} runs a local command`);
  });
  return reading;
}

const RSYNC_PATH_OPTIONS = ['--exclude-from', '--include-from', '--files-from', '--temp-dir', '-T', '--compare-dest', '--copy-dest', '--link-dest', '--partial-dir', '--log-file', '--password-file', '--backup-dir'];

/** rsync: `-e`/`--rsh` is a command line that rsync runs; operands are local paths or `host:path`. */
function readRsync(args: readonly ShellWord[]): CommandReading {
  const parsed = parseOptions(args, {
    shortValued: 'eBfMT',
    longValued: ['rsh', 'rsync-path', 'filter', 'exclude', 'include', 'exclude-from', 'include-from', 'files-from', 'temp-dir', 'compare-dest', 'copy-dest', 'link-dest', 'partial-dir', 'log-file', 'password-file', 'backup-dir', 'suffix', 'chmod', 'chown', 'out-format', 'log-file-format', 'bwlimit', 'timeout', 'port', 'sockopts', 'address', 'max-size', 'min-size', 'max-delete', 'block-size', 'checksum-choice', 'compress-choice', 'compress-level', 'skip-compress', 'outbuf', 'iconv', 'protocol', 'info', 'debug', 'stop-after', 'stop-at', 'modify-window', 'usermap', 'groupmap', 'contimeout', 'remote-option'],
  });
  const reading = emptyReading();
  for (const item of parsed.items) {
    if (item.kind === 'operand') reading.paths.push(pathArgument(item.word));
    else if (item.value !== null && (item.name === '-e' || item.name === '--rsh')) reading.scripts.push(item.value);
    else if (item.value !== null && RSYNC_PATH_OPTIONS.includes(item.name)) reading.paths.push(pathValue(item.value));
  }
  return reading;
}

/** npm/npx/pnpm/yarn: `-c`/`--call` is a command line run through a shell. */
function readPackageManager(args: readonly ShellWord[]): CommandReading {
  const reading = genericReading([]);
  for (let index = 0; index < args.length; index += 1) {
    const word = args[index]!;
    const text = literalOf(word) ?? '';
    if (text === '-c' || text === '--call') {
      const script = args[++index];
      if (script !== undefined) reading.scripts.push(script);
    } else if (text.startsWith('--call=')) reading.scripts.push(derivedWord(word, text.slice('--call='.length)));
    else reading.paths.push(pathArgument(word));
  }
  return reading;
}
