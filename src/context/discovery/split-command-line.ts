import { InvalidInputError } from '../../core/index.js';

/** Characters that only mean something to a shell: a command using them must run through one. */
const SHELL_SYNTAX = /[|&;<>()$`*?~]|\b(?:if|then|fi|for|do|done)\b/;

/**
 * Splits a configured command line (`npm run test -- --run`) into argv the
 * way a POSIX shell splits words: whitespace separates, single quotes keep
 * everything, double quotes keep everything but `\"` and `\\`, a backslash
 * escapes the next character. Returns null when the command uses shell
 * syntax (pipes, `&&`, redirections, `$VAR`, globs, a leading `VAR=value`), which argv cannot
 * express. Throws InvalidInputError for an unterminated quote or an empty
 * command.
 *
 * @example
 * splitCommandLine(`pytest -k "not slow"`) // ['pytest', '-k', 'not slow']
 * splitCommandLine('npm test && npm run lint') // null
 */
export function splitCommandLine(command: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let hasWord = false;
  let quote: '"' | "'" | null = null;
  let unquoted = '';
  for (let index = 0; index < command.length; index += 1) {
    const character = command[index]!;
    if (quote === "'") {
      if (character === "'") quote = null;
      else word += character;
      continue;
    }
    if (quote === '"') {
      if (character === '"') quote = null;
      else if (character === '\\' && (command[index + 1] === '"' || command[index + 1] === '\\')) word += command[++index];
      else word += character;
      continue;
    }
    if (character === "'" || character === '"') {
      quote = character;
      hasWord = true;
      continue;
    }
    if (character === '\\' && index + 1 < command.length) {
      word += command[++index];
      hasWord = true;
      continue;
    }
    if (/\s/.test(character)) {
      if (hasWord) words.push(word);
      word = '';
      hasWord = false;
      unquoted += ' ';
      continue;
    }
    word += character;
    unquoted += character;
    hasWord = true;
  }
  if (quote !== null) throw new InvalidInputError('command', `${JSON.stringify(command)} has an unterminated ${quote} quote`);
  if (hasWord) words.push(word);
  if (words.length === 0) throw new InvalidInputError('command', 'is empty');
  // `FOO=1 npm test`: an environment assignment is shell syntax too.
  return SHELL_SYNTAX.test(unquoted) || /^[A-Za-z_][\w]*=/.test(words[0]!) ? null : words;
}
