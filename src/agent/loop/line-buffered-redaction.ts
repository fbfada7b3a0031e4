/** Most characters held back while waiting for the end of a line (or of a PEM block) before they are shown anyway. */
export const MAX_HELD_STREAM_CHARS = 16 * 1024;

/** A PEM armour line's marker; a marker never spans lines. */
const PEM_MARKER = /-----(BEGIN|END) [A-Z0-9 ]+-----/g;

/**
 * Redacts streamed text whole lines at a time. A provider may split a secret
 * across two deltas (`ghp_12` + `34…`); redacting each delta alone would let
 * both halves through. Text is passed on up to the last complete line, and
 * a private-key block is held until it ends, so the redactor always sees a
 * secret whole. Past MAX_HELD_STREAM_CHARS the held text is passed on anyway,
 * and a longer delta is taken in pieces of that size, so at most twice
 * MAX_HELD_STREAM_CHARS is ever held or redacted at once. Each line is
 * scanned for PEM markers once, when it completes, so the cost is linear in
 * the text however it is split. Call `flush` when the turn ends.
 */
export function createLineBufferedRedaction(redact: (text: string) => string, emit: (text: string) => void): { push(delta: string): void; flush(): void } {
  let held = '';
  /** `held` up to here is complete lines already scanned for markers. */
  let scannedEnd = 0;
  /** Index in `held` of a PEM block that has begun and not ended, or -1. */
  let openBlockAt = -1;

  const release = (cut: number): void => {
    const text = held.slice(0, cut);
    held = held.slice(cut);
    scannedEnd = Math.max(0, scannedEnd - cut);
    openBlockAt = openBlockAt === -1 || openBlockAt < cut ? -1 : openBlockAt - cut;
    if (text.length > 0) emit(redact(text));
  };

  const scanCompleteLines = (): void => {
    for (let newline = held.indexOf('\n', scannedEnd); newline !== -1; newline = held.indexOf('\n', scannedEnd)) {
      for (const marker of held.slice(scannedEnd, newline).matchAll(PEM_MARKER)) {
        openBlockAt = marker[1] === 'BEGIN' ? scannedEnd + marker.index : -1;
      }
      scannedEnd = newline + 1;
    }
  };

  const append = (piece: string): void => {
    held += piece;
    scanCompleteLines();
    if (held.length > MAX_HELD_STREAM_CHARS) {
      release(endOfWholeCharacters(held, held.length));
      return;
    }
    const releasable = openBlockAt === -1 ? scannedEnd : Math.min(scannedEnd, openBlockAt);
    if (releasable > 0) release(releasable);
  };

  return {
    push(delta) {
      for (let start = 0; start < delta.length; start += MAX_HELD_STREAM_CHARS) append(delta.slice(start, start + MAX_HELD_STREAM_CHARS));
    },
    flush() {
      release(held.length);
    },
  };
}

/** `end`, or one less when the character before it is the first half of a surrogate pair (never split a character). */
function endOfWholeCharacters(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return end > 1 && code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}
