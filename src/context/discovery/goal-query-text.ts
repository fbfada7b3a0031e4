/**
 * The text of a goal that describes the problem, for the goal ranking: an
 * issue pasted from a tracker carries its template too (HTML comments with
 * instructions, headings such as "Steps to reproduce" or "Vue version",
 * checklists such as "- [x] I searched existing issues"), words that match
 * the repository's own issue templates and docs rather than the code at
 * fault. Those are dropped; everything else is kept as written. A goal made
 * only of such lines is kept whole.
 */
export function goalQueryText(goal: string): string {
  const withoutComments = goal.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ');
  const kept = withoutComments.split('\n').filter((line) => !isTemplateLine(line));
  const text = kept.join('\n').trim();
  return text === '' ? goal : text;
}

/** The title of a goal: its first non-empty line. */
export function goalTitleOf(goal: string): string {
  return goal.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
}

function isTemplateLine(line: string): boolean {
  const trimmed = line.trim();
  // A heading of a few words ("### Steps to reproduce"); a long heading is the reporter's own sentence.
  if (/^#{1,6}\s/.test(trimmed)) return trimmed.replace(/^#+\s*/, '').split(/\s+/).length <= 6;
  // A checklist item ("- [x] I have searched the issues").
  return /^[-*]\s+\[[ xX]\]\s/.test(trimmed);
}
