import type { ShellWord } from './shell-word.js';

/** Which options of a command take a value. Names are given without dashes. */
export interface OptionSpec {
  /** Short options that take a value (`'ef'`: `-e X`, `-eX`, `-fFILE`). */
  shortValued?: string;
  /** Long options that take a value (`--file X` or `--file=X`). */
  longValued?: readonly string[];
  /** Short options known to take no value; with `isStrict`, any other letter is unknown. */
  shortFlags?: string;
  /** Long options known to take no value; with `isStrict`, any other name is unknown. */
  longFlags?: readonly string[];
  /**
   * Unknown options make the reading unknown. Wrappers need this: guessing
   * wrong about an option's value would misplace the command they run.
   */
  isStrict?: boolean;
  /** Stop at the first operand (wrappers, interpreters); otherwise options may follow operands (GNU style). */
  stopAtOperand?: boolean;
  /** Treat `-5`, `-10` as options (nice, head, tail). */
  allowNumericOptions?: boolean;
}

/** One parsed element of a command line. */
export type ParsedArgument =
  | { kind: 'option'; name: string; value: ShellWord | null; word: ShellWord }
  | { kind: 'operand'; word: ShellWord };

/** The result of `parseOptions`. */
export interface ParsedOptions {
  items: ParsedArgument[];
  /** Index in the input of the first word not consumed (with `stopAtOperand`: the first operand). */
  rest: number;
  /** Set when a strict spec met an option it does not know. */
  unknownOption: string | null;
}

/** The literal text of a word when it has exactly one known value. */
export function literalOf(word: ShellWord): string | null {
  return word.values !== null && word.values.length === 1 ? word.values[0]! : null;
}

/** A word derived from part of another (a glued option value such as `-C/tmp`). */
export function derivedWord(from: ShellWord, value: string): ShellWord {
  return { source: from.source, values: [value], unknownReason: null };
}

/**
 * Splits a command's arguments into options and operands. `--` ends the
 * options. A word whose value is not known counts as an operand.
 */
export function parseOptions(words: readonly ShellWord[], spec: OptionSpec, start = 0): ParsedOptions {
  const items: ParsedArgument[] = [];
  let index = start;
  let isAfterDoubleDash = false;
  while (index < words.length) {
    const word = words[index]!;
    const text = literalOf(word);
    const isOption = !isAfterDoubleDash && text !== null && text.length > 1 && text.startsWith('-') && (spec.allowNumericOptions || !/^-\d/.test(text));
    if (!isOption) {
      if (!isAfterDoubleDash && text === '--') {
        isAfterDoubleDash = true;
        index += 1;
        if (spec.stopAtOperand) return { items, rest: index, unknownOption: null };
        continue;
      }
      if (spec.stopAtOperand) return { items, rest: index, unknownOption: null };
      items.push({ kind: 'operand', word });
      index += 1;
      continue;
    }
    const consumed = text.startsWith('--') ? parseLong(words, index, text, spec, items) : parseShort(words, index, text, spec, items);
    if (typeof consumed === 'string') return { items, rest: index, unknownOption: consumed };
    index += consumed;
  }
  return { items, rest: index, unknownOption: null };
}

function parseLong(words: readonly ShellWord[], index: number, text: string, spec: OptionSpec, items: ParsedArgument[]): number | string {
  const word = words[index]!;
  const equals = text.indexOf('=');
  const name = equals === -1 ? text.slice(2) : text.slice(2, equals);
  const isValued = spec.longValued?.includes(name) ?? false;
  if (equals !== -1) {
    if (spec.isStrict && !isValued && !(spec.longFlags?.includes(name) ?? false)) return `--${name}`;
    items.push({ kind: 'option', name: `--${name}`, value: derivedWord(word, text.slice(equals + 1)), word });
    return 1;
  }
  if (isValued) {
    items.push({ kind: 'option', name: `--${name}`, value: words[index + 1] ?? null, word });
    return 2;
  }
  if (spec.isStrict && !(spec.longFlags?.includes(name) ?? false)) return `--${name}`;
  items.push({ kind: 'option', name: `--${name}`, value: null, word });
  return 1;
}

function parseShort(words: readonly ShellWord[], index: number, text: string, spec: OptionSpec, items: ParsedArgument[]): number | string {
  const word = words[index]!;
  if (/^-\d+$/.test(text)) {
    items.push({ kind: 'option', name: text, value: null, word });
    return 1;
  }
  for (let position = 1; position < text.length; position += 1) {
    const letter = text[position]!;
    if (spec.shortValued?.includes(letter)) {
      const glued = text.slice(position + 1);
      if (glued.length > 0) {
        items.push({ kind: 'option', name: `-${letter}`, value: derivedWord(word, glued), word });
        return 1;
      }
      items.push({ kind: 'option', name: `-${letter}`, value: words[index + 1] ?? null, word });
      return 2;
    }
    if (spec.isStrict && !(spec.shortFlags?.includes(letter) ?? false)) return `-${letter}`;
    items.push({ kind: 'option', name: `-${letter}`, value: null, word });
  }
  return 1;
}
