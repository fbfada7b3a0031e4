import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from '../src/server/studio/sse-parser.js';

// The studio reads its event stream with fetch (to send the bearer token), so it parses text/event-stream itself.

function parse(chunks: readonly string[]): { events: ServerSentEvent[]; lastEventId: string; retryMs: number | null } {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return { events, lastEventId: parser.lastEventId, retryMs: parser.retryMs };
}

/** Every way of cutting a text into two chunks: an event must not depend on where the network split it. */
function everySplit(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, index) => [text.slice(0, index), text.slice(index)]);
}

describe('the studio SSE parser', () => {
  it('dispatches id, event and data at a blank line, and keeps the last id', () => {
    const { events, lastEventId } = parse(['id: 1\nevent: text.delta\ndata: {"type":"text.delta"}\n\n', 'id: 2\ndata: x\n\n']);
    expect(events).toEqual([
      { event: 'text.delta', data: '{"type":"text.delta"}', lastEventId: '1' },
      { event: 'message', data: 'x', lastEventId: '2' },
    ]);
    expect(lastEventId).toBe('2');
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('gives the same events however %s-terminated text is split into chunks', (_name, end) => {
    const text = `id: 7${end}event: a${end}data: one${end}data: two${end}${end}: heartbeat${end}data:three${end}${end}`;
    for (const chunks of everySplit(text)) {
      expect(parse(chunks).events).toEqual([
        { event: 'a', data: 'one\ntwo', lastEventId: '7' },
        { event: 'message', data: 'three', lastEventId: '7' },
      ]);
    }
  });

  it('treats a CR at the end of one chunk and an LF at the start of the next as one line end', () => {
    const { events } = parse(['data: a\r', '\n\r', '\ndata: b\r\n\r\n']);
    expect(events.map((event) => event.data)).toEqual(['a', 'b']);
  });

  it('feeds a long line in many chunks', () => {
    const data = 'x'.repeat(10_000);
    const text = `data: ${data}\n\n`;
    const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
    expect(parse(chunks).events).toEqual([{ event: 'message', data, lastEventId: '' }]);
  });

  it('follows the standard on the odd cases', () => {
    const { events, lastEventId, retryMs } = parse([
      '\uFEFFdata: after a byte order mark\n\n',
      // Comments (heartbeats) and unknown fields are ignored; an event without data is not dispatched.
      ': keep-alive\nfoo: bar\nevent: empty\n\n',
      // One space after the colon is dropped, a second is data; a field without a colon has an empty value.
      'data:  two spaces\ndata\n\n',
      // An id holding NUL is ignored; retry takes digits only.
      'id: bad\u0000id\nretry: soon\nretry: 2500\ndata: z\n\n',
      // An event whose blank line never came is not dispatched.
      'data: unfinished\n',
    ]);
    expect(events).toEqual([
      { event: 'message', data: 'after a byte order mark', lastEventId: '' },
      { event: 'message', data: ' two spaces\n', lastEventId: '' },
      { event: 'message', data: 'z', lastEventId: '' },
    ]);
    expect(lastEventId).toBe('');
    expect(retryMs).toBe(2500);
  });

  it('starts from a given last event id (what the first connection sends)', () => {
    const parser = createSseParser(() => undefined, '0');
    expect(parser.lastEventId).toBe('0');
    parser.push('data: no id\n\n');
    expect(parser.lastEventId).toBe('0');
  });

  it('after end() drops the unfinished event with its id, and keeps the last dispatched id and retry for the next connection', () => {
    const events: ServerSentEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    parser.push('retry: 50\nid: 3\ndata: done\n\nid: 4\ndata: cut off');
    expect(parser.lastEventId).toBe('3');
    parser.end();
    // Event 4 never arrived: the reconnect asks for what follows 3.
    expect(parser.lastEventId).toBe('3');
    parser.push('\uFEFFdata: next\n\nid: 5\n\n');
    expect(events).toEqual([
      { event: 'message', data: 'done', lastEventId: '3' },
      { event: 'message', data: 'next', lastEventId: '3' },
    ]);
    // An id without data still counts.
    expect(parser.lastEventId).toBe('5');
    expect(parser.retryMs).toBe(50);
  });
});
