/**
 * The Porter stemming algorithm (M. F. Porter, "An algorithm for suffix
 * stripping", 1980, with the `bli`/`logi` amendments of his reference
 * implementation), so "configure", "configured", "configuring" and
 * "configuration" all index as `configur`. Only lowercase ASCII words of
 * three letters or more are stemmed; anything else (numbers, identifiers
 * with digits, non-Latin words) is returned unchanged.
 */

const STEP2_RULES: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];

const STEP3_RULES: readonly (readonly [string, string])[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4_SUFFIXES: readonly string[] = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize',
];

const ASCII_WORD = /^[a-z]+$/;

function isConsonant(word: string, index: number): boolean {
  const letter = word[index];
  if (letter === 'a' || letter === 'e' || letter === 'i' || letter === 'o' || letter === 'u') return false;
  if (letter === 'y') return index === 0 ? true : !isConsonant(word, index - 1);
  return true;
}

/** The measure m of `stem`: the number of vowel-consonant sequences in [C](VC)^m[V]. */
function measure(stem: string): number {
  let count = 0;
  let index = 0;
  const length = stem.length;
  while (index < length && isConsonant(stem, index)) index += 1;
  while (index < length) {
    while (index < length && !isConsonant(stem, index)) index += 1;
    if (index >= length) break;
    while (index < length && isConsonant(stem, index)) index += 1;
    count += 1;
  }
  return count;
}

function hasVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index += 1) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsWithDoubleConsonant(stem: string): boolean {
  const length = stem.length;
  return length >= 2 && stem[length - 1] === stem[length - 2] && isConsonant(stem, length - 1);
}

/** *o: the stem ends consonant-vowel-consonant and the last consonant is not w, x or y. */
function endsWithCvc(stem: string): boolean {
  const length = stem.length;
  if (length < 3) return false;
  if (!isConsonant(stem, length - 1) || isConsonant(stem, length - 2) || !isConsonant(stem, length - 3)) return false;
  const last = stem[length - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

function step1(word: string): string {
  let result = word;
  if (result.endsWith('sses')) result = result.slice(0, -2);
  else if (result.endsWith('ies')) result = result.slice(0, -2);
  else if (!result.endsWith('ss') && result.endsWith('s')) result = result.slice(0, -1);

  let isStripped = false;
  if (result.endsWith('eed')) {
    if (measure(result.slice(0, -3)) > 0) result = result.slice(0, -1);
  } else if (result.endsWith('ed') && hasVowel(result.slice(0, -2))) {
    result = result.slice(0, -2);
    isStripped = true;
  } else if (result.endsWith('ing') && hasVowel(result.slice(0, -3))) {
    result = result.slice(0, -3);
    isStripped = true;
  }
  if (isStripped) {
    if (result.endsWith('at') || result.endsWith('bl') || result.endsWith('iz')) result += 'e';
    else if (endsWithDoubleConsonant(result) && !/[lsz]$/.test(result)) result = result.slice(0, -1);
    else if (measure(result) === 1 && endsWithCvc(result)) result += 'e';
  }
  if (result.endsWith('y') && hasVowel(result.slice(0, -1))) result = `${result.slice(0, -1)}i`;
  return result;
}

function applyRules(word: string, rules: readonly (readonly [string, string])[]): string {
  let best: readonly [string, string] | undefined;
  for (const rule of rules) if (word.endsWith(rule[0]) && (best === undefined || rule[0].length > best[0].length)) best = rule;
  if (best === undefined) return word;
  const stem = word.slice(0, -best[0].length);
  return measure(stem) > 0 ? stem + best[1] : word;
}

function step4(word: string): string {
  let best: string | undefined;
  for (const suffix of STEP4_SUFFIXES) if (word.endsWith(suffix) && (best === undefined || suffix.length > best.length)) best = suffix;
  if (best === undefined) return word;
  const stem = word.slice(0, -best.length);
  if (measure(stem) <= 1) return word;
  if (best === 'ion' && !/[st]$/.test(stem)) return word;
  return stem;
}

function step5(word: string): string {
  let result = word;
  if (result.endsWith('e')) {
    const stem = result.slice(0, -1);
    const stemMeasure = measure(stem);
    if (stemMeasure > 1 || (stemMeasure === 1 && !endsWithCvc(stem))) result = stem;
  }
  if (measure(result) > 1 && endsWithDoubleConsonant(result) && result.endsWith('l')) result = result.slice(0, -1);
  return result;
}

/**
 * The Porter stem of a lowercase word.
 *
 * @example
 * porterStem('configuration'); // 'configur'
 * porterStem('plugins');       // 'plugin'
 */
export function porterStem(word: string): string {
  if (word.length < 3 || !ASCII_WORD.test(word)) return word;
  return step5(step4(applyRules(applyRules(step1(word), STEP2_RULES), STEP3_RULES)));
}
