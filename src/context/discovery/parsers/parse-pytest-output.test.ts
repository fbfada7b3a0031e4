import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parsePytestOutput } from './parse-pytest-output.js';

// Real output of pytest 9 on Python 3.11 (long, short and line tracebacks, a collection error).
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parsePytestOutput', () => {
  it('reads the long format: where it was raised first, then the frames, and the E message', () => {
    const failure = parsePytestOutput(fixture('pytest-long.txt')).find((diagnostic) => diagnostic.testName === 'test_order_total' && diagnostic.locations.length > 1)!;
    expect(failure.message).toBe("TypeError: apply_discount() got an unexpected keyword argument 'rounding'");
    expect(failure.locations).toEqual([
      { path: 'app/orders.py', line: 6, role: 'error' },
      { path: 'tests/test_pricing.py', line: 10, role: 'frame' },
    ]);
  });

  it('reads the short format and the short test summary', () => {
    const diagnostics = parsePytestOutput(fixture('pytest-short.txt'));
    expect(diagnostics.find((diagnostic) => diagnostic.testName === 'test_order_total')!.locations[0]).toEqual({ path: 'app/orders.py', line: 6, role: 'frame' });
    const summary = diagnostics.filter((diagnostic) => diagnostic.locations[0]!.role === 'test');
    expect(summary.map((diagnostic) => [diagnostic.locations[0]!.path, diagnostic.testName])).toEqual([
      ['tests/test_pricing.py', 'test_apply_discount'],
      ['tests/test_pricing.py', 'test_order_total'],
    ]);
  });

  it('reads the line format as one failure per line', () => {
    const diagnostics = parsePytestOutput(fixture('pytest-line.txt')).filter((diagnostic) => diagnostic.locations[0]!.role === 'error');
    expect(diagnostics.map((diagnostic) => diagnostic.locations[0]!.path)).toEqual(['/tmp/cap/py/tests/test_pricing.py', '/tmp/cap/py/app/orders.py']);
  });

  it('reads a collection error and the module it could not import', () => {
    const failure = parsePytestOutput(fixture('pytest-collect-error.txt'))[0]!;
    expect(failure.modules).toEqual(['app.shipping']);
    expect(failure.locations).toContainEqual({ path: 'tests/test_import.py', line: 1, role: 'frame' });
  });

  it('reads a plain CPython traceback, innermost frame first', () => {
    const [failure] = parsePytestOutput(['Traceback (most recent call last):', '  File "app/main.py", line 3, in <module>', '    run()', '  File "app/run.py", line 9, in run', '    boom()', 'ValueError: bad']);
    expect(failure!.message).toBe('ValueError: bad');
    expect(failure!.locations.map((location) => location.path)).toEqual(['app/run.py', 'app/main.py']);
  });
});
