import type { MessageIdentifierRole } from './analyze-message.js';
import { isTellingIdentifier } from './is-telling-identifier.js';

/**
 * Every way discovery meets an identifier: the message roles, plus
 * `at-column` (the name at an error's column), `error-line` (an imported name
 * used on an error line), `goal-code` / `goal-word` (backticked or code-shaped in the goal) and
 * `test-name` (a code-shaped word in a failing test's title).
 */
export type IdentifierRole = MessageIdentifierRole | 'at-column' | 'error-line' | 'goal-code' | 'goal-word' | 'test-name';

/** How strongly each role points at the definition being the place to look. */
export const ROLE_WEIGHT: Readonly<Record<IdentifierRole, number>> = {
  type: 6,
  export: 5,
  missing: 5,
  callee: 5,
  'goal-code': 5,
  'goal-word': 4,
  'at-column': 3.5,
  'error-line': 3,
  quoted: 3,
  member: 2.5,
  suggestion: 2,
  'test-name': 1.5,
};

/** Each further sighting of a name adds this fraction of its weight, up to MAX_REPEAT_FACTOR in all. */
const REPEAT_BONUS = 0.25;
const MAX_REPEAT_FACTOR = 2;

/** An identifier with everything discovery learned about it. */
export interface IdentifierSignal {
  name: string;
  /** The strongest role it was seen in. */
  role: IdentifierRole;
  weight: number;
  occurrences: number;
  /** Messages it was named in, for explanations (at most a few). */
  messages: string[];
  /** Files found to define it (through imports or searches). */
  definedIn: Set<string>;
}

/** Collects identifier sightings; `weight` grows with repeated sightings. */
export interface IdentifierSignals {
  add(name: string, role: IdentifierRole, message?: string): void;
  get(name: string): IdentifierSignal | undefined;
  /** Strongest first; ties by name. */
  ranked(): IdentifierSignal[];
}

export function createIdentifierSignals(): IdentifierSignals {
  const byName = new Map<string, IdentifierSignal>();
  return {
    add(name, role, message) {
      if (!isTellingIdentifier(name)) return;
      let signal = byName.get(name);
      if (signal === undefined) {
        signal = { name, role, weight: 0, occurrences: 0, messages: [], definedIn: new Set() };
        byName.set(name, signal);
      }
      signal.occurrences += 1;
      if (ROLE_WEIGHT[role] > ROLE_WEIGHT[signal.role]) signal.role = role;
      signal.weight = ROLE_WEIGHT[signal.role] * Math.min(MAX_REPEAT_FACTOR, 1 + REPEAT_BONUS * (signal.occurrences - 1));
      if (message !== undefined && message.length > 0 && signal.messages.length < 3 && !signal.messages.includes(message)) signal.messages.push(message);
    },
    get: (name) => byName.get(name),
    ranked: () => [...byName.values()].sort((left, right) => right.weight - left.weight || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0)),
  };
}
