import { describe, expect, it } from 'vitest';
import { redactOncePerText, redactStructured } from './tool-result.js';

describe('redactOncePerText', () => {
  it('scans a clean text once however often a result repeats it, and redacts every other text each time', () => {
    const scanned: string[] = [];
    const redact = redactOncePerText((text) => {
      scanned.push(text);
      return text.replaceAll('hunter2', '[REDACTED:password]');
    });
    const file = 'export const x = 1;\n';
    const secret = 'password = hunter2\n';
    const result = redactStructured({ text: file, structured: { content: file, lines: [file, secret, secret] } }, redact);
    expect(result).toEqual({ text: file, structured: { content: file, lines: [file, 'password = [REDACTED:password]\n', 'password = [REDACTED:password]\n'] } });
    expect(scanned).toEqual([file, secret, secret]);
  });
});
