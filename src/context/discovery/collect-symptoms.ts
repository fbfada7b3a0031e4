import type { EvidenceBoard } from './evidence-board.js';
import type { IdentifierSignals } from './identifier-signals.js';
import type { Failure } from './resolve-failures.js';

// Symptom weights: where a failure shows. An error site says more than a frame, a frame more than a test title.
const ERROR_WEIGHT = 4;
const LINT_ERROR_WEIGHT = 2.5;
const TOP_FRAME_WEIGHT = 3;
const FRAME_WEIGHT = 1.5;
const FAILING_TEST_WEIGHT = 2.5;
const MENTION_WEIGHT = 1.5;
const RELATED_WEIGHT = 5;

/**
 * Records what the failures show directly: error sites, stack frames,
 * failing tests, related locations (`'x' is declared here`) and mentions,
 * each as evidence on its file (the file becomes a direct file), and the
 * identifiers the messages, stack frames and test titles name. Returns the
 * direct files, the most telling first (most error sites, then frames,
 * then tests), for the analysis reads.
 */
export function collectSymptoms(failures: readonly Failure[], board: EvidenceBoard, identifiers: IdentifierSignals): string[] {
  const strength = new Map<string, number>();
  const bump = (path: string, amount: number) => strength.set(path, (strength.get(path) ?? 0) + amount);
  for (const failure of failures) {
    const summary = oneLine(failure.message);
    let isFirstFrame = true;
    for (const location of failure.locations) {
      const at = location.line === undefined ? location.path : `${location.path}:${location.line}`;
      board.markDirect(location.path);
      switch (location.role) {
        case 'error': {
          const weight = failure.source === 'eslint' ? LINT_ERROR_WEIGHT : ERROR_WEIGHT;
          board.add(location.path, `${location.line ?? 0}`, { kind: 'error-location', weight, detail: `${failure.origin} reports ${quote(summary, failure.code)} at ${at}` });
          bump(location.path, 10);
          break;
        }
        case 'frame':
          board.add(location.path, `${location.line ?? 0}`, { kind: 'stack-frame', weight: isFirstFrame ? TOP_FRAME_WEIGHT : FRAME_WEIGHT, detail: `in the stack trace of ${quote(summary)} (${at}${location.functionName ? `, ${location.functionName}` : ''})` });
          bump(location.path, isFirstFrame ? 5 : 2);
          isFirstFrame = false;
          break;
        case 'test':
          board.add(location.path, 'test', { kind: 'failing-test', weight: FAILING_TEST_WEIGHT, detail: `failing test${failure.testName ? ` "${oneLine(failure.testName)}"` : ''}` });
          bump(location.path, 3);
          break;
        case 'related':
          // A related location in the reported file itself (`the expected type comes from property 'x'
          // declared here`) says where the failure is, not what caused it elsewhere.
          if (location.path === failure.anchor?.path) {
            board.add(location.path, `${location.line ?? 0}`, { kind: 'mentioned', weight: MENTION_WEIGHT, detail: `${failure.origin} points here from ${quote(summary, failure.code)} (${at})` });
            break;
          }
          board.add(location.path, `${location.line ?? 0}`, { kind: 'related-location', weight: RELATED_WEIGHT, detail: `${failure.origin} points here from ${quote(summary, failure.code)} (${at})` });
          bump(location.path, 4);
          break;
        case 'mention':
          board.add(location.path, `${location.line ?? 0}`, { kind: 'mentioned', weight: MENTION_WEIGHT, detail: `named in ${failure.origin === 'validation output' ? 'the validation output' : `the ${failure.origin} output`} (${at})` });
          bump(location.path, 1);
          break;
      }
    }
    for (const identifier of failure.analysis.identifiers) identifiers.add(identifier.name, identifier.role, summary);
    for (const word of (failure.testName ?? '').match(/[A-Za-z_$][\w$]*/g) ?? []) {
      if (/[a-z][A-Z]|^[A-Z][a-z0-9]+[A-Z]|_[a-z]/.test(word)) identifiers.add(word, 'test-name');
    }
  }
  return [...strength.entries()].sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1)).map(([path]) => path);
}

/** A message as one short line, for explanations. */
export function oneLine(message: string, maxChars = 120): string {
  const line = message.split('\n')[0]!.trim();
  return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
}

function quote(summary: string, code?: string): string {
  if (summary.length === 0) return code ?? 'a failure';
  return `"${code && !summary.startsWith(code) ? `${code}: ` : ''}${summary}"`;
}
