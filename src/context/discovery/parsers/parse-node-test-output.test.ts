import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseNodeTestOutput } from './parse-node-test-output.js';

// Real output of Node 20's test runner: TAP (the default when not on a TTY) and spec.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseNodeTestOutput', () => {
  it('reads TAP not-ok blocks: location, error, name and stack', () => {
    const diagnostics = parseNodeTestOutput(fixture('node-test-tap.txt'));
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics[1]).toEqual({
      source: 'node-test',
      message: "TypeError: Cannot read properties of undefined (reading 'mode')",
      testName: 'parseConfig reads the mode',
      locations: [
        { path: '/tmp/cap/nt/test/slugify.test.js', line: 7, column: 1, role: 'test' },
        { path: 'file:///tmp/cap/nt/lib/slugify.js', line: 5, column: 35, role: 'frame', functionName: 'parseConfig' },
        { path: 'file:///tmp/cap/nt/test/slugify.test.js', line: 8, column: 16, role: 'frame' },
      ],
    });
    expect(diagnostics[0]!.message).toBe('AssertionError: Expected values to be strictly equal:');
  });

  it("reads the spec reporter's `test at` lines", () => {
    const tests = parseNodeTestOutput(fixture('node-test-spec.txt')).map((diagnostic) => diagnostic.locations[0]);
    expect(tests).toEqual([
      { path: 'test/slugify.test.js', line: 4, column: 1, role: 'test' },
      { path: 'test/slugify.test.js', line: 7, column: 1, role: 'test' },
    ]);
  });
});
