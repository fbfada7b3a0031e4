import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import { shareBudget } from '../../core/context-text/share-budget.js';
import { truncateUtf8, utf8ByteLength } from '../../core/context-text/truncate-utf8.js';
import type { ContextFileEntry, ContextRule } from './context-file-entry.js';

/** Largest manifest in the system prompt: 8 KiB. */
export const MAX_MANIFEST_BYTES = 8 * 1024;

/** Bytes of `alwaysApply` rule bodies the system prompt holds in total, shared fairly. */
export const MAX_ALWAYS_APPLY_BYTES = 32 * 1024;

/** One line of the manifest, as `brass-agent context --json` prints it. */
export interface ManifestEntry {
  path: string;
  /** The directory it applies under (`.` for a rule read on request). */
  dir: string;
  label: string;
}

/** The manifest and the always-applied rules, ready for the system prompt. */
export interface Manifest {
  entries: ManifestEntry[];
  /** Entries left out of the prompt text because of MAX_MANIFEST_BYTES (they still apply). */
  omitted: number;
  /** `''` when there is nothing to list and no always-applied rule. */
  promptSection: string;
}

const MANIFEST_PREAMBLE = [
  '# Nested context files',
  'Parts of this workspace have their own instructions. The first time a tool call touches a directory listed here (or a path a rule names), the file is appended to that tool result as a system reminder, once per session. Read one yourself with read_file when you need it sooner; rules marked "on request" are only shown that way.',
].join('\n\n');

/**
 * Builds the manifest: one line per nested context file (path, directory,
 * label) and per rule (its globs, or "on request"), never their bodies,
 * within MAX_MANIFEST_BYTES; plus the bodies of `alwaysApply` rules. Files
 * in `excludeRealPaths` (already inlined by scoped context) are left out.
 */
export function buildManifest(options: {
  files: readonly ContextFileEntry[];
  rules: readonly ContextRule[];
  excludeRealPaths: ReadonlySet<string>;
}): Manifest {
  const files = options.files.filter((file) => !options.excludeRealPaths.has(file.realPath));
  const rules = options.rules.filter((rule) => !options.excludeRealPaths.has(rule.realPath));
  const entries: ManifestEntry[] = [];
  const lines: string[] = [];
  for (const file of files) {
    entries.push({ path: file.path, dir: file.dir, label: file.label });
    lines.push(`- ${escapePromptPath(file.path)} (for ${escapePromptPath(file.dir)}/)${file.label === '' ? '' : `: ${file.label}`}`);
  }
  for (const rule of rules.filter((candidate) => !candidate.alwaysApply)) {
    entries.push({ path: rule.path, dir: rule.dir, label: rule.label });
    const scope = rule.globs.length === 0 ? 'on request' : `for ${rule.globs.map(escapePromptPath).join(', ')}`;
    lines.push(`- ${escapePromptPath(rule.path)} (${scope})${rule.label === '' ? '' : `: ${rule.label}`}`);
  }

  const sections: string[] = [];
  const alwaysApplied = renderAlwaysApplied(rules.filter((rule) => rule.alwaysApply));
  if (alwaysApplied !== '') sections.push(alwaysApplied);
  let omitted = 0;
  if (lines.length > 0) {
    const kept: string[] = [];
    let bytes = utf8ByteLength(MANIFEST_PREAMBLE) + 2;
    for (const [index, line] of lines.entries()) {
      const room = MAX_MANIFEST_BYTES - bytes - utf8ByteLength(omissionLine(lines.length - index));
      if (utf8ByteLength(line) + 1 > room) {
        omitted = lines.length - index;
        break;
      }
      kept.push(line);
      bytes += utf8ByteLength(line) + 1;
    }
    if (omitted > 0) kept.push(omissionLine(omitted));
    sections.push(`${MANIFEST_PREAMBLE}\n\n${kept.join('\n')}`);
  }
  return { entries, omitted, promptSection: sections.join('\n\n') };
}

function omissionLine(count: number): string {
  return `- (${count} more not listed: the list is limited to ${MAX_MANIFEST_BYTES} bytes; they are still shown on first touch)`;
}

function renderAlwaysApplied(rules: readonly ContextRule[]): string {
  if (rules.length === 0) return '';
  const bodies = rules.map((rule) => (rule.body ?? '').trim());
  const allowances = shareBudget(bodies.map(utf8ByteLength), MAX_ALWAYS_APPLY_BYTES);
  const parts = ['# Project rules', 'Rules this project applies to every task.'];
  for (const [index, rule] of rules.entries()) {
    const cut = truncateUtf8(bodies[index] ?? '', allowances[index] ?? 0);
    parts.push(`## Rule: ${escapePromptPath(rule.path)}${rule.label === '' ? '' : ` (${rule.label})`}`);
    if (cut.text.length > 0) parts.push(cut.text);
    if (cut.truncated || rule.isBodyTruncated === true) {
      parts.push(`[Rule cut: ${escapePromptPath(rule.path)} has ${rule.totalBytes ?? cut.bytes} bytes; the first ${cut.bytes} of its body are shown. Read the file for the rest.]`);
    }
  }
  return parts.join('\n\n');
}
