import type { Colors } from '../output.js';
import { terminalSafeText } from '../terminal-safe-text.js';

/**
 * A unified diff for stdout. On a terminal, control characters from the
 * files are removed and lines are coloured (when colours are on: additions
 * green, removals red, file headers bold, hunk headers dim); elsewhere the
 * diff is printed byte for byte, so `> fix.diff` gives a patch `git apply`
 * takes.
 */
export function renderDiff(diff: string, options: { isTerminal: boolean; colors: Colors }): string {
  if (!options.isTerminal) return diff;
  const { colors } = options;
  return terminalSafeText(diff)
    .split('\n')
    .map((line) => {
      if (line.startsWith('+++ ') || line.startsWith('--- ') || line.startsWith('diff ') || line.startsWith('Index: ')) return colors.bold(line);
      if (line.startsWith('@@')) return colors.dim(line);
      if (line.startsWith('+')) return colors.green(line);
      if (line.startsWith('-')) return colors.red(line);
      return line;
    })
    .join('\n');
}
