import * as z from 'zod';
import { containsRedactionMarker, redactLinesInContext, type RedactTextFunction } from '../../core/index.js';
import { type AgentTool, defineTool, failure } from './agent-tool.js';
import { PENDING_NOTE, checkWrite } from './check-write.js';

/** The tool's name. */
export const EDIT_FILE_TOOL = 'edit_file';
/** Lines of context shown around the first replacement. */
const SNIPPET_CONTEXT_LINES = 3;
/** Lines of the replacement itself shown at most. */
const SNIPPET_MAX_LINES = 20;

const schema = z.strictObject({
  path: z.string().min(1).describe('The file to edit, relative to the workspace root.'),
  old_string: z.string().min(1).describe('The exact text to replace, whitespace and indentation included; it must occur exactly once unless replace_all is true.'),
  new_string: z.string().describe('The text to put in its place.'),
  replace_all: z.boolean().optional().describe('Replace every occurrence instead of requiring exactly one (default false).'),
});

/**
 * `edit_file`: exact string replacement in a file as this run sees it
 * (pending edits first), recorded in the run's pending edits. `old_string`
 * must occur exactly once unless `replace_all`; otherwise the model is told
 * how to make it unique or where to look.
 */
export function createEditFileTool(): AgentTool {
  return defineTool({
    name: EDIT_FILE_TOOL,
    description:
      'Replace an exact piece of text in a file. old_string must match the file exactly (copy it from read_file, whitespace included) and occur once, unless replace_all is true. ' +
      'The edit is recorded in this run\'s patch, not written to disk yet.',
    schema,
    async run({ path, old_string: oldString, new_string: newString, replace_all: isReplaceAll }, { session }) {
      if (oldString === newString) return failure('old_string and new_string are the same: there is nothing to change.', 'invalid-input');
      const file = await session.edits.read(path);
      if (file.content === null) return failure(`${path} does not exist. Use write_file to create it.`, 'not-found');
      const current = file.content;
      const count = countOccurrences(current, oldString);
      if (count === 0) {
        const hint = containsRedactionMarker(oldString)
          ? ' old_string contains a [REDACTED:...] marker: the file holds a secret there that you cannot see; choose old_string around it.'
          : ' Read the file again (read_file) and copy the exact text, including whitespace and indentation.';
        return failure(`old_string was not found in ${file.path}.${hint}`, 'not-found', [file.path]);
      }
      if (count > 1 && isReplaceAll !== true) {
        return failure(`old_string occurs ${count} times in ${file.path}. Include more surrounding lines to make it unique, or set replace_all: true to replace every occurrence.`, 'ambiguous', [file.path]);
      }
      const first = current.indexOf(oldString);
      // split/join and slicing, not String.replace: `$&` and friends in new_string must stay literal.
      const next = isReplaceAll === true ? current.split(oldString).join(newString) : current.slice(0, first) + newString + current.slice(first + oldString.length);
      const refused = await checkWrite(session.runtime, { tool: EDIT_FILE_TOOL, path, content: newString });
      if (refused !== null) return refused;
      const written = await session.edits.write(path, next);
      const replaced = isReplaceAll === true ? count : 1;
      const snippet = snippetAround(next, first, newString, session.redact);
      return {
        ok: true,
        content: `Edited ${written.path}: replaced ${replaced} occurrence${replaced === 1 ? '' : 's'}. ${PENDING_NOTE}\n${snippet}`,
        paths: [written.path],
        summary: `edited ${written.path} (${replaced} replacement${replaced === 1 ? '' : 's'})`,
        isChange: true,
      };
    },
  });
}

/** Non-overlapping occurrences of `needle` in `text`. */
function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length)) count += 1;
  return count;
}

/**
 * The first replacement with a few lines around it, numbered, so the model
 * can check the result. The lines are cut from the whole file redacted
 * (issue 15, item 15): a window inside a private key shows no body line
 * even though the key's header lies above it.
 */
function snippetAround(text: string, offset: number, inserted: string, redact: RedactTextFunction): string {
  const lineCount = text.split('\n').length;
  const startLine = text.slice(0, offset).split('\n').length;
  const insertedLines = Math.min(inserted.split('\n').length, SNIPPET_MAX_LINES);
  const from = Math.max(1, startLine - SNIPPET_CONTEXT_LINES);
  const to = Math.min(lineCount, startLine + insertedLines - 1 + SNIPPET_CONTEXT_LINES);
  const numbers = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const redacted = redactLinesInContext(redact, text, numbers);
  const width = String(to).length;
  // Never expected (redaction keeps line numbers): then no line is shown rather than one unchecked.
  if (redacted === null) return `Lines ${from}-${to} changed (not shown: read_file shows them).`;
  const shown = numbers.map((line) => `${String(line).padStart(width)}  ${redacted.get(line) ?? ''}`);
  return `Lines ${from}-${to} now:\n${shown.join('\n')}`;
}
