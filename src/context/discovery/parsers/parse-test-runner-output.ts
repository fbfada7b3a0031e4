import type { Diagnostic, RawLocation } from '../diagnostic.js';
import { ERROR_LINE, location } from './parse-helpers.js';

// ` FAIL  src/a.test.ts > suite > test` (Vitest), ` FAIL  src/a.test.ts (5.1 s)` (Jest).
const FAIL_HEADER = /^\s*FAIL\s+(\S(?:.*?\S)?)(?:\s+>\s+(.*?))?(?:\s+\[\s.*\s\])?(?:\s+\(\d[\d.]*\s*m?s\))?\s*$/;
// Jest's test title: `  ● Suite › test name`.
const JEST_TITLE = /^\s*● (.+)$/;
// Vitest's frame: ` ❯ fn path:line:col` or ` ❯ path:line:col`.
const VITEST_FRAME = /^\s*❯\s+(.+):(\d+):(\d+)\s*$/;
// Where one failure ends in Vitest output.
const SEPARATOR = /^\s*⎯{3,}/;
// `Cannot find module './x' from 'src/a.test.ts'` (Jest), `... imported from /abs/src/a.test.ts` (Vitest).
const MISSING_MODULE = /Cannot find module '([^']+)' (?:from '([^']+)'|imported from (.+))$/;
// A source file extension: what separates a path from a function name in a frame.
const HAS_EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,5}$/;

/**
 * Parses Vitest and Jest reports: FAIL blocks (the failing test file and
 * test name), the error message under them, Vitest's `❯ fn file:l:c` frames
 * and missing-module errors. V8 `at ...` frames in Jest output are read by
 * parseStackFrames.
 */
export function parseTestRunnerOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let current: Diagnostic | null = null;
  for (const line of lines) {
    if (line.includes('FAIL')) {
      const header = FAIL_HEADER.exec(line);
      if (header && HAS_EXTENSION.test(header[1]!)) {
        current = { source: 'vitest', message: '', locations: [location(header[1]!, undefined, undefined, 'test')] };
        if (header[2]) current.testName = header[2];
        diagnostics.push(current);
        continue;
      }
    }
    if (current === null) continue;
    if (SEPARATOR.test(line)) {
      current = null;
      continue;
    }
    const title = line.includes('●') ? JEST_TITLE.exec(line) : null;
    if (title) {
      // Each Jest test of a failing file is its own failure, in the same file.
      const file: RawLocation | undefined = current.locations.find((candidate) => candidate.role === 'test');
      current = { source: 'jest', message: '', locations: file ? [file] : [], testName: title[1]!.replace(/ › /g, ' > ') };
      diagnostics.push(current);
      continue;
    }
    if (current.message.length === 0) {
      const error = ERROR_LINE.exec(line);
      if (error) current.message = `${error[1]}: ${error[2]}`;
      else if (/^\s+expect\(/.test(line)) current.message = line.trim();
      const missing = MISSING_MODULE.exec(line);
      if (missing) current.modules = [missing[1]!];
      if (current.message.length > 0 || missing) continue;
    }
    const frame = line.includes('❯') ? VITEST_FRAME.exec(line) : null;
    if (frame) current.locations.push(vitestFrame(frame[1]!, frame[2]!, frame[3]!));
  }
  return diagnostics;
}

/** `UserService.getProfile src/user/a.ts` or `src/my dir/a.ts`: a function name never contains a slash. */
function vitestFrame(text: string, line: string, column: string): RawLocation {
  const space = text.indexOf(' ');
  const first = text.slice(0, Math.max(space, 0));
  const rest = text.slice(space + 1);
  if (space > 0 && !first.includes('/') && HAS_EXTENSION.test(rest)) {
    return { ...location(rest, line, column, 'frame'), functionName: first };
  }
  return location(text, line, column, 'frame');
}
