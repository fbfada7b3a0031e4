import type { SecretSpan } from './secret-span.js';

/**
 * Merges overlapping spans into one span each, sorted by start. The merged
 * span covers all of them and takes the kind of the most specific one
 * (highest priority, then longest): a GitHub token assigned to `TOKEN=`
 * is reported as `github-token`, not as a generic secret.
 */
export function mergeSecretSpans(spans: readonly SecretSpan[]): SecretSpan[] {
  const sorted = [...spans].sort((left, right) => left.start - right.start || right.end - left.end);
  const merged: SecretSpan[] = [];
  let current: SecretSpan | undefined;
  let currentBestLength = 0;
  for (const span of sorted) {
    const length = span.end - span.start;
    if (current !== undefined && span.start < current.end) {
      current.end = Math.max(current.end, span.end);
      if (span.priority > current.priority || (span.priority === current.priority && length > currentBestLength)) {
        current.kind = span.kind;
        current.priority = span.priority;
        currentBestLength = length;
      }
      continue;
    }
    current = { ...span };
    currentBestLength = length;
    merged.push(current);
  }
  return merged;
}
