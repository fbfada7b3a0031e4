/**
 * Small languages that commands take as an argument (a sed script, an awk
 * program, a jq filter) can read, write or run files of their own. These
 * checks say when such a program may do so; the extractor then answers
 * "unknown" rather than guess which files.
 */

const SED_SIMPLE_COMMANDS = new Set(['p', 'P', 'd', 'D', 'n', 'N', 'g', 'G', 'h', 'H', 'x', '=', 'z', 'F', '{', '}']);
const SED_FILE_COMMANDS = new Set(['r', 'R', 'w', 'W', 'e']);
const SED_SUBSTITUTE_FLAGS = /[gpiImM0-9]/;

/**
 * Why a sed script may touch files or run commands (`r`, `w`, `e`, `s///w`,
 * `s///e`), or null when it only edits the text it reads. Fails closed:
 * syntax it does not follow gives a reason too.
 */
export function sedScriptRisk(script: string): string | null {
  const unknownSyntax = 'the sed script has syntax the path check does not follow';
  let index = 0;
  while (index < script.length) {
    const character = script[index]!;
    if (/[\s;]/.test(character)) {
      index += 1;
      continue;
    }
    if (character === '#') {
      index = lineEnd(script, index);
      continue;
    }
    index = skipAddress(script, index);
    if (index < 0) return unknownSyntax;
    index = skipBlanks(script, index);
    if (script[index] === ',') {
      index = skipAddress(script, skipBlanks(script, index + 1));
      if (index < 0) return unknownSyntax;
    }
    index = skipBlanks(script, index);
    while (script[index] === '!') index = skipBlanks(script, index + 1);
    const command = script[index];
    index += 1;
    if (command === undefined) return unknownSyntax;
    if (SED_SIMPLE_COMMANDS.has(command)) continue;
    if (SED_FILE_COMMANDS.has(command)) return `the sed script's ${command} command reads, writes or runs files`;
    switch (command) {
      case 's':
      case 'y': {
        const delimiter = script[index];
        if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') return unknownSyntax;
        index = skipDelimited(script, index + 1, delimiter);
        if (index >= 0) index = skipDelimited(script, index, delimiter);
        if (index < 0) return unknownSyntax;
        if (command === 'y') continue;
        while (index < script.length && !/[;\n}]/.test(script[index]!)) {
          const flag = script[index]!;
          if (flag === 'w' || flag === 'e') return `the sed script's s///${flag} flag writes files or runs commands`;
          if (!SED_SUBSTITUTE_FLAGS.test(flag) && !/[ \t]/.test(flag)) return unknownSyntax;
          index += 1;
        }
        continue;
      }
      case 'a':
      case 'i':
      case 'c':
        index = textEnd(script, index);
        continue;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        while (index < script.length && !/[;\n]/.test(script[index]!)) index += 1;
        continue;
      case 'q':
      case 'Q':
      case 'l':
      case 'L':
        index = skipBlanks(script, index);
        while (/\d/.test(script[index] ?? '')) index += 1;
        continue;
      default:
        return unknownSyntax;
    }
  }
  return null;
}

function skipBlanks(text: string, index: number): number {
  while (text[index] === ' ' || text[index] === '\t') index += 1;
  return index;
}

function lineEnd(text: string, index: number): number {
  const end = text.indexOf('\n', index);
  return end === -1 ? text.length : end + 1;
}

/** `a text`, `a\` + lines: up to an unescaped line end. */
function textEnd(text: string, index: number): number {
  while (index < text.length) {
    if (text[index] === '\\') index += 2;
    else if (text[index] === '\n') return index + 1;
    else index += 1;
  }
  return index;
}

/** Past one address (`12`, `$`, `/re/I`, `\%re%`, `+3`, `~2`, `first~step`), or -1 when malformed. */
function skipAddress(text: string, index: number): number {
  const character = text[index];
  if (character === undefined) return index;
  if (/[\d+~]/.test(character)) {
    index += 1;
    while (/[\d~]/.test(text[index] ?? '')) index += 1;
    return index;
  }
  if (character === '$') return index + 1;
  if (character === '/' || character === '\\') {
    const delimiter = character === '/' ? '/' : text[index + 1];
    if (delimiter === undefined || delimiter === '\n') return -1;
    let end = skipDelimited(text, index + (character === '/' ? 1 : 2), delimiter);
    while (end >= 0 && /[IM]/.test(text[end] ?? '')) end += 1;
    return end;
  }
  return index;
}

/** Past the closing delimiter of a regex or replacement, or -1 when there is none. */
function skipDelimited(text: string, index: number, delimiter: string): number {
  while (index < text.length) {
    if (text[index] === '\\') index += 2;
    else if (text[index] === delimiter) return index + 1;
    else index += 1;
  }
  return -1;
}

/** Why an awk program may run commands, read other files or write files, or null. */
export function awkProgramRisk(program: string): string | null {
  if (/\b(system|getline|close|fflush)\b|\bARG[VC]\b|@\s*(load|include|namespace)|\|/.test(program)) {
    return 'the awk program may run commands or read files it names itself';
  }
  if (/\bprintf?\b[^;{}\n]*>/.test(program)) return 'the awk program may write to a file it names itself';
  return null;
}

/** Why a jq filter may load files (modules), or null. */
export function jqFilterRisk(filter: string): string | null {
  return /\b(import|include)\b/.test(filter) ? 'the jq filter loads modules from files' : null;
}
