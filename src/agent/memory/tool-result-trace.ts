/**
 * A verbatim run of this many characters shared with a tool result always
 * marks an entry `source: tool-result` (about one sentence); a shorter
 * shared run of at least half of it may (when it lines up with the blocks
 * the trace keeps). Erring that way marks more entries, never fewer.
 */
export const MIN_VERBATIM_RUN_CHARS = 63;
/** Tool result text kept for the check, in characters; the oldest is dropped first. */
export const MAX_TRACED_CHARS = 8 * 1024 * 1024;
// Every run of 2k - 1 characters holds a whole block of k starting at a multiple of k, so
// indexing blocks of k = 32 finds every shared run of 63 characters or more.
const BLOCK_CHARS = (MIN_VERBATIM_RUN_CHARS + 1) / 2;

/** What a session's tool results said, as far as telling a quoted memory from the model's own words needs. */
export interface ToolResultTrace {
  /** Notes one tool result's text (as the model saw it). */
  record(text: string): void;
  /** Whether `text` holds a run of MIN_VERBATIM_RUN_CHARS characters (case and spacing aside) from a recorded result; see MIN_VERBATIM_RUN_CHARS. */
  containsVerbatimRun(text: string): boolean;
}

/**
 * The trace of one conversation's tool results. Text is compared after
 * NFKC, lowercasing and collapsing whitespace, so re-wrapping a quoted
 * paragraph does not hide it. Memory is bounded by MAX_TRACED_CHARS.
 *
 * @example
 * const trace = createToolResultTrace();
 * trace.record(fileContent);
 * trace.containsVerbatimRun(rememberText); // true when a sentence of fileContent was copied
 */
export function createToolResultTrace(): ToolResultTrace {
  const blocks = new Map<string, number>();
  const order: string[][] = [];
  let traced = 0;
  return {
    record(text) {
      const normalized = normalize(text);
      const added: string[] = [];
      for (let start = 0; start + BLOCK_CHARS <= normalized.length; start += BLOCK_CHARS) {
        const block = normalized.slice(start, start + BLOCK_CHARS);
        blocks.set(block, (blocks.get(block) ?? 0) + 1);
        added.push(block);
      }
      order.push(added);
      traced += added.length * BLOCK_CHARS;
      while (traced > MAX_TRACED_CHARS && order.length > 1) {
        const oldest = order.shift()!;
        traced -= oldest.length * BLOCK_CHARS;
        for (const block of oldest) {
          const count = (blocks.get(block) ?? 1) - 1;
          if (count <= 0) blocks.delete(block);
          else blocks.set(block, count);
        }
      }
    },
    containsVerbatimRun(text) {
      if (blocks.size === 0) return false;
      const normalized = normalize(text);
      for (let start = 0; start + BLOCK_CHARS <= normalized.length; start += 1) if (blocks.has(normalized.slice(start, start + BLOCK_CHARS))) return true;
      return false;
    },
  };
}

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
}
