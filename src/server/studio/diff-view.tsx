import { classifyDiffLines } from './classify-diff-lines.js';

/** A unified diff, one line per row: file headers bold, additions green, removals red (text only, never markup). */
export function DiffView({ diff }: { diff: string }) {
  const lines = classifyDiffLines(diff);
  if (lines.length === 0) return <p class="muted">No changes.</p>;
  return (
    <pre class="diff" aria-label="diff">
      {lines.map((line, index) => (
        <span key={index} class={`diff-line diff-${line.kind}`}>
          {line.text === '' ? ' ' : line.text}
        </span>
      ))}
    </pre>
  );
}
