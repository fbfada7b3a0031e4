import type { Diagnostic, RawLocation } from '../diagnostic.js';
import { findErrorMessageAbove, isInternalPath, location } from './parse-helpers.js';

// `at fn (file:line:col)`, `at async fn (file:///abs:line:col)`, `at new X (...)`.
const FRAME_WITH_FUNCTION = /^\s*at (?:async )?(.+?) \((.+):(\d+):(\d+)\)$/;
// `at file:line:col` (anonymous top-level frames).
const FRAME_WITHOUT_FUNCTION = /^\s*at (?:async )?(.+):(\d+):(\d+)$/;

/** Lines searched above the first frame for the error it belongs to. */
const MESSAGE_LOOKBACK_LINES = 40;

/**
 * Parses V8 stack traces wherever they appear (Node, Jest, Mocha, Node's
 * test runner's spec reporter, uncaught errors): `at fn (file:l:c)`,
 * `at file:l:c` and `file:///...` URLs. Consecutive frames form one
 * diagnostic whose message is the error printed above them; runtime-internal frames (`node:internal/...`) are dropped.
 */
export function parseStackFrames(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let frames: RawLocation[] = [];
  let firstFrameIndex = -1;
  const flush = () => {
    if (frames.length > 0) diagnostics.push({ source: 'stack', message: findErrorMessageAbove(lines, firstFrameIndex, MESSAGE_LOOKBACK_LINES), locations: frames });
    frames = [];
    firstFrameIndex = -1;
  };
  for (const [index, line] of lines.entries()) {
    const frame = parseFrame(line);
    if (frame === undefined) {
      flush();
      continue;
    }
    if (firstFrameIndex < 0) firstFrameIndex = index;
    if (frame !== null) frames.push(frame);
  }
  flush();
  return diagnostics;
}

/** A frame, null for a frame of runtime internals, undefined for a line that is no frame. */
function parseFrame(line: string): RawLocation | null | undefined {
  // Node prints the error's own properties after the last frame: `at fn (file:1:2) {`.
  const trimmed = line.trimStart().replace(/\s*\{$/, '');
  if (!trimmed.startsWith('at ')) return undefined;
  const withFunction = trimmed.endsWith(')') ? FRAME_WITH_FUNCTION.exec(trimmed) : null;
  if (withFunction) return frameLocation(withFunction[2]!, withFunction[3]!, withFunction[4]!, withFunction[1]);
  const withoutFunction = FRAME_WITHOUT_FUNCTION.exec(trimmed);
  if (withoutFunction) return frameLocation(withoutFunction[1]!, withoutFunction[2]!, withoutFunction[3]!, undefined);
  return trimmed.includes('(native)') || trimmed.includes('<anonymous>') ? null : undefined;
}

/** A frame's location, or null for runtime internals. Shared with the TAP parser. */
export function frameLocation(path: string, line: string, column: string, functionName: string | undefined): RawLocation | null {
  if (isInternalPath(path)) return null;
  const frame = location(path, line, column, 'frame');
  const name = functionName?.replace(/^new /, '').replace(/ \[as [^\]]+\]$/, '');
  if (name !== undefined && name.length > 0 && !name.includes('<anonymous>')) frame.functionName = name;
  return frame;
}
