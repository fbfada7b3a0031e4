// Built from code points: no-control-regex (rightly) refuses control characters in literals.
const char = (code: number): string => String.fromCharCode(code);

// Every C0 control but tab and newline, DEL, and the C1 controls (an 8-bit CSI starts an escape sequence too).
const UNSAFE_CONTROLS = new RegExp(`[${char(0)}-${char(8)}${char(0x0b)}-${char(0x1f)}${char(0x7f)}-${char(0x9f)}]`, 'g');

/**
 * Characters that change how a terminal shows the text around them without
 * being seen: bidirectional overrides and isolates (a name that reads
 * backwards), zero-width characters and line/paragraph separators.
 */
const INVISIBLE_FORMATS = `${char(0x061c)}${char(0x200b)}-${char(0x200f)}${char(0x2028)}-${char(0x202e)}${char(0x2060)}-${char(0x2064)}${char(0x2066)}-${char(0x2069)}${char(0xfeff)}`;

/** Every control character (tab and newline included) and invisible format character: none belongs in a name. */
const UNSAFE_IN_NAME = new RegExp(`[${char(0)}-${char(0x1f)}${char(0x7f)}-${char(0x9f)}${INVISIBLE_FORMATS}]`, 'g');

/**
 * The colour sequences brass-agent's own output uses (bold, dim, red, green,
 * yellow and their resets): a line may keep these and nothing else.
 */
const OWN_COLOR_OR_UNSAFE = new RegExp(`(${char(0x1b)}\\[(?:1|2|22|31|32|33|39)m)|[${char(0)}-${char(8)}${char(0x0b)}-${char(0x1f)}${char(0x7f)}-${char(0x9f)}${INVISIBLE_FORMATS}]`, 'g');

/** A character as printable text: `\x1b`, `\u202e`. */
function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Model text made safe to print on a terminal: escape sequences and other
 * control characters (which could recolour, move the cursor, retitle the
 * window or hide text) are removed; tabs and newlines stay. `\r\n` becomes
 * `\n` first so Windows line ends are not lost.
 */
export function terminalSafeText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE_CONTROLS, '');
}

/**
 * A file or directory name (or any path, target or name from the workspace
 * or the model) as it may be printed: every control character, newline and
 * tab included, and every invisible format character (bidirectional
 * overrides, zero-width spaces) is shown escaped (`\x1b`, `\x0a`, `\u202e`),
 * so a name can neither drive the terminal nor fake another line, and two
 * different names never look the same. The one renderer for names on
 * stdout and stderr (issue 15, item 23).
 *
 * @example
 * terminalSafeName('src/\u001b[2Jx.ts') // 'src/\\x1b[2Jx.ts'
 */
export function terminalSafeName(name: string): string {
  return name.replace(UNSAFE_IN_NAME, escapeCharacter);
}

/**
 * A line or block of human output made safe for a terminal: brass-agent's
 * own colour sequences, newlines and tabs stay; every other control or
 * invisible format character is shown escaped, as terminalSafeName does
 * (`\r\n` becomes `\n` first; a lone `\r`, which would overwrite the line,
 * is escaped).
 * The CLI's output helpers and the run's progress lines pass everything
 * through it, so a name that was not rendered with terminalSafeName still
 * cannot reach the terminal raw.
 */
export function terminalSafeLines(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(OWN_COLOR_OR_UNSAFE, (match, ownColor: string | undefined) => ownColor ?? escapeCharacter(match));
}
