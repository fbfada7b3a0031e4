import { isLikelySecretValue } from './is-likely-secret-value.js';
import { parseAssignment } from './parse-assignment.js';
import { classifySecretName } from './secret-name.js';
import { DETECTOR_PRIORITY, type SecretDetector, type SecretSpan } from './secret-span.js';

/** How far before a `value` key its `name` entry is looked for, in characters. */
const MAX_PAIR_GAP_CHARS = 200;

/** A `name` entry with a literal name, as the last thing in a window; group 1 is the name. */
const NAME_ENTRY = /\bname["']?[ \t]*[:=][ \t]*["']?([A-Za-z_][\w.-]{0,79})["']?[\s,]*$/;

/**
 * Finds secrets given as name/value pairs, where the name is not next to the
 * value: Kubernetes and Compose environment lists (`- name: DB_PASSWORD` then
 * `value: ...` on the next line) and their JSON forms (ECS task definitions,
 * `{"name": "API_TOKEN", "value": "..."}`). The same rules as for
 * assignments decide whether the name says secret and the value is one.
 */
export function createNameValuePairDetector(): SecretDetector {
  return {
    find(text: string, found: SecretSpan[]): void {
      const candidates = /\bvalue\b/g;
      // The next `name` at or after the current window: code says `value` far more often than it pairs it with a
      // `name` entry, and one forward search (kept between candidates, so the scan stays linear) rules those out.
      let nextName = -1;
      for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
        const keyStart = text.charCodeAt(match.index - 1) === 34 || text.charCodeAt(match.index - 1) === 39 ? match.index - 1 : match.index;
        const windowStart = Math.max(0, keyStart - MAX_PAIR_GAP_CHARS);
        if (nextName !== Number.POSITIVE_INFINITY && nextName < windowStart) {
          const found = text.indexOf('name', windowStart);
          nextName = found === -1 ? Number.POSITIVE_INFINITY : found;
        }
        if (!(nextName < keyStart)) continue;
        const assignment = parseAssignment(text, match.index, match.index + match[0].length);
        if (assignment === undefined) continue;
        const entry = NAME_ENTRY.exec(text.slice(windowStart, keyStart));
        const name = entry?.[1];
        if (name === undefined) continue;
        const nameClass = classifySecretName(name);
        if (nameClass === undefined) continue;
        const value = text.slice(assignment.valueStart, assignment.valueEnd);
        if (!isLikelySecretValue(value, name, nameClass, { isQuoted: assignment.isQuoted, isEnvLine: false })) continue;
        found.push({ start: assignment.valueStart, end: assignment.valueEnd, kind: nameClass.kind, priority: DETECTOR_PRIORITY.assignment });
        candidates.lastIndex = Math.max(candidates.lastIndex, assignment.valueEnd);
      }
    },
  };
}
