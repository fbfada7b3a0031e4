/** Longest custom pattern accepted, in characters. */
export const MAX_CUSTOM_PATTERN_CHARS = 512;
/** Largest upper bound of one repetition (`{1,256}`). */
export const MAX_PATTERN_REPEAT = 256;
/**
 * Most ways a pattern may try to match at one position of the text: the
 * product of its repetition ranges and alternatives. A backtracking engine
 * tries at most that many, so every accepted pattern is linear in the text
 * with a bounded constant (`[a-z]{0,16}=[0-9a-f]{8,40}` has 17 x 33 = 561).
 */
export const MAX_PATTERN_WAYS = 1024;
/** Longest text one match of a custom pattern may cover. */
export const MAX_PATTERN_WIDTH = 1024;

/** Width and backtracking ways of a piece of a pattern, as the checker sees them. */
interface PatternCost {
  /** Longest text the piece can match. */
  width: number;
  /** Upper bound of the ways it can match at one position (alternatives times repetition ranges). */
  ways: number;
  /** Contains a repetition or an alternation (repeating it again would nest). */
  isVariable: boolean;
}

interface Frame {
  alternatives: PatternCost[];
  current: PatternCost;
  last: PatternCost | undefined;
}

const EMPTY_COST = (): PatternCost => ({ width: 0, ways: 1, isVariable: false });

/** Internal: thrown by the analysis and turned into the returned problem line. */
class UnsafePatternError extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

function append(frame: Frame, atom: PatternCost): void {
  frame.current = {
    width: frame.current.width + atom.width,
    ways: frame.current.ways * atom.ways,
    isVariable: frame.current.isVariable || atom.isVariable,
  };
  frame.last = atom;
}

function closeFrame(frame: Frame): PatternCost {
  const alternatives = [...frame.alternatives, frame.current];
  return {
    width: Math.max(...alternatives.map((alternative) => alternative.width)),
    ways: alternatives.reduce((sum, alternative) => sum + alternative.ways, 0),
    isVariable: alternatives.length > 1 || alternatives.some((alternative) => alternative.isVariable),
  };
}

/** Applies a repetition `{min,max}` to the last atom of the frame. */
function repeat(frame: Frame, min: number, max: number, index: number): void {
  const atom = frame.last;
  if (atom === undefined) throw new UnsafePatternError(`nothing to repeat at ${index}`);
  if (atom.isVariable) throw new UnsafePatternError(`nested repetition at ${index}: a repeated group may not contain a repetition or an alternation`);
  if (max > MAX_PATTERN_REPEAT) throw new UnsafePatternError(`repetition bound ${max} at ${index} is above ${MAX_PATTERN_REPEAT}`);
  // Undo the atom counted once by append, then count it repeated.
  frame.current.width += atom.width * (max - 1);
  frame.current.ways *= max - min + 1;
  frame.current.isVariable = frame.current.isVariable || max !== min;
  frame.last = undefined;
}

/** Reads an atom's escape at `index` (after the backslash); returns the index after it. */
function skipEscape(source: string, index: number): number {
  const char = source.charAt(index);
  if (/[1-9]/.test(char) || (char === 'k' && source.charAt(index + 1) === '<')) throw new UnsafePatternError(`backreference at ${index - 1}`);
  if (char === 'x') return index + 3;
  if (char === 'u') return source.charAt(index + 1) === '{' ? source.indexOf('}', index) + 1 : index + 5;
  if (char === 'c') return index + 2;
  if ((char === 'p' || char === 'P') && source.charAt(index + 1) === '{') return source.indexOf('}', index) + 1;
  return index + 1;
}

function analyse(source: string): PatternCost {
  const stack: Frame[] = [{ alternatives: [], current: EMPTY_COST(), last: undefined }];
  let index = 0;
  while (index < source.length) {
    const frame = stack[stack.length - 1]!;
    const char = source.charAt(index);
    if (char === '\\') {
      const next = skipEscape(source, index + 1);
      const isAssertion = source.charAt(index + 1) === 'b' || source.charAt(index + 1) === 'B';
      append(frame, isAssertion ? EMPTY_COST() : { width: 1, ways: 1, isVariable: false });
      index = next;
    } else if (char === '[') {
      let end = index + 1;
      if (source.charAt(end) === '^') end += 1;
      if (source.charAt(end) === ']') end += 1;
      while (end < source.length && source.charAt(end) !== ']') end += source.charAt(end) === '\\' ? 2 : 1;
      append(frame, { width: 1, ways: 1, isVariable: false });
      index = end + 1;
    } else if (char === '(') {
      if (source.startsWith('(?<=', index) || source.startsWith('(?<!', index)) throw new UnsafePatternError(`lookbehind at ${index}`);
      stack.push({ alternatives: [], current: EMPTY_COST(), last: undefined });
      index += source.startsWith('(?<', index) ? source.indexOf('>', index) + 1 - index : source.startsWith('(?', index) ? 3 : 1;
    } else if (char === ')') {
      if (stack.length === 1) throw new UnsafePatternError(`unmatched ) at ${index}`);
      stack.pop();
      append(stack[stack.length - 1]!, closeFrame(frame));
      index += 1;
    } else if (char === '|') {
      frame.alternatives.push(frame.current);
      frame.current = EMPTY_COST();
      frame.last = undefined;
      index += 1;
    } else if (char === '*' || char === '+') {
      throw new UnsafePatternError(`unbounded repetition "${char}" at ${index}: use a bounded one such as {1,64}`);
    } else if (char === '?') {
      repeat(frame, 0, 1, index);
      index += source.charAt(index + 1) === '?' ? 2 : 1;
    } else if (char === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(index))) {
      const [, minText, maxText] = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(index))!;
      if (maxText === '') throw new UnsafePatternError(`unbounded repetition "{${minText},}" at ${index}: give an upper bound such as {${minText},64}`);
      const min = Number(minText);
      repeat(frame, min, maxText === undefined ? min : Number(maxText), index);
      index = source.indexOf('}', index) + 1;
      if (source.charAt(index) === '?') index += 1;
    } else {
      append(frame, char === '^' || char === '$' ? EMPTY_COST() : { width: 1, ways: 1, isVariable: false });
      index += 1;
    }
  }
  if (stack.length !== 1) throw new UnsafePatternError('unclosed group');
  return closeFrame(stack[0]!);
}

/**
 * Checks that a custom redaction pattern (from `redaction.additionalPatterns`
 * or `redaction.allowPatterns`, possibly written by an untrusted repository)
 * runs in linear time: it must compile as a JavaScript regular expression,
 * be at most MAX_CUSTOM_PATTERN_CHARS long, use only bounded repetitions
 * (`{1,64}`, not `*`, `+` or `{1,}`), never repeat a group that contains a
 * repetition or an alternation, have no backreference or lookbehind, not
 * match the empty string, and stay within MAX_PATTERN_WAYS and
 * MAX_PATTERN_WIDTH. Returns the
 * problem as one line, or undefined when the pattern is safe.
 *
 * @example
 * checkPatternSafety('acme_[a-z0-9]{32}') // undefined
 * checkPatternSafety('(a+)+$') // 'unbounded repetition "+" at 2: use a bounded one such as {1,64}'
 */
export function checkPatternSafety(source: string): string | undefined {
  if (source.length === 0) return 'empty pattern';
  if (source.length > MAX_CUSTOM_PATTERN_CHARS) return `longer than ${MAX_CUSTOM_PATTERN_CHARS} characters`;
  let compiled: RegExp;
  try {
    compiled = new RegExp(source);
  } catch (error) {
    return `not a valid regular expression (${error instanceof Error ? error.message : String(error)})`;
  }
  if (compiled.test('')) return 'matches the empty string';
  try {
    const cost = analyse(source);
    if (cost.ways > MAX_PATTERN_WAYS) return `too much backtracking (${cost.ways} ways to try at each position > ${MAX_PATTERN_WAYS}): narrow the repetition ranges`;
    if (cost.width > MAX_PATTERN_WIDTH) return `matches up to ${cost.width} characters (> ${MAX_PATTERN_WIDTH})`;
  } catch (error) {
    if (error instanceof UnsafePatternError) return error.problem;
    throw error;
  }
  return undefined;
}
