import type { ContextReport } from '../../agent/engine/session-engine.js';

/** A discovered file; `score` when the server reports one (search matches). */
type DiscoveredFile = ContextReport['discovered'][number] & { score?: number };

/**
 * Why the agent saw what it saw: the guidance in the system prompt, the
 * nested context files and whether each was disclosed yet, what discovery
 * read and why, the reminders appended to tool results (and in which turn),
 * and token use.
 */
export function ContextPanel(props: { report: ContextReport | null; error: string | null; turnNumbers: Record<string, number> }) {
  const { report } = props;
  if (props.error !== null) return <p role="alert" class="error">Context: {props.error}</p>;
  if (report === null) return <p class="muted">Loading the context…</p>;
  const { tokens } = report;
  return (
    <div class="context-report">
      <section aria-label="guidance files">
        <h3>Guidance</h3>
        <List empty="No guidance files." items={report.guidance.map((file) => `${file.path} (${file.bytes} bytes)`)} />
      </section>
      <section aria-label="nested context files">
        <h3>Nested context</h3>
        <List empty="No nested context files." items={report.manifest.map((entry) => `${entry.path} (for ${entry.dir === '' ? '.' : entry.dir}/) ${entry.isDisclosed ? 'disclosed' : 'not yet disclosed'}`)} />
      </section>
      <section aria-label="discovered files">
        <h3>Discovered</h3>
        <List empty="Discovery has not read any file." items={(report.discovered as DiscoveredFile[]).map(describeDiscovered)} />
      </section>
      <section aria-label="reminders">
        <h3>Reminders</h3>
        <List
          empty="No reminders injected yet."
          items={report.reminders.map((reminder) => `${turnName(reminder.turnId, props.turnNumbers)}: ${reminder.paths.join(', ')}`)}
        />
      </section>
      <section aria-label="tokens">
        <h3>Tokens</h3>
        <p>
          {tokens.used} of {tokens.limit} in the history ({percent(tokens.used, tokens.limit)}); this session: {tokens.sessionInput} in, {tokens.sessionOutput} out
        </p>
      </section>
    </div>
  );
}

function List({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p class="muted">{empty}</p>;
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function describeDiscovered(file: DiscoveredFile): string {
  return typeof file.score === 'number' ? `${file.path}: ${file.reason}, score ${file.score.toFixed(2)}` : `${file.path}: ${file.reason}`;
}

function turnName(turnId: string, turnNumbers: Record<string, number>): string {
  const number = turnNumbers[turnId];
  return number === undefined ? `turn ${turnId}` : `turn ${number}`;
}

function percent(used: number, limit: number): string {
  return limit > 0 ? `${Math.round((used / limit) * 100)}%` : 'no limit known';
}
