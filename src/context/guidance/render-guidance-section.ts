import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import type { GuidanceFile } from './guidance-file.js';

/**
 * The system prompt section of the guidance files: a short preamble, then
 * each file under a header naming its path (and, for an import, the file
 * that imports it), nearest last; a cut file ends
 * with a notice saying how much is shown. `''` when there are no files.
 */
export function renderGuidanceSection(files: readonly GuidanceFile[], maxBytes: number): string {
  if (files.length === 0) return '';
  const parts = [
    '# Project guidance',
    'Guidance files of this project, from the most general to the nearest; where they disagree, the nearest wins.',
  ];
  for (const file of files) {
    const name = escapePromptPath(file.path);
    const importedBy = file.importedBy === undefined ? '' : ` (imported by ${escapePromptPath(file.importedBy)})`;
    parts.push(`## ${file.source === 'user' ? `User guidance: ${name}` : `Guidance: ${name}${importedBy}`}`);
    const body = file.text.trimEnd();
    if (body.length > 0) parts.push(body);
    if (file.truncated) parts.push(truncationNotice(file, name, files.length, maxBytes));
  }
  return parts.join('\n\n');
}

/** The line that announces a cut, in the prompt and in `context` output. */
export function truncationNotice(file: GuidanceFile, name: string, fileCount: number, maxBytes: number): string {
  const budget = fileCount > 1 ? `the ${maxBytes}-byte guidance budget is shared by ${fileCount} files` : `the guidance budget is ${maxBytes} bytes`;
  return `[Guidance cut: ${name} has ${file.totalBytes} bytes; the first ${file.bytes} are shown (${budget}). Read the file for the rest.]`;
}
