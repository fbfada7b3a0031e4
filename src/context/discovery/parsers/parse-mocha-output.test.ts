import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseMochaOutput } from './parse-mocha-output.js';

// Mocha is not installed here: mocha-sample.txt is a hand-written sample of Mocha 10's spec reporter.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseMochaOutput', () => {
  it('reads numbered failures with their full titles and messages', () => {
    const failures = parseMochaOutput(fixture('mocha-sample.txt')).filter((diagnostic) => diagnostic.testName !== undefined);
    expect(failures.map((diagnostic) => [diagnostic.testName, diagnostic.message])).toEqual([
      ['add > adds two numbers', 'AssertionError: Expected values to be strictly equal:'],
      ['config > reads the mode', "TypeError: Cannot read properties of undefined (reading 'mode')"],
    ]);
  });

  it("reads Node's Cannot find module with the file that required it", () => {
    const missing = parseMochaOutput(fixture('mocha-sample.txt')).find((diagnostic) => diagnostic.modules !== undefined)!;
    expect(missing.modules).toEqual(['../lib/missing']);
    expect(missing.locations[0]).toEqual({ path: '/home/dev/project/test/loader.test.js', role: 'error' });
  });

  it('leaves other tools\' "Cannot find module" messages alone', () => {
    expect(parseMochaOutput(["src/a.ts(2,24): error TS2307: Cannot find module './x.js' or its corresponding type declarations."])).toEqual([]);
  });
});
