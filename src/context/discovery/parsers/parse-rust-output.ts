import type { Diagnostic } from '../diagnostic.js';
import { location } from './parse-helpers.js';

// `error[E0432]: unresolved import ...`, `warning: unused variable ...`.
const HEADER = /^(error|warning)(?:\[(E\d{4})\])?: (.+)$/;
// ` --> src/orders.rs:1:45` (the first after a header is the primary span; later ones follow `note:`).
const ARROW = /^\s*--> (.+):(\d+):(\d+)$/;
// `thread 'tests::x' (21866) panicked at src/orders.rs:13:9:` (the id only since Rust 1.88).
const PANIC = /^thread '([^']+)'(?: \(\d+\))? panicked at (.+):(\d+):(\d+):?$/;
// A backtrace frame location: `             at ./src/orders.rs:13:9`.
const BACKTRACE_AT = /^\s+at (.+\.rs):(\d+):(\d+)$/;

/** Compiler messages that are summaries, not diagnostics. */
const SUMMARY = /^(?:could not compile|aborting due to|test failed|Some errors have)/;

/**
 * Parses rustc and cargo output: `error[E...]: msg` with its ` --> file:l:c`
 * span and later `note: ... defined here --> file:l:c` spans (related), test
 * panics (`thread 'x' panicked at file:l:c:` and the message after it) and
 * backtrace frames.
 */
export function parseRustOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let current: Diagnostic | null = null;
  let isAwaitingPanicMessage = false;
  for (const line of lines) {
    const header = line.startsWith('error') || line.startsWith('warning') ? HEADER.exec(line) : null;
    if (header) {
      current = SUMMARY.test(header[3]!) ? null : { source: 'rust', message: header[3]!, locations: [], ...(header[2] ? { code: header[2] } : {}) };
      if (current) diagnostics.push(current);
      isAwaitingPanicMessage = false;
      continue;
    }
    const panic = line.startsWith('thread ') ? PANIC.exec(line) : null;
    if (panic) {
      current = { source: 'rust', message: '', locations: [location(panic[2]!, panic[3], panic[4], 'error')], testName: panic[1]! };
      diagnostics.push(current);
      isAwaitingPanicMessage = true;
      continue;
    }
    if (current === null) continue;
    if (isAwaitingPanicMessage && line.trim().length > 0) {
      current.message = line.trim();
      isAwaitingPanicMessage = false;
      continue;
    }
    const arrow = line.includes('-->') ? ARROW.exec(line) : null;
    if (arrow) {
      current.locations.push(location(arrow[1]!, arrow[2], arrow[3], current.locations.length === 0 ? 'error' : 'related'));
      continue;
    }
    const frame = line.includes(' at ') ? BACKTRACE_AT.exec(line) : null;
    if (frame) current.locations.push(location(frame[1]!, frame[2], frame[3], 'frame'));
  }
  return diagnostics.filter((diagnostic) => diagnostic.locations.length > 0);
}
