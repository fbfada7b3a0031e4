import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseRustOutput } from './parse-rust-output.js';

// Real output of cargo 1.95: `cargo check` with three errors, `cargo test` with a panic and a backtrace.
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseRustOutput', () => {
  it('reads errors with their --> span and the spans notes point at', () => {
    const diagnostics = parseRustOutput(fixture('cargo-check.txt'));
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      ['E0432', 'unresolved import `crate::pricing::Currency`'],
      ['E0609', 'no field `amount` on type `&Price`'],
      ['E0061', 'this function takes 2 arguments but 1 argument was supplied'],
    ]);
    expect(diagnostics[2]!.locations).toEqual([
      { path: 'src/orders.rs', line: 5, column: 22, role: 'error' },
      { path: 'src/pricing.rs', line: 5, column: 8, role: 'related' },
    ]);
  });

  it('reads a test panic, its message and backtrace frames', () => {
    const [panic] = parseRustOutput(fixture('cargo-test.txt'));
    expect(panic!.testName).toBe('orders::tests::totals_half');
    expect(panic!.message).toBe('assertion `left == right` failed');
    expect(panic!.locations[0]).toEqual({ path: 'src/orders.rs', line: 13, column: 9, role: 'error' });
    expect(panic!.locations).toContainEqual({ path: './src/orders.rs', line: 12, column: 21, role: 'frame' });
  });
});
