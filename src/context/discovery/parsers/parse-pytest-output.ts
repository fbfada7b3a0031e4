import type { Diagnostic, RawLocation } from '../diagnostic.js';
import { location } from './parse-helpers.js';

// `_____ test_name _____` and `_____ ERROR collecting tests/x.py _____` open a block.
const BLOCK_HEADER = /^_{3,} (.+?) _{3,}$/;
// `tests/test_a.py:6: in test_x` (a frame), `app/orders.py:6: TypeError` (where it was raised).
const PYTEST_LOCATION = /^(\S.*?\.py):(\d+): (?:in (\S+)|(.*))$/;
// A CPython traceback frame: `  File "app/orders.py", line 6, in order_total`.
const TRACEBACK_FRAME = /^\s*File "(.+)", line (\d+)(?:, in (.+))?$/;
// `E   TypeError: ...`: the failure's message lines.
const MESSAGE_LINE = /^E\s+(.*)$/;
// `FAILED tests/a.py::test_x - msg`, `ERROR tests/a.py`.
const SUMMARY_LINE = /^(FAILED|ERROR) (.+?\.py)(?:::(\S+))?(?: - (.*))?$/;
const NO_MODULE = /No module named '([^']+)'/;
const IMPORT_ERROR_MODULE = /^ImportError while importing test module '(.+)'\.$/;
// A traceback's closing exception line: `TypeError: apply_discount() got ...`.
const EXCEPTION_LINE = /^([A-Z][\w.]*(?:Error|Exception|Exit|Interrupt)|AssertionError): (.*)$/;

/**
 * Parses pytest reports (long, short and line tracebacks, the short summary,
 * collection errors) and plain CPython tracebacks. Python prints the
 * innermost frame last; the diagnostic lists it first, as V8 does.
 */
export function parsePytestOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let frames: RawLocation[] = [];
  let message = '';
  let testName: string | undefined;
  let modules: string[] = [];
  const flush = () => {
    if (frames.length > 0 || modules.length > 0) {
      const diagnostic: Diagnostic = { source: 'pytest', message, locations: frames.reverse() };
      if (testName !== undefined) diagnostic.testName = testName;
      if (modules.length > 0) diagnostic.modules = modules;
      diagnostics.push(diagnostic);
    }
    frames = [];
    message = '';
    modules = [];
  };
  for (const line of lines) {
    const header = line.startsWith('___') ? BLOCK_HEADER.exec(line) : null;
    if (header) {
      flush();
      testName = header[1]!.replace(/^ERROR collecting /, '');
      continue;
    }
    const summary = line.startsWith('FAILED ') || line.startsWith('ERROR ') ? SUMMARY_LINE.exec(line) : null;
    if (summary) {
      flush();
      const diagnostic: Diagnostic = { source: 'pytest', message: summary[4] ?? '', locations: [location(summary[2]!, undefined, undefined, 'test')] };
      if (summary[3]) diagnostic.testName = summary[3];
      diagnostics.push(diagnostic);
      continue;
    }
    const pytestLocation = line.includes('.py:') ? PYTEST_LOCATION.exec(line) : null;
    if (pytestLocation) {
      const isRaise = pytestLocation[3] === undefined && (pytestLocation[4] ?? '').trim().length > 0;
      // `--tb=line` prints one `file:line: message` per failure, with nothing between them.
      if (isRaise && frames.some((frame) => frame.role === 'error')) flush();
      frames.push(location(pytestLocation[1]!, pytestLocation[2], undefined, isRaise ? 'error' : 'frame'));
      if (isRaise && message.length === 0) message = pytestLocation[4]!.trim();
      continue;
    }
    const frame = line.includes('File "') ? TRACEBACK_FRAME.exec(line) : null;
    if (frame) {
      frames.push({ ...location(frame[1]!, frame[2], undefined, 'frame'), ...(frame[3] ? { functionName: frame[3] } : {}) });
      continue;
    }
    const importError = IMPORT_ERROR_MODULE.exec(line);
    if (importError) frames.push(location(importError[1]!, undefined, undefined, 'test'));
    const messageLine = line.startsWith('E') ? MESSAGE_LINE.exec(line) : null;
    const exception = messageLine ? null : EXCEPTION_LINE.exec(line);
    const text = messageLine?.[1] ?? (exception ? line : undefined);
    if (text !== undefined) {
      if (message.length === 0 || (exception && frames.length > 0)) message = text.trim();
      const noModule = NO_MODULE.exec(text);
      if (noModule) modules.push(noModule[1]!);
      if (exception && !messageLine) flush();
    }
  }
  flush();
  return diagnostics;
}
