import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseGoOutput } from './parse-go-output.js';

// Go is not installed here: hand-written samples of Go 1.22's `go test` and `go vet` output.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseGoOutput', () => {
  it('reads compiler errors, test logs (attributed to their package) and panics', () => {
    const diagnostics = parseGoOutput(fixture('go-test-sample.txt'));
    expect(diagnostics[0]).toEqual({ source: 'go', message: 'undefined: applyDiscount', locations: [{ path: 'orders/orders.go', line: 12, column: 2, role: 'error' }] });
    const log = diagnostics.find((diagnostic) => diagnostic.testName === 'TestParse')!;
    expect(log.locations[0]).toEqual({ path: 'config_test.go', line: 14, role: 'error', goPackage: 'example.com/shop/config' });
    const panic = diagnostics.find((diagnostic) => diagnostic.message.startsWith('runtime error'))!;
    expect(panic.locations).toContainEqual({ path: '/home/dev/shop/config/config.go', line: 21, role: 'frame', functionName: 'Load' });
  });

  it('reads go vet output', () => {
    expect(parseGoOutput(fixture('go-vet-sample.txt'))[0]!.locations[0]).toEqual({ path: 'pricing/tax.go', line: 7, column: 9, role: 'error' });
  });
});
