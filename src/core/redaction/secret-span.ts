/**
 * What a detector reports: a span of the scanned text to replace, and what it
 * is. Spans never carry the secret itself, so they are safe to log.
 */
export interface SecretSpan {
  /** Offset of the first redacted UTF-16 code unit. */
  start: number;
  /** Offset just past the last redacted code unit. */
  end: number;
  /** What was found, shown in the marker: `[REDACTED:<kind>]`. */
  kind: string;
  /** Wins when spans overlap: the more specific detector names the merged span. */
  priority: number;
}

/** One detector: scans the whole text once and appends what it finds. */
export interface SecretDetector {
  /** Appends every span found in `text` to `found`. Must run in time linear in `text.length`. */
  find(text: string, found: SecretSpan[]): void;
}

/**
 * Priorities of the built-in detectors: a known credential format names a
 * span better than "the value of a variable called TOKEN" does.
 */
export const DETECTOR_PRIORITY = {
  privateKey: 100,
  tokenFormat: 90,
  urlPassword: 80,
  authorizationHeader: 70,
  custom: 60,
  environmentValue: 50,
  assignment: 40,
} as const;
