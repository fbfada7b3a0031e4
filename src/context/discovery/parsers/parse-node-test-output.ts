import type { Diagnostic } from '../diagnostic.js';
import { location } from './parse-helpers.js';
import { frameLocation } from './parse-stack-frames.js';

const NOT_OK = /^\s*not ok \d+ - (.+?)(?:\s+#.*)?$/;
const TAP_LOCATION = /^\s+location: '(.+):(\d+):(\d+)'$/;
const TAP_ERROR_INLINE = /^\s+error: (['"])(.*)\1$/;
const TAP_ERROR_BLOCK = /^\s+error: \|-?$/;
const TAP_NAME = /^\s+name: '?([\w$]+)'?$/;
const TAP_STACK = /^\s+stack: \|-?$/;
// Inside `stack: |-`: `fn (file:///abs:l:c)`, `file:///abs:l:c`, `node:internal/...`.
const TAP_FRAME = /^\s+(?:(.+?) \()?((?:file:\/\/)?\/.+|[A-Za-z]:[\\/].+|\.{0,2}[\w@][^:()]*):(\d+):(\d+)\)?$/;
// The spec reporter's summary names each failing test's location: `test at test/a.test.js:4:1`.
const SPEC_TEST_AT = /^test at (.+):(\d+):(\d+)$/;

/**
 * Parses Node's built-in test runner: the TAP reporter (`not ok` blocks with
 * `location`, `error`, `name` and a `stack` of frames) and the spec
 * reporter's `test at file:l:c` lines (its `at ...` frames are V8 frames,
 * read by parseStackFrames).
 */
export function parseNodeTestOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let current: Diagnostic | null = null;
  let block: 'none' | 'error' | 'stack' = 'none';
  let errorName = '';
  const finish = () => {
    if (current && errorName.length > 0 && current.message.length > 0 && !current.message.startsWith(errorName)) current.message = `${errorName}: ${current.message}`;
    current = null;
    errorName = '';
    block = 'none';
  };
  for (const line of lines) {
    const specTest = line.startsWith('test at ') ? SPEC_TEST_AT.exec(line) : null;
    if (specTest) {
      diagnostics.push({ source: 'node-test', message: '', locations: [location(specTest[1]!, specTest[2], specTest[3], 'test')] });
      continue;
    }
    const notOk = line.includes('not ok') ? NOT_OK.exec(line) : null;
    if (notOk) {
      finish();
      current = { source: 'node-test', message: '', locations: [], testName: notOk[1]! };
      diagnostics.push(current);
      continue;
    }
    if (current === null) continue;
    const diagnostic: Diagnostic = current;
    if (/^\s*\.\.\.\s*$/.test(line)) {
      finish();
      continue;
    }
    if (block === 'error' && /^\s{4,}\S/.test(line)) {
      if (diagnostic.message.length === 0) diagnostic.message = line.trim();
      continue;
    }
    if (block === 'stack') {
      const frame = TAP_FRAME.exec(line);
      if (frame) {
        const parsed = line.trimStart().startsWith('node:') || frame[2]!.startsWith('node:') ? null : frameLocation(frame[2]!, frame[3]!, frame[4]!, frame[1]);
        if (parsed) diagnostic.locations.push(parsed);
        continue;
      }
      if (/^\s{4,}\S/.test(line)) continue;
    }
    block = 'none';
    const tapLocation = TAP_LOCATION.exec(line);
    if (tapLocation) diagnostic.locations.unshift(location(tapLocation[1]!.replace(/^file:\/\//, ''), tapLocation[2], tapLocation[3], 'test'));
    const inlineError = TAP_ERROR_INLINE.exec(line);
    if (inlineError) diagnostic.message = inlineError[2]!.replace(/\\(["'])/g, '$1');
    if (TAP_ERROR_BLOCK.test(line)) block = 'error';
    if (TAP_STACK.test(line)) block = 'stack';
    const name = TAP_NAME.exec(line);
    if (name) errorName = name[1]!;
  }
  finish();
  return diagnostics;
}
