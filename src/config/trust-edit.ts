import path from 'node:path';
import { type FormattingOptions, type SyntaxKind, applyEdits, createScanner, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import { InvalidInputError } from '../core/index.js';
import { ConfigError } from './config-error.js';
import { isSameWorkspacePath } from './is-same-workspace-path.js';
import { isPlainObject } from './merge-config-layers.js';
import { parseConfigText } from './parse-config-text.js';

// SyntaxKind.CommaToken: jsonc-parser declares SyntaxKind as a const enum,
// which verbatimModuleSyntax cannot inline.
const COMMA_TOKEN: SyntaxKind = 5;

/** Indentation used when the user's file shows none (e.g. a one-line `{}`). */
const DEFAULT_INDENT_SPACES = 2;

/**
 * Returns the user config text with `workspaceRealPath` added to (`trusted`)
 * or removed from (`!trusted`) `trustedWorkspaces`. Only the list changes
 * (jsonc-parser's `modify` inserts, a careful text edit removes), so the
 * user's comments and formatting survive. Adding a path
 * already present, or removing one that is absent, returns the text
 * unchanged; removing takes out every entry naming the path. With no user
 * file (`null`), trusting creates `{ "trustedWorkspaces": [path] }` and
 * untrusting returns `{}` (callers should not write a file for that).
 *
 * @param file How error messages name the user file (default `user config file`).
 *
 * @throws ConfigError when the user file is not JSONC, is not an object, or
 *   has a `trustedWorkspaces` that is not an array: it is never overwritten.
 * @throws InvalidInputError when `workspaceRealPath` is not absolute.
 */
export function setWorkspaceTrust(userConfigText: string | null, workspaceRealPath: string, trusted: boolean, file = 'user config file'): string {
  if (!path.isAbsolute(workspaceRealPath)) {
    throw new InvalidInputError('workspaceRealPath', `${JSON.stringify(workspaceRealPath)} is not an absolute path`);
  }
  // jsonc-parser does not skip a byte order mark; edit without it, then put it back.
  const bom = userConfigText?.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = (userConfigText ?? '').slice(bom.length);
  const parsed = parseConfigText({ path: file, text });
  if (!parsed.ok) throw new ConfigError([parsed.issue], { hint: 'fix the file, then run the command again' });
  const root = parsed.value;
  if (!isPlainObject(root)) throw new ConfigError([{ file, keyPath: '', message: 'expected a JSON object at the top level' }]);
  const list = root.trustedWorkspaces;
  if (list !== undefined && !Array.isArray(list)) {
    throw new ConfigError([{ file, keyPath: 'trustedWorkspaces', message: `expected an array, got ${JSON.stringify(list)}` }]);
  }
  const entries: unknown[] = list ?? [];
  const matches = entries.flatMap((entry, index) => (typeof entry === 'string' && isSameWorkspacePath(entry, workspaceRealPath) ? [index] : []));

  if (!trusted) {
    if (matches.length === 0) return userConfigText ?? '{}\n';
    let edited = text;
    // From the last match backwards, so earlier indices stay valid.
    for (const index of matches.reverse()) edited = removeTrustedWorkspace(edited, index);
    return bom + edited;
  }
  if (matches.length > 0) return bom + text;
  if (parseTree(text) === undefined) {
    // An empty or comment-only file: keep what is there, append the object.
    const created = `${JSON.stringify({ trustedWorkspaces: [workspaceRealPath] }, null, DEFAULT_INDENT_SPACES)}\n`;
    return bom + (text.trim() === '' ? created : `${text.trimEnd()}\n${created}`);
  }
  return (
    bom +
    (list === undefined
      ? edit(text, ['trustedWorkspaces'], [workspaceRealPath])
      : edit(text, ['trustedWorkspaces', -1], workspaceRealPath, true))
  );
}

/**
 * Removes item `index` of `trustedWorkspaces` by hand rather than with
 * jsonc-parser's `modify`, which (3.3.1) cuts the last of several items one
 * character short, leaving a stray quote, and reformats the array otherwise.
 * The item goes with its trailing comma if it has one, else with the comma
 * before it; its line goes too when nothing but blanks is left on it.
 * Comments stay where they are.
 */
function removeTrustedWorkspace(text: string, index: number): string {
  const items = findNodeAtLocation(parseTree(text)!, ['trustedWorkspaces'])?.children ?? [];
  const item = items[index]!;
  const previous = items[index - 1];
  const itemEnd = item.offset + item.length;
  const isInline = !/\n[ \t]*$/.test(text.slice(0, item.offset));
  let start = item.offset;
  while (isInline && (text[start - 1] === ' ' || text[start - 1] === '\t')) start -= 1;

  const trailingComma = nextCommaOffset(text, itemEnd);
  const leadingComma = trailingComma === undefined && previous !== undefined ? nextCommaOffset(text, previous.offset + previous.length) : undefined;
  let removed: string;
  let cut: number;
  // Blanks on one side of the removed text go with it, so `["/p", "/o"]` becomes `["/o"]`.
  const skipBlanks = (offset: number): number => (text[offset] === ' ' || text[offset] === '\t' ? skipBlanks(offset + 1) : offset);
  if (trailingComma !== undefined) {
    removed = text.slice(0, start) + text.slice(start === item.offset ? skipBlanks(trailingComma + 1) : trailingComma + 1);
    cut = start;
  } else if (leadingComma !== undefined) {
    removed = text.slice(0, leadingComma) + text.slice(leadingComma + 1, start) + text.slice(isInline ? itemEnd : skipBlanks(itemEnd));
    cut = start - 1;
  } else {
    removed = text.slice(0, start) + text.slice(itemEnd);
    cut = start;
  }
  const lineStart = removed.lastIndexOf('\n', cut - 1) + 1;
  const lineEnd = removed.indexOf('\n', cut);
  return lineEnd !== -1 && removed.slice(lineStart, lineEnd).trim() === '' ? removed.slice(0, lineStart) + removed.slice(lineEnd + 1) : removed;
}

/** Offset of the comma that is the next token after `offset` (comments skipped), if the next token is a comma. */
function nextCommaOffset(text: string, offset: number): number | undefined {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  return scanner.scan() === COMMA_TOKEN ? scanner.getTokenOffset() : undefined;
}

function edit(text: string, jsonPath: (string | number)[], value: unknown, isArrayInsertion = false): string {
  return applyEdits(text, modify(text, jsonPath, value, { formattingOptions: formattingOf(text), isArrayInsertion }));
}

/** The file's own line ending and indentation, so inserted lines look like the rest. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent?.length ?? DEFAULT_INDENT_SPACES, eol };
}
