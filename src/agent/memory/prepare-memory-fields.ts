import { InvalidInputError } from '../../core/index.js';
import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import { sanitizeLabel } from '../../context/nested/index.js';
import { MAX_MEMORY_TAGS, MAX_MEMORY_TEXT_BYTES, MEMORY_TAG_PATTERN, type MemoryEntryInput } from './memory-entry.js';

/** An entry's title, text and tags as they may be stored. */
export interface PreparedMemoryFields {
  title: string;
  text: string;
  tags: string[];
}

/**
 * The one gate every stored entry passes (remember, `memory edit`): redacts
 * title, text and tags with the workspace redactor, neutralises forged
 * `<system-reminder>` framing (neutralizeReminderTags), makes the title one
 * line of at most MAX_MEMORY_TITLE_CHARS characters (sanitizeLabel), and
 * lowercases and dedupes the tags. Throws InvalidInputError, saying what to
 * change, for an empty title or text, a text over MAX_MEMORY_TEXT_BYTES, more
 * than MAX_MEMORY_TAGS tags or a tag that is not a short word.
 */
export function prepareMemoryFields(input: MemoryEntryInput, redact: (text: string) => string): PreparedMemoryFields {
  const title = sanitizeLabel(redact(input.title));
  if (title.length === 0) throw new InvalidInputError('title', 'is empty; give the memory a short one-line title');
  const text = neutralizeReminderTags(redact(input.text.replace(/\r\n?/g, '\n'))).trim();
  if (text.length === 0) throw new InvalidInputError('text', 'is empty; say what to remember');
  const bytes = utf8ByteLength(text);
  if (bytes > MAX_MEMORY_TEXT_BYTES) throw new InvalidInputError('text', `is ${bytes} bytes; a memory holds at most ${MAX_MEMORY_TEXT_BYTES}: keep the fact, leave out the detail`);
  const tags = [...new Set((input.tags ?? []).map((tag) => neutralizeReminderTags(redact(tag.trim().toLowerCase()))))];
  if (tags.length > MAX_MEMORY_TAGS) throw new InvalidInputError('tags', `has ${tags.length} tags; give at most ${MAX_MEMORY_TAGS}`);
  const badTag = tags.find((tag) => !MEMORY_TAG_PATTERN.test(tag));
  if (badTag !== undefined) throw new InvalidInputError('tags', `${JSON.stringify(badTag.slice(0, 40))} is not a tag (one short lowercase word: letters, digits, . _ -, at most 32 characters)`);
  return { title, text: `${text}\n`, tags };
}
