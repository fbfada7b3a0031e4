import type { SearchMatch } from '../../core/index.js';
import { columnOfByteOffset, columnOfUtf8Offset, toMatchText } from './match-text.js';
import { LONG_JSON_LINE_BYTES, parseLongMatchLine } from './parse-long-match-line.js';

const MATCH_PREFIX = '{"type":"match"';

/** Reads ripgrep's `--json` stream chunk by chunk and hands over each file's matches once the file is done. */
export interface RipgrepJsonReader {
  push(chunk: Buffer): void;
  /** Whether the `summary` message arrived (ripgrep got as far as searching). */
  readonly sawSummary: boolean;
}

interface TextOrBytes {
  text?: string;
  bytes?: string;
}

interface RipgrepMessage {
  type?: string;
  data?: {
    path?: TextOrBytes;
    lines?: TextOrBytes;
    line_number?: number;
    submatches?: Array<{ start?: number }>;
    binary_offset?: number | null;
  };
}

/**
 * Creates a reader that splits the stream into JSON lines (a line can span
 * many chunks: one minified line is megabytes) and turns `match` messages
 * into SearchMatch values. A file's matches are handed to `onFile` at its
 * `end` message, and dropped when that message reports a `binary_offset`:
 * ripgrep found a NUL after printing some lines, and a binary file counts
 * as no match at all (the same rule as the Node engine).
 */
export function createRipgrepJsonReader(onFile: (matches: SearchMatch[]) => void): RipgrepJsonReader {
  let partial: Buffer[] = [];
  let fileMatches: SearchMatch[] = [];
  let sawSummary = false;

  const handleLine = (line: Buffer): void => {
    if (line.length === 0) return;
    if (line.length > LONG_JSON_LINE_BYTES && line.toString('latin1', 0, MATCH_PREFIX.length) === MATCH_PREFIX) {
      const long = parseLongMatchLine(line);
      if (long !== null) {
        const { data } = long.message;
        fileMatches.push({ path: toRelativePath(data?.path), line: data?.line_number ?? 0, column: long.column, text: toMatchText(long.textPrefix) });
        return;
      }
    }
    const message = JSON.parse(line.toString('utf8')) as RipgrepMessage;
    const data = message.data;
    if (message.type === 'match' && data) fileMatches.push(toSearchMatch(data));
    else if (message.type === 'end') {
      const done = fileMatches;
      fileMatches = [];
      if ((data?.binary_offset ?? null) === null && done.length > 0) onFile(done);
    } else if (message.type === 'summary') sawSummary = true;
  };

  return {
    get sawSummary() {
      return sawSummary;
    },
    push(chunk) {
      let start = 0;
      for (let newline = chunk.indexOf(0x0a); newline >= 0; newline = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, newline);
        const bytes = partial.length === 0 ? piece : Buffer.concat([...partial, piece]);
        partial = [];
        start = newline + 1;
        handleLine(bytes);
      }
      if (start < chunk.length) partial.push(chunk.subarray(start));
    },
  };
}

function toSearchMatch(data: NonNullable<RipgrepMessage['data']>): SearchMatch {
  const start = data.submatches?.[0]?.start ?? 0;
  let text: string;
  let column: number;
  if (typeof data.lines?.text === 'string') {
    text = data.lines.text;
    column = columnOfUtf8Offset(text, start);
  } else {
    const bytes = Buffer.from(data.lines?.bytes ?? '', 'base64');
    text = bytes.toString('utf8');
    column = columnOfByteOffset(bytes, start);
  }
  return { path: toRelativePath(data.path), line: data.line_number ?? 0, column, text: toMatchText(text) };
}

function toRelativePath(value: TextOrBytes | undefined): string {
  const raw = typeof value?.text === 'string' ? value.text : Buffer.from(value?.bytes ?? '', 'base64').toString('utf8');
  const slashed = process.platform === 'win32' ? raw.replaceAll('\\', '/') : raw;
  return slashed.startsWith('./') ? slashed.slice(2) : slashed;
}
