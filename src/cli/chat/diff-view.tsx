import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { terminalSafeBlock } from './terminal-safe-block.js';

/**
 * A unified diff with coloured lines, as render-diff colours it on a
 * terminal: additions green, removals red, file headers bold, hunk headers
 * dim. With `maxLines`, the rest is counted on a last line that names /diff.
 */
export function DiffView({ diff, maxLines }: { diff: string; maxLines?: number }): ReactNode {
  const lines = terminalSafeBlock(diff.replace(/\n$/, '')).split('\n');
  const shown = maxLines === undefined ? lines : lines.slice(0, maxLines);
  const hidden = lines.length - shown.length;
  return (
    <Box flexDirection="column">
      {shown.map((line, index) => (
        <DiffLine key={index} line={line} />
      ))}
      {hidden > 0 ? <Text dimColor>{`… ${hidden} more lines, /diff shows all`}</Text> : null}
    </Box>
  );
}

function DiffLine({ line }: { line: string }): ReactNode {
  if (line.startsWith('+++ ') || line.startsWith('--- ') || line.startsWith('diff ') || line.startsWith('Index: ')) return <Text bold>{line}</Text>;
  if (line.startsWith('@@')) return <Text dimColor>{line}</Text>;
  if (line.startsWith('+')) return <Text color="green">{line}</Text>;
  if (line.startsWith('-')) return <Text color="red">{line}</Text>;
  return <Text>{line.length === 0 ? ' ' : line}</Text>;
}
