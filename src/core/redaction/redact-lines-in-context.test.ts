import { describe, expect, it } from 'vitest';
import { FakeRandom, fakePemKey } from '../../../test/support/fake-secrets.js';
import { createRedactor } from './create-redactor.js';
import { couldBeInsideKeyBlock, redactLinesInContext } from './redact-lines-in-context.js';

const redactor = createRedactor();
const redact = (text: string): string => redactor.redact(text).text;

describe('couldBeInsideKeyBlock', () => {
  it.each([
    ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7', true],
    ['  b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ==', true],
    ['AB1c', true],
    ['export const a = 1;', false],
    ['return', false],
    ['// a comment', false],
    ['', false],
  ])('%j -> %s', (line, expected) => {
    expect(couldBeInsideKeyBlock(line)).toBe(expected);
  });
});

describe('redactLinesInContext (issue 15, item 15)', () => {
  it('redacts a body line of a key block that a line alone would not show as one', () => {
    const key = fakePemKey(new FakeRandom(15), 'EC PRIVATE KEY', 600);
    const file = `# dev key\n${key.pem}\nafter\n`;
    const bodyLine = 3 + 2;
    expect(redact(key.bodyLines[3]!)).toBe(key.bodyLines[3]);
    const shown = redactLinesInContext(redact, file, [1, 2, bodyLine, key.bodyLines.length + 4]);
    expect(shown).toEqual(new Map([[1, '# dev key'], [2, '[REDACTED:private-key]'], [bodyLine, ''], [key.bodyLines.length + 4, 'after']]));
  });
});
