import { MAX_FRONTMATTER_BYTES } from '../../core/context-text/parse-frontmatter.js';

/** The three keys of a Cursor rule's frontmatter, as written. */
export interface CursorRuleFields {
  description?: string;
  /** Globs as written (a comma-separated string or a list); `[]` when the key is empty or absent. */
  globs: string[];
  alwaysApply?: boolean;
}

/** A Cursor `.mdc` rule split into its frontmatter keys and its body. */
export interface ParsedCursorRule {
  fields: CursorRuleFields;
  /** The text after the frontmatter (the whole text when there is none). */
  body: string;
  /** Why the frontmatter was not usable, one line; absent when it was fine or absent. */
  error?: string;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;
const KEY_LINE = /^([A-Za-z][\w-]*)[ \t]*:(.*)$/;
const LIST_ITEM = /^[ \t]+-[ \t]*(.*)$/;

/**
 * Reads the frontmatter of a Cursor rule (`.cursor/rules/*.mdc`). It looks
 * like YAML but is not: Cursor writes `globs: **\/*.ts, *.tsx` unquoted,
 * which a YAML parser rejects (`*` starts an alias), so a YAML library
 * would refuse most real rules. This is a small, strict reader of the only
 * three keys Cursor defines: `description` (text, optionally quoted),
 * `globs` (a comma-separated list, a `[...]` list or `- item` lines) and
 * `alwaysApply` (`true` or `false`). Other `key: value` lines are ignored;
 * anything else (a line that is not `key: value`, a repeated key, a
 * non-boolean `alwaysApply`, no closing `---`, a block over
 * MAX_FRONTMATTER_BYTES) is an `error`. Never throws.
 *
 * @example
 * parseCursorRuleFrontmatter('---\nglobs: src/**\/*.ts, *.tsx\nalwaysApply: false\n---\nUse zod.\n');
 * // { fields: { globs: ['src/**\/*.ts', '*.tsx'], alwaysApply: false }, body: 'Use zod.\n' }
 */
export function parseCursorRuleFrontmatter(text: string): ParsedCursorRule {
  const opening = OPENING.exec(text);
  if (opening === null) return { fields: { globs: [] }, body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (closing === null) return { fields: { globs: [] }, body: text, error: 'the frontmatter block has no closing --- line' };
  const block = rest.slice(0, closing.index);
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  if (block.length > MAX_FRONTMATTER_BYTES) return { fields: { globs: [] }, body, error: `the frontmatter block is larger than ${MAX_FRONTMATTER_BYTES} bytes` };
  const parsed = parseBlock(block.split(/\r?\n/));
  return typeof parsed === 'string' ? { fields: { globs: [] }, body, error: parsed } : { fields: parsed, body };
}

/** The fields of the block's lines, or why they are not a Cursor frontmatter. */
function parseBlock(lines: readonly string[]): CursorRuleFields | string {
  const fields: CursorRuleFields = { globs: [] };
  const seen = new Set<string>();
  let listKey: string | null = null;
  for (const [index, line] of lines.entries()) {
    const where = `frontmatter line ${index + 1}`;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const item = LIST_ITEM.exec(line);
    if (item !== null && listKey !== null) {
      if (listKey === 'globs') fields.globs.push(...splitGlobs(withoutComment(item[1] ?? '')));
      continue;
    }
    const match = KEY_LINE.exec(line);
    if (match === null) return `${where} is not "key: value"`;
    const key = match[1] ?? '';
    const value = withoutComment((match[2] ?? '').trim());
    if (seen.has(key)) return `${where}: ${key} is given twice`;
    seen.add(key);
    listKey = value === '' ? key : null;
    if (key === 'description' && value !== '') fields.description = unquote(value);
    if (key === 'globs') fields.globs.push(...splitGlobs(value));
    if (key === 'alwaysApply' && value !== '') {
      if (!/^(?:true|false)$/i.test(value)) return `alwaysApply must be true or false, not ${JSON.stringify(value.slice(0, 40))}`;
      fields.alwaysApply = value.toLowerCase() === 'true';
    }
  }
  return fields;
}

/** `a, "b"`, `[a, 'b']` or one glob, as a list without empty entries; a comma inside `{js,ts}` or quotes is part of the glob. */
function splitGlobs(value: string): string[] {
  const list = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  const globs: string[] = [];
  let current = '';
  let braces = 0;
  let quote: string | null = null;
  for (const character of list) {
    if (quote !== null) quote = character === quote ? null : quote;
    else if (character === '"' || character === "'") quote = character;
    else if (character === '{') braces += 1;
    else if (character === '}') braces = Math.max(0, braces - 1);
    else if (character === ',' && braces === 0) {
      globs.push(current);
      current = '';
      continue;
    }
    current += character;
  }
  globs.push(current);
  return globs.map((glob) => unquote(glob.trim())).filter((glob) => glob.length > 0);
}

/** The value without a trailing ` # comment` (as in YAML), unless it is quoted. */
function withoutComment(value: string): string {
  if (value.startsWith('"') || value.startsWith("'")) return value;
  const comment = value.search(/[ \t]#/);
  return comment === -1 ? value : value.slice(0, comment).trimEnd();
}

function unquote(value: string): string {
  const quote = value[0];
  if (value.length >= 2 && (quote === '"' || quote === "'") && value.endsWith(quote)) return value.slice(1, -1);
  return value;
}
