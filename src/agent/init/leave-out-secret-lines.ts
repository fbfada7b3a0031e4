import { BrassError } from '../../core/index.js';
import type { RedactText } from '../patch/index.js';

/**
 * The starter text without the lines that hold a secret (a configured
 * command with a token in it): such a line is left out whole, never written
 * with a redaction marker (the file is read into prompts and usually
 * committed; the patch path also refuses marker text as content). Returns
 * the text and how many lines were left out.
 *
 * Throws BrassError `secret` when the text still redacts differently once
 * those lines are gone (a secret spread over lines): nothing is written then.
 */
export function leaveOutSecretLines(text: string, redact: RedactText): { text: string; leftOut: number } {
  const lines = text.split('\n');
  const kept = lines.filter((line) => redact(line) === line);
  const result = kept.join('\n');
  if (redact(result) !== result) throw new BrassError('secret', 'the starter AGENTS.md would hold a secret from the project; nothing was written');
  return { text: result, leftOut: lines.length - kept.length };
}
