/** One dispatched server-sent event (the WHATWG "event stream" interpretation). */
export interface ServerSentEvent {
  /** The `event:` field, `message` when the event named none. */
  event: string;
  /** The `data:` lines joined by newlines. */
  data: string;
  /** The last `id:` seen on the stream up to this event (it carries over to later events, as in EventSource); '' when none. */
  lastEventId: string;
}

/** Incremental parser: feed it decoded text in any chunking, get whole events. */
export interface SseParser {
  push(text: string): void;
  /**
   * The connection ended: an event without its closing blank line is
   * dropped (its id too), as the standard says; the last dispatched id and
   * the retry delay stay for the reconnection, which starts a new stream.
   */
  end(): void;
  /** The id of the last dispatched event, for `Last-Event-ID` on a reconnect. */
  readonly lastEventId: string;
  /** The reconnection delay the server asked for with `retry:`, or null. */
  readonly retryMs: number | null;
}

/**
 * Parses `text/event-stream` per the HTML standard (§9.2.6): lines end in
 * CRLF, LF or CR (a CR at the end of one chunk and an LF at the start of the
 * next are one line end); `:` starts a comment (heartbeats); `field: value`
 * loses one space after the colon; a blank line dispatches the event when
 * it has data; an `id` holding NUL is ignored; `retry` takes digits only.
 * EventSource does this for us, but cannot send an Authorization header.
 * `initialLastEventId` is what the first connection sends as `Last-Event-ID`.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void, initialLastEventId = ''): SseParser {
  let buffer = '';
  let isStart = true;
  let skipLeadingLineFeed = false;
  let eventType = '';
  let data: string[] = [];
  // The id field's value so far, committed to lastEventId when its event is dispatched: an event cut off by a
  // dropped connection was never received, so a reconnect must ask for it again.
  let idBuffer = initialLastEventId;
  let lastEventId = initialLastEventId;
  let retryMs: number | null = null;

  function processLine(line: string): void {
    if (line === '') {
      lastEventId = idBuffer;
      if (data.length > 0) onEvent({ event: eventType === '' ? 'message' : eventType, data: data.join('\n'), lastEventId });
      eventType = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\u0000')) idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  }

  return {
    push(text) {
      let chunk = text;
      if (skipLeadingLineFeed && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLineFeed = false;
      if (isStart && chunk.length > 0) {
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
        isStart = false;
      }
      // What is left in the buffer holds no line end: scan only the new text (a long line in many chunks stays linear).
      let index = buffer.length;
      buffer += chunk;
      let start = 0;
      for (; index < buffer.length; index += 1) {
        const character = buffer[index];
        if (character !== '\n' && character !== '\r') continue;
        processLine(buffer.slice(start, index));
        if (character === '\r') {
          if (index + 1 === buffer.length) skipLeadingLineFeed = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      idBuffer = lastEventId;
      buffer = '';
      isStart = true;
      skipLeadingLineFeed = false;
      eventType = '';
      data = [];
    },
    get lastEventId() {
      return lastEventId;
    },
    get retryMs() {
      return retryMs;
    },
  };
}
