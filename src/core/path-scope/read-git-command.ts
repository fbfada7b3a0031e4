import { literalOf, parseOptions } from './command-options.js';
import { type CommandReading, combineReadings, emptyReading, pathArgument, pathValue, unknownReading } from './command-reading.js';
import { readTextToolCommand } from './read-interpreter-command.js';
import type { ShellWord } from './shell-word.js';
import { HARDENED_GIT_SETTINGS } from '../sandbox/hardened-git-argv.js';

/**
 * Config keys whose value git runs as a command or loads as a file: setting
 * them (`git -c`, `git config`) makes what the command touches unknowable.
 */
const COMMAND_CONFIG_KEY =
  /^(core\.(sshcommand|fsmonitor|pager|editor|hookspath|askpass|gitproxy|attributesfile|excludesfile)|sequence\.editor|diff\.external|alias\.|include\.|includeif\.|credential\.|gpg\.|uploadpack\.|receivepack\.|web\.|browser\.|remote\..*\.(uploadpack|receivepack|proxy|vcs)|.*\.(command|cmd|driver|textconv|clean|smudge|process|helper|program|path|tool)$)/i;

/** Options of these subcommands whose value is a message, an author, a date or a format: text. */
const TEXT_OPTIONS_BY_SUBCOMMAND: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...['commit', 'tag', 'merge', 'stash', 'notes'].map((name): [string, readonly string[]] => [name, ['-m', '--message', '--author', '--date', '--trailer', '--cleanup', '-u', '--local-user']]),
  ...['log', 'show', 'shortlog', 'rev-list', 'whatchanged', 'reflog'].map((name): [string, readonly string[]] => [name, ['--grep', '--author', '--committer', '--format', '--pretty', '-S', '-G', '--since', '--until', '--after', '--before', '--date', '--grep-reflog', '--decorate-refs', '--decorate-refs-exclude']]),
]);

/** Options that make git run a program given on the command line. */
const EXECUTING_OPTIONS = ['--upload-pack', '--receive-pack', '--exec', '--extcmd', '--tree-filter', '--index-filter', '--msg-filter', '--env-filter', '--commit-filter', '--parent-filter', '--tag-name-filter'];

/** Short spellings of those options, which mean something else in other subcommands (`git push -u`). */
const EXECUTING_SHORT_OPTIONS: ReadonlyMap<string, string> = new Map([
  ['clone', '-u'],
  ['difftool', '-x'],
]);

/** Reads `git [global options] SUBCOMMAND [args]`. */
export function readGitCommand(args: readonly ShellWord[]): CommandReading {
  const global = parseOptions(args, { shortValued: 'Cc', longValued: ['git-dir', 'work-tree', 'namespace', 'config-env', 'super-prefix', 'list-cmds', 'attr-source'], stopAtOperand: true });
  const reading = emptyReading();
  for (const item of global.items) {
    if (item.kind !== 'option' || item.value === null) continue;
    if (['-C', '--git-dir', '--work-tree', '--exec-path'].includes(item.name)) reading.paths.push(pathValue(item.value));
    if (item.name === '-c') checkConfigAssignment(item.value, reading);
  }
  const subcommandWord = args[global.rest];
  if (subcommandWord === undefined) return reading;
  const subcommand = literalOf(subcommandWord);
  const rest = args.slice(global.rest + 1);
  if (subcommand === null) return { ...reading, unknown: [...reading.unknown, 'the git subcommand is only known when it runs'] };
  switch (subcommand) {
    case 'grep':
      return combineReadings(reading, readTextToolCommand('grep', rest));
    case 'config':
      if (rest.some((word) => word.values === null || word.values.some((value) => COMMAND_CONFIG_KEY.test(value)))) {
        return { ...reading, unknown: [...reading.unknown, 'git config sets a value git later runs or loads'] };
      }
      return reading;
    case 'submodule':
      if (literalOf(rest[0] ?? subcommandWord) === 'foreach') return combineReadings(reading, joinedScript('git submodule foreach', rest.slice(1).filter((word) => literalOf(word) !== '--recursive')));
      break;
    case 'bisect':
      if (literalOf(rest[0] ?? subcommandWord) === 'run') {
        reading.commands.push({ words: rest.slice(1), isInShell: false });
        return reading;
      }
      break;
    case 'rebase':
      return combineReadings(reading, readRebase(rest));
    case 'filter-branch':
    case 'filter-repo':
      return { ...unknownReading(`git ${subcommand} runs filters given as commands`, rest), paths: reading.paths };
    default:
      break;
  }
  const executingShort = EXECUTING_SHORT_OPTIONS.get(subcommand);
  const executing = rest
    .map(literalOf)
    .find((text) => text !== null && (text === executingShort || EXECUTING_OPTIONS.some((option) => text === option || text.startsWith(`${option}=`))));
  if (executing !== undefined) return { ...unknownReading(`git ${subcommand} ${executing} runs a program`, rest), paths: reading.paths };
  const textOptions = TEXT_OPTIONS_BY_SUBCOMMAND.get(subcommand) ?? [];
  for (let index = 0; index < rest.length; index += 1) {
    const word = rest[index]!;
    const text = literalOf(word);
    if (text !== null && (subcommand === 'clone' ? text === '-c' || text === '--config' : false)) {
      if (rest[index + 1] !== undefined) checkConfigAssignment(rest[index + 1]!, reading);
      index += 1;
      continue;
    }
    if (text !== null && textOptions.includes(text)) {
      index += 1;
      continue;
    }
    // `--message=...`, `-mtext`: the message glued to its option is text too.
    if (text !== null && textOptions.some((option) => text.startsWith(`${option}=`) || (option.length === 2 && text.startsWith(option)))) continue;
    reading.paths.push(pathArgument(word));
  }
  return reading;
}

/** `key=` (no program) or one of the hardened settings brass-agent's own git uses: nothing to run or load. */
function isSwitchedOff(assignment: string): boolean {
  if (assignment.endsWith('=') && assignment.indexOf('=') === assignment.length - 1) return true;
  const [key = '', ...value] = assignment.split('=');
  return HARDENED_GIT_SETTINGS.some((setting) => setting.split('=', 1)[0]!.toLowerCase() === key.toLowerCase() && setting.slice(key.length + 1) === value.join('='));
}

function checkConfigAssignment(word: ShellWord, reading: CommandReading): void {
  if (word.values === null) {
    reading.unknown.push('git -c with a setting that is only known when it runs');
    return;
  }
  for (const value of word.values) {
    const key = value.split('=', 1)[0]!;
    if (COMMAND_CONFIG_KEY.test(key) && !isSwitchedOff(value)) reading.unknown.push(`git -c ${key} makes git run or load something`);
    else reading.paths.push(pathArgument({ source: word.source, values: [value], unknownReason: null }));
  }
}

function readRebase(args: readonly ShellWord[]): CommandReading {
  const reading = emptyReading();
  for (let index = 0; index < args.length; index += 1) {
    const text = literalOf(args[index]!);
    if (text === '-x' || text === '--exec') {
      if (args[index + 1] !== undefined) reading.scripts.push(args[index + 1]!);
      index += 1;
    } else if (text?.startsWith('--exec=')) {
      reading.scripts.push({ source: args[index]!.source, values: [text.slice('--exec='.length)], unknownReason: null });
    } else reading.paths.push(pathArgument(args[index]!));
  }
  return reading;
}

function joinedScript(label: string, words: readonly ShellWord[]): CommandReading {
  const texts = words.map(literalOf);
  if (texts.some((text) => text === null)) return unknownReading(`${label} runs text that is only known when it runs`);
  const script = texts.join(' ');
  return { ...emptyReading(), scripts: [{ source: script, values: [script], unknownReason: null }] };
}
