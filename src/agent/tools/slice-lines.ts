/** A range of a text's lines. */
export interface LineSlice {
  /** The lines, joined with `\n` (no final newline). */
  text: string;
  /** 1-based number of the first line in `text`. */
  first: number;
  /** 1-based number of the last line in `text` (below `first` when the range is past the end). */
  last: number;
  /** Lines in the whole text (an empty text is one empty line); a final newline ends the last line rather than starting an empty one. */
  total: number;
}

/**
 * Lines `startLine..endLine` (1-based, inclusive) of `content`. Shared by
 * the agent's `read_file` and the MCP server's, so both count lines alike.
 *
 * @example
 * sliceLines('a\nb\nc\n', 2, 9); // { text: 'b\nc', first: 2, last: 3, total: 3 }
 */
export function sliceLines(content: string, startLine: number | undefined, endLine: number | undefined): LineSlice {
  const lines = content.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  const first = startLine ?? 1;
  const last = Math.min(endLine ?? total, total);
  return { text: lines.slice(first - 1, last).join('\n'), first, last, total };
}
