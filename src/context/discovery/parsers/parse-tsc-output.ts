import type { Diagnostic } from '../diagnostic.js';
import { location } from './parse-helpers.js';

// `src/a.ts(12,3): error TS2339: ...` (`--pretty false`, and what tsc prints when not on a TTY).
const PLAIN_HEADER = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/;
// `src/a.ts:12:3 - error TS2339: ...` (`--pretty`, and `tsc -b`).
const PRETTY_HEADER = /^(.+?):(\d+):(\d+) - (error|warning) (TS\d+): (.*)$/;
// A related location of a pretty diagnostic: indented, alone on its line.
const RELATED_LOCATION = /^\s{2,}(\S.*?):(\d+):(\d+)$/;
// Message continuation (`  Type 'undefined' is not assignable to type 'User'.`).
const CONTINUATION = /^\s{2,}(\S.*)$/;
// A source snippet of the pretty format (`12 const x = ...`, `   ~~~~`).
const SNIPPET = /^\s*\d+\s|^\s*~+\s*$|^\s+~/;

/** Message lines kept per diagnostic: enough for the types a long elaboration names. */
const MAX_MESSAGE_LINES = 6;

/**
 * Parses TypeScript compiler output in both formats: `file(l,c): error TSnnnn:`
 * and the pretty `file:l:c - error TSnnnn:`, including the pretty format's
 * related locations (`'x' is declared here`, `An argument for 'y' was not
 * provided`), which usually point at the definition that changed.
 */
export function parseTscOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let current: (Diagnostic & { messageLines: number; isPretty: boolean }) | null = null;
  for (const line of lines) {
    if (!line.includes('TS') && current === null) continue;
    const header = line.includes('): ') ? PLAIN_HEADER.exec(line) : line.includes(' - ') ? PRETTY_HEADER.exec(line) : null;
    if (header) {
      current = {
        source: 'tsc',
        code: header[5]!,
        message: header[6]!,
        locations: [location(header[1]!, header[2], header[3], 'error')],
        messageLines: 1,
        isPretty: !line.includes('): '),
      };
      diagnostics.push(current);
      continue;
    }
    if (current === null) continue;
    if (line.trim().length === 0) {
      if (!current.isPretty) current = null;
      continue;
    }
    const related = current.isPretty ? RELATED_LOCATION.exec(line) : null;
    if (related) {
      current.locations.push(location(related[1]!, related[2], related[3], 'related'));
      continue;
    }
    if (current.isPretty && SNIPPET.test(line)) continue;
    const continuation = CONTINUATION.exec(line);
    if (continuation && current.messageLines < MAX_MESSAGE_LINES) {
      current.message += `\n${continuation[1]}`;
      current.messageLines += 1;
      continue;
    }
    if (!continuation) current = null;
  }
  return diagnostics.map(({ source, code, message, locations }) => ({ source, ...(code ? { code } : {}), message, locations }));
}
