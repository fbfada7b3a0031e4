/** How a line of a unified diff is shown. */
export type DiffLineKind = 'file' | 'hunk' | 'added' | 'removed' | 'context';

const HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * The lines of a unified diff, each with its kind: file headers (`diff`,
 * `---`, `+++`, `Index:`), hunk headers (`@@`), additions, removals and
 * context. Inside a hunk the header's line counts decide, so a removed line
 * reading `-- x` (shown `--- x`) is a removal, not a file header.
 */
export function classifyDiffLines(diff: string): { kind: DiffLineKind; text: string }[] {
  if (diff === '') return [];
  let oldLeft = 0;
  let newLeft = 0;
  return diff
    .replace(/\n$/, '')
    .split('\n')
    .map((text) => {
      if (oldLeft > 0 || newLeft > 0) {
        const kind: DiffLineKind = text.startsWith('+') ? 'added' : text.startsWith('-') ? 'removed' : 'context';
        // `\ No newline at end of file` belongs to the hunk without counting as a line.
        if (!text.startsWith('\\')) {
          if (kind !== 'added') oldLeft -= 1;
          if (kind !== 'removed') newLeft -= 1;
        }
        return { kind, text };
      }
      const hunk = HUNK_HEADER.exec(text);
      if (hunk) {
        oldLeft = Number(hunk[1] ?? '1');
        newLeft = Number(hunk[2] ?? '1');
        return { kind: 'hunk' as const, text };
      }
      const isFileHeader = text.startsWith('+++ ') || text.startsWith('--- ') || text.startsWith('diff ') || text.startsWith('Index: ') || text.startsWith('===');
      return { kind: isFileHeader ? ('file' as const) : ('context' as const), text };
    });
}
