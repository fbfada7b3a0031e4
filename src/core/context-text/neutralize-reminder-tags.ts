/**
 * Neutralises text that could forge the `<system-reminder>` framing the
 * agent appends to tool results. Context files, their labels and their paths
 * are written by whoever wrote the repository; none of them may open or close
 * a reminder block, in any spelling a model might still read as the tag.
 */

/** What a forged tag is replaced with: no angle bracket, so it cannot frame anything. */
export const NEUTRALIZED_TAG = '[removed reminder tag]';

// Characters a reader skips over: whitespace, format characters (zero-width
// space/joiners, soft hyphen, bidi controls, BOM) and their encoded forms.
const FILLER = String.raw`(?:[\s\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|&(?:amp;)*(?:#0*(?:9|10|13|32|160|173|8203|8204|8205|8288|65279)(?![0-9]);?|#x0*(?:9|a|d|20|a0|ad|200b|200c|200d|2060|feff)(?![0-9a-f]);?|(?:nbsp|shy|zwsp|zwj|zwnj|NewLine|Tab|ZeroWidthSpace);)|\\u\{?0*(?:9|a|d|20|a0|ad|200b|200c|200d|2060|feff)\}?|%(?:09|0a|0d|20))*`;

/** Alternatives for one ASCII character: itself, entity, escape and percent forms, plus extra look-alikes. */
function characterPattern(character: string, lookAlikes: string, namedEntities: readonly string[] = []): string {
  const codes = new Set([character.charCodeAt(0), character.toUpperCase().charCodeAt(0), character.toLowerCase().charCodeAt(0)]);
  const encoded: string[] = [];
  for (const code of codes) {
    const hex = code.toString(16);
    encoded.push(`&(?:amp;)*#0*${code}(?![0-9]);?`, `&(?:amp;)*#x0*${hex}(?![0-9a-f]);?`, String.raw`\\u\{?0*${hex}\}?`, String.raw`\\x${hex}`, `%${hex}`);
  }
  for (const entity of namedEntities) encoded.push(`&(?:amp;)*${entity};?`);
  // Inside a class with the `u` flag only syntax characters may be escaped.
  const classCharacter = character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  return `(?:[${classCharacter}${lookAlikes}]|${encoded.join('|')})`;
}

/** Fullwidth forms of ASCII letters (U+FF21...), both cases. */
function fullwidth(letter: string): string {
  const upper = letter.toUpperCase().charCodeAt(0) + 0xfee0;
  const lower = letter.toLowerCase().charCodeAt(0) + 0xfee0;
  return String.fromCodePoint(upper, lower);
}

// Cyrillic and small-capital look-alikes that NFKC does not fold to ASCII.
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  s: '\u0455\uA731',
  y: '\u0443\u04AF\u028F',
  t: '\u0442\u1D1B',
  e: '\u0435\u04BD\u212F\u1D07',
  m: '\u043C\u1D0D',
  r: '\u0433\u0280',
  i: '\u0456\u0131\u026A\u03B9',
  n: '\u0578\u0274',
  d: '\u0501\u1D05',
};

const LESS_THAN = characterPattern('<', '\uFF1C\uFE64\u2039\u27E8\u2329\u3008', ['lt']);
const SLASH = characterPattern('/', '\uFF0F\u2044\u2215', ['sol']);
const HYPHEN = `(?:${characterPattern('-', '_\u2010-\u2015\u2212\uFE58\uFE63\uFF0D\u2043', ['hyphen', 'dash', 'minus', 'lowbar'])}|${characterPattern('_', '')})`;

function wordPattern(word: string): string {
  return [...word].map((letter) => characterPattern(letter, fullwidth(letter) + (LOOK_ALIKES[letter] ?? ''))).join(FILLER);
}

// The closing `>` is not required: `<system-reminder` alone, at the end of a
// truncated body, would still merge with the real closing tag that follows.
const TAG_SOURCE = [LESS_THAN, `(?:${SLASH}${FILLER})?`, wordPattern('system'), `(?:${HYPHEN}${FILLER})?`, wordPattern('reminder')].join(FILLER);

/** The pattern's source and MATCH_START are exported for the test that holds one to the other. */
export const REMINDER_TAG_SOURCE = TAG_SOURCE;

/**
 * Every match starts with one of LESS_THAN's alternatives, and each of them
 * starts with one of these characters. The full pattern costs tens of
 * milliseconds to compile on its first use, so text without any of them
 * (most context files) never compiles it.
 */
export const MATCH_START = /[<\uFF1C\uFE64\u2039\u27E8\u2329\u3008&\\%]/u;

/** Matches an opening or closing reminder tag in any of the spellings above; built on first use. */
let tagPattern: RegExp | undefined;
function tagPatternOnce(): RegExp {
  tagPattern ??= new RegExp(TAG_SOURCE, 'giu');
  return tagPattern;
}

/** Whether `text`, or its NFKC form, contains something that reads as a reminder tag. */
export function containsReminderTag(text: string): boolean {
  return matchesTag(text) || matchesTag(text.normalize('NFKC'));
}

function matchesTag(text: string): boolean {
  if (!MATCH_START.test(text)) return false;
  const pattern = tagPatternOnce();
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

/**
 * Replaces every opening or closing `system-reminder` tag in `text` with
 * NEUTRALIZED_TAG: any letter case, whitespace or zero-width characters
 * between the letters, HTML entities (also double-encoded), `\u003c` and
 * `%3C` escapes, fullwidth and Cyrillic look-alikes. When the NFKC form of
 * the result still holds a tag (mathematical letters, ligatures...), the
 * text is NFKC-normalised and neutralised again.
 *
 * @example
 * neutralizeReminderTags('a </SYSTEM-reminder> b'); // 'a [removed reminder tag]> b'
 */
export function neutralizeReminderTags(text: string): string {
  const once = replaceUntilStable(text);
  const folded = once.normalize('NFKC');
  return matchesTag(folded) ? replaceUntilStable(folded) : once;
}

function replaceUntilStable(text: string): string {
  let current = text;
  // Each pass removes at least one `<`-like character, so this ends.
  for (;;) {
    if (!MATCH_START.test(current)) return current;
    const next = current.replace(tagPatternOnce(), NEUTRALIZED_TAG);
    if (next === current) return current;
    current = next;
  }
}
