import { useEffect, useRef, useState } from 'react';
import type { SessionEngine } from '../../agent/engine/session-engine.js';

/** Most `@path` completions listed under the input. */
export const MAX_PATH_COMPLETIONS = 8;
/** How long typing must pause before the engine is asked for completions. */
export const PATH_COMPLETION_DEBOUNCE_MS = 60;

/** The `@mention` being typed at the end of the input (`@src/a` gives `src/a`), or null. */
export function mentionAtEnd(input: string): string | null {
  const match = /(?:^|\s)@([^\s@]*)$/.exec(input);
  return match === null ? null : (match[1] ?? '');
}

/** The input with the mention at its end replaced by `@path` (and a space after a file, so typing goes on). */
export function acceptCompletion(input: string, path: string): string {
  const prefix = mentionAtEnd(input) ?? '';
  return `${input.slice(0, input.length - prefix.length)}${path}${path.endsWith('/') ? '' : ' '}`;
}

export interface PathCompletion {
  /** The open list (empty when closed). */
  completions: string[];
  /** The highlighted completion (as of the last render). */
  selected: number;
  /** The highlighted completion now, moves not rendered yet included (keys can arrive in one chunk). */
  currentSelected(): number;
  select(index: number): void;
  /** Closes the list until the mention changes (Esc). */
  dismiss(): void;
}

/**
 * Completions for the `@mention` at the end of the input from
 * `engine.completePath`, asked for once typing pauses; an answer for a
 * mention that has changed meanwhile is ignored, and a failing lookup
 * just shows no list.
 */
export function usePathCompletion(engine: SessionEngine, input: string): PathCompletion {
  const mention = mentionAtEnd(input);
  const [answer, setAnswer] = useState<{ mention: string; paths: string[] } | null>(null);
  const [selected, setSelectedState] = useState(0);
  const selectedRef = useRef(0);
  const setSelected = (index: number): void => {
    selectedRef.current = index;
    setSelectedState(index);
  };
  const [dismissed, setDismissed] = useState<string | null>(null);
  const latest = useRef<string | null>(null);
  latest.current = mention;

  useEffect(() => {
    if (mention === null) return undefined;
    const timer = setTimeout(() => {
      engine.completePath(mention, MAX_PATH_COMPLETIONS).then(
        (paths) => {
          if (latest.current !== mention) return;
          setAnswer({ mention, paths: paths.slice(0, MAX_PATH_COMPLETIONS) });
          setSelected(0);
        },
        () => {
          if (latest.current === mention) setAnswer({ mention, paths: [] });
        },
      );
    }, PATH_COMPLETION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [engine, mention]);

  const isOpen = mention !== null && answer !== null && answer.mention === mention && dismissed !== mention;
  const completions = isOpen ? answer.paths : [];
  const clamp = (index: number): number => Math.min(index, Math.max(0, completions.length - 1));
  return {
    completions,
    selected: clamp(selected),
    currentSelected: () => clamp(selectedRef.current),
    select: (index) => setSelected(completions.length === 0 ? 0 : (index + completions.length) % completions.length),
    dismiss: () => setDismissed(mention),
  };
}
