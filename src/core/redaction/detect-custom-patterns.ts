import { InvalidInputError } from '../errors/invalid-input-error.js';
import { checkPatternSafety } from './check-pattern-safety.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** Kind of what a custom pattern finds: `[REDACTED:custom]`. */
export const CUSTOM_PATTERN_KIND = 'custom';

/**
 * Compiles custom patterns after checking them with checkPatternSafety.
 * Throws InvalidInputError naming `field[index]` and the problem.
 */
export function compileSafePatterns(field: string, sources: readonly string[], flags: string): RegExp[] {
  return sources.map((source, index) => {
    const problem = checkPatternSafety(source);
    if (problem !== undefined) throw new InvalidInputError(`${field}[${index}]`, problem);
    return new RegExp(source, flags);
  });
}

/**
 * Finds the matches of `redaction.additionalPatterns`. A pattern with a
 * named group `secret` redacts only that group
 * (`acme_user=(?<secret>[a-z0-9]{32})` keeps `acme_user=` readable);
 * otherwise the whole match is redacted. Throws InvalidInputError for an
 * unsafe pattern (see checkPatternSafety).
 */
export function createCustomPatternDetector(sources: readonly string[]): SecretDetector {
  const patterns = compileSafePatterns('redaction.additionalPatterns', sources, 'gd');
  return {
    find(text: string, found: SecretSpan[]): void {
      for (const pattern of patterns) {
        pattern.lastIndex = 0;
        for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
          // checkPatternSafety rejects patterns matching '', but a lookahead can still match empty here.
          if (match[0].length === 0) pattern.lastIndex += 1;
          const [start, end] = match.indices?.groups?.secret ?? [match.index, match.index + match[0].length];
          if (end > start) found.push({ start, end, kind: CUSTOM_PATTERN_KIND, priority: DETECTOR_PRIORITY.custom });
        }
      }
    },
  };
}
