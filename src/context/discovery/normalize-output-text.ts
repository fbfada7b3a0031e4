/** Validation output longer than this is cut: the head and the tail are kept. 4 MiB of characters. */
export const MAX_OUTPUT_CHARS = 4 * 1024 * 1024;

/** Lines longer than this are cut before parsing (minified bundles, binary noise). */
export const MAX_LINE_CHARS = 2_000;

// Built from code points: ESLint's no-control-regex (rightly) refuses control characters in literals.
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
const CSI_8BIT = String.fromCharCode(0x9b);
// CSI (colours, cursor moves), OSC (hyperlinks, titles) and two-byte escapes, plus the 8-bit CSI.
const ANSI_PATTERN = new RegExp(`${ESC}\\[[0-?]*[ -/]*[@-~]|${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)|${ESC}[@-Z\\\\-_]|${CSI_8BIT}[0-?]*[ -/]*[@-~]`, 'g');
// C0 and C1 controls except tab and line feed: binary garbage must not reach the parsers or the prompt.
const CONTROL_PATTERN = new RegExp(`[${range(0x00, 0x08)}${range(0x0b, 0x1f)}${range(0x7f, 0x9f)}]`, 'g');

function range(first: number, last: number): string {
  return `${String.fromCharCode(first)}-${String.fromCharCode(last)}`;
}

/** Removes ANSI escape sequences (colours, hyperlinks, cursor movement). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_PATTERN, '');
}

/**
 * Makes tool output parseable: ANSI sequences removed, CRLF and lone CR
 * (progress redraws) turned into LF, other control characters dropped, the
 * text capped at MAX_OUTPUT_CHARS (head and tail kept) and every line at
 * MAX_LINE_CHARS. Returns the lines.
 */
export function normalizeOutputLines(text: string): string[] {
  let capped = text;
  if (capped.length > MAX_OUTPUT_CHARS) {
    const half = Math.floor(MAX_OUTPUT_CHARS / 2);
    capped = `${capped.slice(0, half)}\n${capped.slice(capped.length - half)}`;
  }
  const cleaned = stripAnsi(capped).replace(/\r\n?/g, '\n').replace(CONTROL_PATTERN, '');
  return cleaned.split('\n').map((line) => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line));
}
