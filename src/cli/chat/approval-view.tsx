import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { oneLine, wrapWhole } from '../run/describe-tool-call.js';
import { terminalSafeName } from '../terminal-safe-text.js';
import type { ApprovalRequest } from './chat-state.js';
import { DiffView } from './diff-view.js';
import { terminalSafeBlock } from './terminal-safe-block.js';

/** Most diff lines an approval shows; /diff shows the rest. */
export const MAX_APPROVAL_DIFF_LINES = 20;
/** Narrowest width a command is wrapped to, however narrow the terminal. */
const MIN_WRAP_COLUMNS = 10;

/** The keys of an approval and what each answers. */
export const APPROVAL_CHOICES = [
  { key: 'y', label: 'allow once' },
  { key: 'a', label: 'allow for the session' },
  { key: 'n', label: 'deny' },
  { key: 'm', label: 'deny with a message' },
] as const;

/**
 * A pending approval in the transcript: what wants to happen (the command
 * in full, wrapped, or the diff with a capped height), why it needs
 * approval, and the four choices; or, after [m], the message being typed.
 */
export function ApprovalView({ approval, columns, message }: { approval: ApprovalRequest; columns: number; message: string | null }): ReactNode {
  const paths = [...approval.paths, ...approval.outOfScopePaths];
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color="yellow" bold>
        {`? approval needed: ${terminalSafeName(oneLine(approval.tool ?? approval.action, 80))}`}
      </Text>
      <Text dimColor>{terminalSafeBlock(oneLine(approval.reason, 400))}</Text>
      {paths.length > 0 ? <Text>{`paths: ${paths.map(terminalSafeName).join(', ')}`}</Text> : null}
      {approval.outOfScopePaths.length > 0 ? <Text color="yellow">{`outside the workspace: ${approval.outOfScopePaths.map(terminalSafeName).join(', ')}`}</Text> : null}
      {approval.command === null ? null : (
        <Box flexDirection="column" paddingLeft={2}>
          {wrapWhole(approval.command, Math.max(MIN_WRAP_COLUMNS, columns - 4)).map((line, index) => (
            <Text key={index} bold>
              {terminalSafeName(line)}
            </Text>
          ))}
        </Box>
      )}
      {approval.diff === null ? null : <DiffView diff={approval.diff} maxLines={MAX_APPROVAL_DIFF_LINES} />}
      {message === null ? (
        <Text>{APPROVAL_CHOICES.map((choice) => `[${choice.key}] ${choice.label}`).join('  ')}</Text>
      ) : (
        <Box flexDirection="column">
          <Text>deny with a message (Enter sends, Esc goes back):</Text>
          <Text>
            <Text color="yellow">{'» '}</Text>
            {terminalSafeBlock(message)}
            <Text inverse> </Text>
          </Text>
        </Box>
      )}
    </Box>
  );
}
