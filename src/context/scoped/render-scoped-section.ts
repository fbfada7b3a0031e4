import { escapePromptPath } from '../../core/context-text/escape-prompt-path.js';
import type { ScopedFile } from './resolve-scoped-files.js';

/**
 * The system prompt section of the scoped files: each under a header naming
 * its path, layer and source; a cut file ends with a notice. `''` when there
 * are none.
 */
export function renderScopedSection(files: readonly ScopedFile[], maxBytes: number): string {
  if (files.length === 0) return '';
  const parts = ['# Scoped context', 'Files the project configuration selects for this agent and task.'];
  for (const file of files) {
    const name = escapePromptPath(file.path);
    parts.push(`## Context: ${name} (${file.layer} layer, from ${escapePromptPath(file.source)})`);
    const body = file.text.trimEnd();
    if (body.length > 0) parts.push(body);
    if (file.truncated) {
      parts.push(`[Scoped context cut: ${name} has ${file.totalBytes} bytes; the first ${file.bytes} are shown (the ${maxBytes}-byte budget is shared by ${files.length} file(s)). Read the file for the rest.]`);
    }
  }
  return parts.join('\n\n');
}
