import { Box, Text, useApp, useInput } from 'ink';
import { useRef, useState, type ReactNode } from 'react';
import { oneLine } from '../run/describe-tool-call.js';
import { terminalSafeName } from '../terminal-safe-text.js';

/** A session as `brass-agent sessions` lists it. */
export interface SessionSummary {
  id: string;
  title: string;
  updatedAt: string;
  turns: number;
}

export interface SessionPickerProps {
  /** Newest first. */
  sessions: readonly SessionSummary[];
  /** Called once: the chosen id, or null for Esc (or no session to pick). */
  onPick(id: string | null): void;
}

/** Longest title shown on a picker line. */
const MAX_TITLE_CHARS = 60;

/** The list `--resume` without an id shows: Up/Down moves, Enter picks, Esc cancels. */
export function SessionPicker({ sessions, onPick }: SessionPickerProps): ReactNode {
  const [selected, setSelected] = useState(0);
  // Keys can arrive before the next render (fast typing, a busy machine): Enter must see the latest move.
  const selection = useRef(0);
  const move = (step: number): void => {
    selection.current = Math.min(Math.max(0, sessions.length - 1), Math.max(0, selection.current + step));
    setSelected(selection.current);
  };
  const hasPicked = useRef(false);
  const pick = (id: string | null): void => {
    if (hasPicked.current) return;
    hasPicked.current = true;
    onPick(id);
  };
  useInput((_typed, key) => {
    if (key.escape || (key.ctrl && _typed === 'c')) pick(null);
    else if (key.return) pick(sessions[selection.current]?.id ?? null);
    else if (key.upArrow) move(-1);
    else if (key.downArrow) move(1);
  });
  if (sessions.length === 0) return <Text>no session to resume in this workspace (Esc)</Text>;
  return (
    <Box flexDirection="column">
      <Text bold>resume which session? (Up/Down, Enter; Esc cancels)</Text>
      {sessions.map((session, index) => (
        <Text key={session.id} inverse={index === selected}>
          {`${index === selected ? '›' : ' '} ${terminalSafeName(oneLine(session.title, MAX_TITLE_CHARS)) || '(untitled)'} · ${session.turns} ${session.turns === 1 ? 'turn' : 'turns'} · ${terminalSafeName(session.updatedAt)} · ${terminalSafeName(session.id)}`}
        </Text>
      ))}
    </Box>
  );
}

/** Wraps SessionPicker so the picked id also ends the Ink app. */
export function SessionPickerApp({ sessions, onPick }: SessionPickerProps): ReactNode {
  const { exit } = useApp();
  return (
    <SessionPicker
      sessions={sessions}
      onPick={(id) => {
        onPick(id);
        exit();
      }}
    />
  );
}
