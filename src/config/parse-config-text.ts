import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import type { ConfigIssue } from './config-error.js';

/** The text of one config file, as read by the entry point. */
export interface ConfigFileText {
  /** As shown to users: workspace-relative for the workspace file, absolute otherwise. */
  path: string;
  text: string;
}

/** Outcome of parsing one config text: its value, or the first syntax error. */
export type ParsedConfigText = { ok: true; value: unknown } | { ok: false; issue: ConfigIssue };

/**
 * Parses config text as JSONC: comments and trailing commas are allowed, a
 * leading byte order mark is ignored. A file that is empty or holds only
 * comments is `{}` (an empty file is a valid "no settings" file, as
 * `touch .brass-agent.json` suggests). Text that is not JSONC yields an
 * issue with the 1-based line and column of the first syntax error;
 * later errors are usually echoes of the first, so they are not reported.
 * The shape of the value is not checked here (see validateConfigLayer).
 */
export function parseConfigText(file: ConfigFileText): ParsedConfigText {
  const text = file.text.startsWith('\uFEFF') ? file.text.slice(1) : file.text;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, allowEmptyContent: true, disallowComments: false });
  const [first] = errors;
  if (first === undefined) return { ok: true, value: value === undefined ? {} : value };
  const { line, column } = positionOf(text, first.offset);
  return {
    ok: false,
    issue: {
      file: file.path,
      keyPath: '',
      message: `invalid JSONC at ${line}:${column}: ${describeParseError(first)}`,
      line,
      column,
    },
  };
}

/** Parse errors whose generated wording would not tell a person what to fix. */
const PARSE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected text (property names and strings need double quotes)',
};

function describeParseError(error: ParseError): string {
  const code = printParseErrorCode(error.error);
  // "PropertyNameExpected" -> "property name expected"
  return PARSE_ERROR_MESSAGES[code] ?? code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
