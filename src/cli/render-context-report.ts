import path from 'node:path';
import type { ContextSession } from '../agent/context-session/index.js';
import type { ContextReminder } from '../context/nested/index.js';
import type { ContextSelection } from '../context/scoped/index.js';
import type { Colors } from './output.js';
import { terminalSafeName } from './terminal-safe-text.js';

/** What the human report of `brass-agent context` shows. */
export interface ContextReportInput {
  session: ContextSession;
  workspaceRoot: string;
  projectRoot: { root: string; marker: string } | null;
  selection: ContextSelection;
  touches: readonly { touch: string; reminder: ContextReminder | null }[];
  colors: Colors;
}

/**
 * The human output of `brass-agent context`: what is loaded and why —
 * the project root and its marker, each guidance file, each scoped file
 * with its layer and declaration, always-applied rules, the manifest, and
 * what each `--touch` injected. Warnings go to stderr separately.
 */
export function renderContextReport(input: ContextReportInput): string {
  const { session, colors } = input;
  const { bold, dim } = colors;
  const lines: string[] = [];
  const root = input.projectRoot === null ? `${bold('project root')} . ${dim('(no marker found above the workspace: the workspace is the root)')}` : describeRoot(input);
  lines.push(root, `${bold('selection')} ${describeSelection(input.selection)}`, '');

  const guidance = session.guidance.files;
  const guidanceBytes = guidance.reduce((sum, file) => sum + file.bytes, 0);
  lines.push(bold(`guidance: ${guidance.length} file(s), ${guidanceBytes} bytes, most general first`));
  for (const file of guidance) {
    const why =
      file.source === 'user'
        ? 'user guidance (config directory)'
        : file.importedBy !== undefined
          ? `imported by ${printable(file.importedBy)}`
          : file.path.startsWith('../')
            ? 'between the project root and the workspace'
            : 'the workspace root';
    lines.push(`  ${printable(file.path)}  ${file.bytes} bytes  ${dim(why)}${file.truncated ? `  ${dim(`(cut: ${file.bytes} of ${file.totalBytes} bytes)`)}` : ''}`);
  }
  if (guidance.length === 0) lines.push(dim('  (none)'));

  lines.push('', bold(`scoped context: ${session.scoped.files.length} file(s)`));
  for (const layer of session.scoped.layers) lines.push(dim(`  layer ${layer.layer} from ${layer.source} (${layer.mode}): ${layer.paths.map((entry) => JSON.stringify(entry)).join(', ') || '[]'}`));
  for (const file of session.scoped.files) {
    lines.push(`  ${printable(file.path)}  ${file.bytes} bytes  ${dim(`${file.layer} layer, ${file.source} ${JSON.stringify(file.entry)}`)}${file.truncated ? dim(` (cut: ${file.bytes} of ${file.totalBytes} bytes)`) : ''}`);
  }
  if (session.scoped.layers.length === 0) lines.push(dim('  (none: no context.paths, and no agent or step declares paths)'));

  const alwaysApplied = session.discovery.rules.filter((rule) => rule.alwaysApply);
  if (alwaysApplied.length > 0) {
    lines.push('', bold(`always-applied rules: ${alwaysApplied.length}`));
    for (const rule of alwaysApplied) lines.push(`  ${printable(rule.path)}  ${dim(rule.label)}`);
  }

  const nestedState = session.isNestedEnabled ? 'shown on first touch' : 'nested context files are off for this session';
  lines.push('', bold(`manifest: ${session.manifest.entries.length} entr${session.manifest.entries.length === 1 ? 'y' : 'ies'} (${nestedState}; found in ${session.discovery.walkedEntries} walked entries)`));
  const rules = new Map(session.discovery.rules.map((rule) => [rule.path, rule]));
  for (const entry of session.manifest.entries) {
    const rule = rules.get(entry.path);
    const scope = rule === undefined ? `for ${entry.dir}/` : rule.globs.length === 0 ? 'rule, read on request' : `rule for ${rule.globs.join(', ')}`;
    lines.push(`  ${printable(entry.path)}  ${dim(printable(scope))}${entry.label === '' ? '' : `  ${entry.label}`}`);
  }
  if (session.manifest.omitted > 0) lines.push(dim(`  (${session.manifest.omitted} entries are left out of the prompt's list: it is limited to 8 KiB)`));

  if (input.touches.length > 0) {
    lines.push('', bold('touches'));
    for (const { touch, reminder } of input.touches) {
      lines.push(reminder === null ? `  ${printable(touch)} ${dim('-> nothing new')}` : `  ${printable(touch)} -> ${reminder.paths.map(printable).join(', ')} ${dim(`(${reminder.bytes} bytes appended)`)}`);
    }
  }
  lines.push('', dim(`system prompt: ${Buffer.byteLength(session.systemPrompt, 'utf8')} bytes; see it with --json`));
  return lines.join('\n');
}

function describeRoot(input: ContextReportInput): string {
  const { root, marker } = input.projectRoot!;
  const relative = path.relative(input.workspaceRoot, root).split(path.sep).join('/') || '.';
  const note = relative === '.' ? `found ${marker} here` : `found ${marker}; guidance above the workspace is read through a read-only scope`;
  return `${input.colors.bold('project root')} ${relative} ${input.colors.dim(`(${note})`)}`;
}

function describeSelection(selection: ContextSelection): string {
  const parts = [selection.agent === undefined ? 'no agent' : `agent ${selection.agent}`];
  parts.push(selection.flow === undefined ? 'no flow step' : `flow ${selection.flow} step ${selection.step ?? ''}`);
  return parts.join(', ');
}

/** A path on one terminal line: control characters shown as escapes, as every name the CLI prints (terminalSafeName). */
function printable(text: string): string {
  return terminalSafeName(text);
}
