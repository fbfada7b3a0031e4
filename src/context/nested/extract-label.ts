import { neutralizeReminderTags } from '../../core/context-text/neutralize-reminder-tags.js';
import { parseFrontmatter } from '../../core/context-text/parse-frontmatter.js';

/** Longest label in the manifest, in characters (code points). */
export const MAX_LABEL_CHARS = 120;

/**
 * A manifest label made safe: one line (control, format and separator
 * characters become spaces, runs of spaces collapse), no reminder tag, at
 * most MAX_LABEL_CHARS characters with `…` when cut.
 */
export function sanitizeLabel(text: string): string {
  const oneLine = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim();
  const safe = neutralizeReminderTags(oneLine);
  const characters = [...safe];
  if (characters.length <= MAX_LABEL_CHARS) return safe;
  return `${characters.slice(0, MAX_LABEL_CHARS - 1).join('').trimEnd()}…`;
}

/**
 * The label of a context file: its frontmatter `description`, else its first
 * Markdown heading (outside fenced code), else `''`; sanitised.
 *
 * @example
 * extractLabel('---\ndescription: API rules\n---\n# API\n'); // { label: 'API rules', source: 'description' }
 */
export function extractLabel(text: string): { label: string; source: 'description' | 'heading' | 'none'; warning?: string } {
  const frontmatter = parseFrontmatter(text);
  const description = frontmatter.data.description;
  if (typeof description === 'string' && description.trim().length > 0) return { label: sanitizeLabel(description), source: 'description' };
  const heading = firstHeading(frontmatter.body);
  const found = heading === null ? { label: '', source: 'none' as const } : { label: sanitizeLabel(heading), source: 'heading' as const };
  return frontmatter.error === undefined ? found : { ...found, warning: frontmatter.error };
}

function firstHeading(body: string): string | null {
  let fence: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch?.[1] !== undefined) {
      const marker = fenceMatch[1];
      if (fence === null) fence = marker[0]!.repeat(marker.length);
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line);
    if (heading?.[1] !== undefined && heading[1].trim().length > 0) return heading[1];
  }
  return null;
}
