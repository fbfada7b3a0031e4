import path from 'node:path';
import type { ToolCallContent } from '@agentclientprotocol/sdk';
import { parsePatch } from 'diff';

/**
 * A unified diff (as approvals and patch events carry it: git-style,
 * already redacted) as ACP diff content, one entry per file: `oldText` and
 * `newText` are the changed regions with their context lines, hunk after
 * hunk (the editor shows them side by side), `oldText` null for a new
 * file. Paths are made absolute under the workspace root, as ACP wants.
 * Text that does not parse as a diff gives no entry.
 */
export function diffContent(diff: string, workspaceRoot: string): ToolCallContent[] {
  let files: ReturnType<typeof parsePatch>;
  try {
    files = parsePatch(diff);
  } catch {
    // Not a diff we can show side by side; the approval's title still says what it is about.
    return [];
  }
  const contents: ToolCallContent[] = [];
  for (const file of files) {
    const isNew = file.oldFileName === '/dev/null';
    const name = isNew ? file.newFileName : file.oldFileName;
    if (name === undefined || name === '/dev/null') continue;
    const relative = name.replace(/^[ab]\//, '');
    const oldLines: string[] = [];
    const newLines: string[] = [];
    for (const hunk of file.hunks) {
      for (const line of hunk.lines) {
        const body = line.slice(1);
        if (line.startsWith('-')) oldLines.push(body);
        else if (line.startsWith('+')) newLines.push(body);
        else if (line.startsWith(' ')) {
          oldLines.push(body);
          newLines.push(body);
        }
      }
    }
    contents.push({ type: 'diff', path: path.resolve(workspaceRoot, relative), oldText: isNew ? null : joinLines(oldLines), newText: joinLines(newLines) });
  }
  return contents;
}

function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
