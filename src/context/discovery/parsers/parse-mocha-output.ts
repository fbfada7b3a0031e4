import type { Diagnostic } from '../diagnostic.js';
import { ERROR_LINE, location } from './parse-helpers.js';

// `  1) suite name` then more-indented title lines, the last ending with `:`.
const FAILURE_HEADER = /^ {2}(\d+)\) (.+)$/;
const TITLE_CONTINUATION = /^ {5,}(\S.*)$/;
// Node's CommonJS loader: `Error: Cannot find module '../lib/x'` alone on its line, then `Require stack:` and `- /abs/file.js` lines.
const MISSING_MODULE = /^\s*Error: Cannot find module '([^']+)'\s*$/;
const REQUIRE_STACK_ENTRY = /^\s*- (.+\.[A-Za-z0-9]{1,6})$/;

/**
 * Parses Mocha's spec reporter failure list (`1) suite` / `test name:` then
 * the error) and Node's CommonJS `Cannot find module` errors with their
 * `Require stack`. Mocha's `at ...` frames are read by parseStackFrames.
 */
export function parseMochaOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let current: Diagnostic | null = null;
  let isReadingTitle = false;
  let isReadingRequireStack = false;
  for (const line of lines) {
    if (isReadingRequireStack) {
      const entry = REQUIRE_STACK_ENTRY.exec(line);
      if (entry && current) {
        current.locations.push(location(entry[1]!, undefined, undefined, current.locations.length === 0 ? 'error' : 'frame'));
        continue;
      }
      isReadingRequireStack = false;
    }
    const header = FAILURE_HEADER.exec(line);
    if (header) {
      current = { source: 'mocha', message: '', locations: [], testName: header[2]!.replace(/:$/, '') };
      diagnostics.push(current);
      isReadingTitle = !header[2]!.endsWith(':');
      continue;
    }
    if (isReadingTitle && current) {
      const title = TITLE_CONTINUATION.exec(line);
      if (title) {
        current.testName = `${current.testName} > ${title[1]!.replace(/:$/, '')}`;
        isReadingTitle = !title[1]!.endsWith(':');
        continue;
      }
      isReadingTitle = false;
    }
    const missing = line.includes('Cannot find module') ? MISSING_MODULE.exec(line) : null;
    if (missing) {
      current = { source: 'mocha', message: line.trim(), locations: [], modules: [missing[1]!] };
      diagnostics.push(current);
      continue;
    }
    if (/^\s*Require stack:\s*$/.test(line)) {
      isReadingRequireStack = true;
      continue;
    }
    if (current && current.message.length === 0) {
      const error = ERROR_LINE.exec(line);
      if (error) current.message = `${error[1]}: ${error[2]}`;
    }
  }
  return diagnostics;
}
