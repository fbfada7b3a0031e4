import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { SessionEngine } from '../../agent/engine/session-engine.js';
import { terminalSafeName } from '../terminal-safe-text.js';

/** Characters of the session id the status line shows. */
const SHORT_ID_CHARS = 8;

/** `1234` → `1.2k`. */
function compactCount(count: number): string {
  return count >= 1000 ? `${(count / 1000).toFixed(count >= 100_000 ? 0 : 1)}k` : String(count);
}

/** `write · openai/gpt-x · 12.3k/200k tokens (188k left) · session 1a2b3c4d`, and whether a turn runs. */
export function StatusLine({ engine, tokens, isBusy }: { engine: SessionEngine; tokens: { used: number; limit: number } | null; isBusy: boolean }): ReactNode {
  const parts = [
    engine.mode,
    terminalSafeName(engine.model),
    tokens === null ? null : `${compactCount(tokens.used)}/${compactCount(tokens.limit)} tokens (${compactCount(Math.max(0, tokens.limit - tokens.used))} left)`,
    `session ${terminalSafeName(engine.id.slice(0, SHORT_ID_CHARS))}`,
  ].filter((part) => part !== null);
  return (
    <Text dimColor>
      {isBusy ? <Text color="yellow">working… </Text> : null}
      {parts.join(' · ')}
    </Text>
  );
}
