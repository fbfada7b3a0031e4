import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseTestRunnerOutput } from './parse-test-runner-output.js';

// Vitest: real output of Vitest 4 (with and without colours). Jest is not
// installed here: jest-sample.txt is a hand-written sample of Jest 29's format.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseTestRunnerOutput', () => {
  it.each(['vitest-plain.txt', 'vitest-color.txt'])('reads the FAIL blocks of %s: test file, test name, message and ❯ frames', (name) => {
    const diagnostics = parseTestRunnerOutput(fixture(name));
    expect(diagnostics).toHaveLength(4);
    const cart = diagnostics.find((diagnostic) => diagnostic.locations[0]!.path === 'src/cart/cart.test.ts')!;
    expect(cart.message).toBe("TypeError: Cannot read properties of undefined (reading 'standard')");
    expect(cart.locations).toEqual([
      { path: 'src/cart/cart.test.ts', role: 'test' },
      { path: 'src/cart/tax.ts', line: 3, column: 25, role: 'frame', functionName: 'computeTax' },
      { path: 'src/cart/cart.ts', line: 9, column: 23, role: 'frame', functionName: 'Cart.total' },
      { path: 'src/cart/cart.test.ts', line: 6, column: 15, role: 'frame' },
    ]);
    const assertion = diagnostics.find((diagnostic) => diagnostic.testName === 'add > adds two numbers')!;
    expect(assertion.message).toBe('AssertionError: expected -1 to be 5 // Object.is equality');
    const missing = diagnostics.find((diagnostic) => diagnostic.modules !== undefined)!;
    expect(missing.modules).toEqual(['./discount.js']);
  });

  it('reads the broken-app failure, whose frame names the file with the error', () => {
    const [failure] = parseTestRunnerOutput(fixture('broken-app-vitest.txt'));
    expect(failure!.message).toBe('TypeError: this.auth.getToken is not a function');
    expect(failure!.locations[1]).toEqual({ path: 'src/user/user-service.ts', line: 14, column: 86, role: 'frame', functionName: 'UserService.getProfile' });
  });

  it('reads Jest ● blocks, their messages and missing modules', () => {
    const diagnostics = parseTestRunnerOutput(fixture('jest-sample.txt'));
    const named = diagnostics.filter((diagnostic) => diagnostic.testName !== undefined);
    expect(named.map((diagnostic) => [diagnostic.source, diagnostic.testName, diagnostic.message])).toEqual([
      ['jest', 'UserService > fetches the signed-in user with a bearer token', 'TypeError: this.auth.getToken is not a function'],
      ['jest', 'UserService > lists the team', 'expect(received).toEqual(expected) // deep equality'],
      ['jest', 'Test suite failed to run', ''],
    ]);
    expect(named[2]!.modules).toEqual(['./discount']);
    expect(named[2]!.locations).toEqual([{ path: 'src/cart/broken-import.test.ts', role: 'test' }]);
  });

  it('reads a frame whose path has spaces', () => {
    const [failure] = parseTestRunnerOutput([' FAIL  src/my tests/a.test.ts > works', 'Error: boom', ' ❯ run src/my dir/a.ts:3:7']);
    expect(failure!.locations[1]).toEqual({ path: 'src/my dir/a.ts', line: 3, column: 7, role: 'frame', functionName: 'run' });
  });
});
