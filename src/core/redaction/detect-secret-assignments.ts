import { isAlphanumeric } from './char-codes.js';
import { isLikelySecretValue } from './is-likely-secret-value.js';
import { parseAssignment } from './parse-assignment.js';
import { classifySecretName } from './secret-name.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** Longest name (`spring.datasource.password`, `AWS_SECRET_ACCESS_KEY`) looked at, in characters. */
const MAX_NAME_CHARS = 80;

/** Words that can make a name secret; a cheap first filter before a name is read. */
const NAME_KEYWORDS = 'pass|pwd|secret|token|key|credential|auth';

/** Characters of a name: identifiers, dotted property paths, dashed YAML keys and headers. */
function isNameCharacter(code: number): boolean {
  return isAlphanumeric(code) || code === 95 || code === 45 || code === 46;
}

/**
 * Finds values assigned to names that say secret (`*_KEY`, `*_TOKEN`,
 * `*_SECRET`, `password`, `apiKey`, ...) in `.env`, JSON, YAML, TOML, INI,
 * XML and code, when the value is a literal that is not a placeholder (see
 * classifySecretName, parseAssignment and isLikelySecretValue). Only the
 * value is redacted: `DB_PASSWORD=[REDACTED:password]`.
 */
export function createSecretAssignmentDetector(): SecretDetector {
  return {
    find(text: string, found: SecretSpan[]): void {
      const keywords = new RegExp(NAME_KEYWORDS, 'gi');
      for (let match = keywords.exec(text); match !== null; match = keywords.exec(text)) {
        // Each name is read once: the scan resumes after the whole name.
        let runEnd = match.index + match[0].length;
        while (isNameCharacter(text.charCodeAt(runEnd))) runEnd += 1;
        keywords.lastIndex = runEnd;
        let runStart = match.index;
        while (runStart > 0 && runEnd - runStart <= MAX_NAME_CHARS && isNameCharacter(text.charCodeAt(runStart - 1))) runStart -= 1;
        if (runEnd - runStart > MAX_NAME_CHARS) continue;
        let nameStart = runStart;
        while (nameStart < runEnd && (text.charCodeAt(nameStart) === 45 || text.charCodeAt(nameStart) === 46)) nameStart += 1;
        const assignment = parseAssignment(text, nameStart, runEnd);
        if (assignment === undefined) continue;
        const name = text.slice(nameStart, runEnd);
        const nameClass = classifySecretName(name);
        if (nameClass === undefined) continue;
        const value = text.slice(assignment.valueStart, assignment.valueEnd);
        if (!isLikelySecretValue(value, name, nameClass, assignment)) continue;
        found.push({ start: assignment.valueStart, end: assignment.valueEnd, kind: nameClass.kind, priority: DETECTOR_PRIORITY.assignment });
        // Names inside a redacted value are part of the secret; inside any other value they may start one.
        keywords.lastIndex = Math.max(runEnd, assignment.valueEnd);
      }
    },
  };
}
