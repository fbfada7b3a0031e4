import type { MemoryEntry } from './memory-entry.js';

/**
 * The file form of an entry: a front block of JSON-quoted values (valid
 * YAML, so no value is ever read as a date, a number or a tag), then the
 * text. The id is the file's name, not part of the text.
 *
 * @example
 * renderMemoryEntry(entry); // '---\ntitle: "Tests"\ntags: ["pnpm"]\nscope: "workspace"\n...\n---\nRun pnpm -F api test.\n'
 */
export function renderMemoryEntry(entry: Omit<MemoryEntry, 'id'>): string {
  const lines = [
    '---',
    `title: ${JSON.stringify(entry.title)}`,
    `tags: [${entry.tags.map((tag) => JSON.stringify(tag)).join(', ')}]`,
    `scope: ${JSON.stringify(entry.scope)}`,
    `source: ${JSON.stringify(entry.source)}`,
    `session: ${entry.session === null ? 'null' : JSON.stringify(entry.session)}`,
    `createdAt: ${JSON.stringify(entry.createdAt)}`,
    `updatedAt: ${JSON.stringify(entry.updatedAt)}`,
    '---',
  ];
  return `${lines.join('\n')}\n${entry.text.endsWith('\n') || entry.text.length === 0 ? entry.text : `${entry.text}\n`}`;
}
