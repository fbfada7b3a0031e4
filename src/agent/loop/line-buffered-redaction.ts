/** Most characters held back while waiting for the end of a line (or of a PEM block) before they are shown anyway. */
export const MAX_HELD_STREAM_CHARS = 16 * 1024;

const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]+-----/g;
const PEM_END = /-----END [A-Z0-9 ]+-----/g;

/**
 * Redacts streamed text whole lines at a time. A provider may split a secret
 * across two deltas (`ghp_12` + `34…`); redacting each delta alone would let
 * both halves through. Text is passed on up to the last complete line, and
 * a private-key block is held until it ends, so the redactor always sees a
 * secret whole. Past MAX_HELD_STREAM_CHARS the held text is passed on anyway
 * (bounded memory). Call `flush` when the turn ends.
 */
export function createLineBufferedRedaction(redact: (text: string) => string, emit: (text: string) => void): { push(delta: string): void; flush(): void } {
  let held = '';
  const release = (text: string): void => {
    if (text.length > 0) emit(redact(text));
  };
  return {
    push(delta) {
      held += delta;
      const cut = held.length > MAX_HELD_STREAM_CHARS ? held.length : releasableEnd(held);
      if (cut === 0) return;
      release(held.slice(0, cut));
      held = held.slice(cut);
    },
    flush() {
      release(held);
      held = '';
    },
  };
}

/** Where the text that can be shown now ends: after the last newline, but never inside an open PEM block. */
function releasableEnd(text: string): number {
  const lastNewline = text.lastIndexOf('\n');
  if (lastNewline === -1) return 0;
  const begins = [...text.matchAll(PEM_BEGIN)];
  const ends = [...text.matchAll(PEM_END)];
  const openBlock = begins.at(-1);
  if (openBlock !== undefined && (ends.at(-1)?.index ?? -1) < openBlock.index) return Math.min(lastNewline + 1, openBlock.index);
  return lastNewline + 1;
}
