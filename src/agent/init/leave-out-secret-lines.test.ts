import { describe, expect, it } from 'vitest';
import { BrassError } from '../../core/index.js';
import { leaveOutSecretLines } from './leave-out-secret-lines.js';

/** A stand-in redactor: hides the word SECRET. */
const redact = (text: string): string => text.replaceAll('SECRET', '[REDACTED:test]');

describe('leaveOutSecretLines', () => {
  it('keeps a text without secrets byte for byte', () => {
    expect(leaveOutSecretLines('# A\n\n- `npm test`\n', redact)).toEqual({ text: '# A\n\n- `npm test`\n', leftOut: 0 });
  });

  it('leaves out each line that holds a secret, whole', () => {
    expect(leaveOutSecretLines('# A\n- smoke: `TOKEN=SECRET run`\n- Test: `npm test`\n', redact)).toEqual({ text: '# A\n- Test: `npm test`\n', leftOut: 1 });
  });

  it('refuses a text whose secret spans lines', () => {
    const spanning = (text: string): string => text.replace('BEGIN\nEND', '[REDACTED:key]');
    expect(() => leaveOutSecretLines('a\nBEGIN\nEND\n', spanning)).toThrow(BrassError);
  });
});
