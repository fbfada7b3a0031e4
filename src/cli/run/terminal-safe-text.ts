// Built from code points: no-control-regex (rightly) refuses control characters in literals.
// Every C0 control but tab and newline, DEL, and the C1 controls (an 8-bit CSI starts an escape sequence too).
const UNSAFE_CONTROLS = new RegExp(
  `[${String.fromCharCode(0)}-${String.fromCharCode(8)}${String.fromCharCode(0x0b)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}-${String.fromCharCode(0x9f)}]`,
  'g',
);

/**
 * Model text made safe to print on a terminal: escape sequences and other
 * control characters (which could recolour, move the cursor, retitle the
 * window or hide text) are removed; tabs and newlines stay. `\r\n` becomes
 * `\n` first so Windows line ends are not lost.
 */
export function terminalSafeText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE_CONTROLS, '');
}
