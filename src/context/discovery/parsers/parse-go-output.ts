import type { Diagnostic, RawLocation } from '../diagnostic.js';
import { location } from './parse-helpers.js';

// Compiler and vet errors: `orders/orders.go:12:2: undefined: applyDiscount` (optionally prefixed `vet: `).
const COMPILE_ERROR = /^(?:vet: )?(\S[^:]*\.go):(\d+)(?::(\d+))?: (.+)$/;
// `go test` assertion output: `    orders_test.go:14: Total() = 50, want 40` (relative to the package dir).
const TEST_LOG = /^\s+([\w.-]+\.go):(\d+): (.+)$/;
const TEST_FAIL = /^\s*--- FAIL: (\S+)/;
// `FAIL	example.com/shop/orders	0.002s`, `ok  	example.com/shop/x	0.1s`, `FAIL	pkg [build failed]`.
const PACKAGE_RESULT = /^(?:FAIL|ok)\s+(\S+)(?:\s|$)/;
// A goroutine dump frame: a tab, an absolute path, `:line`, an optional `+0x1d`.
const PANIC_FRAME = /^\t(\S.*\.go):(\d+)(?: \+0x[0-9a-f]+)?$/;
const PANIC_FUNCTION = /^([\w./-]+\.[\w.*()]+)\(.*\)$/;

/**
 * Parses `go build`, `go vet` and `go test` output: compiler errors with
 * their positions, `--- FAIL` blocks and their `file_test.go:line:` logs
 * (attributed to the package named by the `FAIL <pkg>` line that follows),
 * and panic stack traces.
 */
export function parseGoOutput(lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let testName: string | undefined;
  let awaitingPackage: RawLocation[] = [];
  let panic: Diagnostic | null = null;
  let panicFunction: string | undefined;
  for (const line of lines) {
    const compile = line.includes('.go:') && !line.startsWith('\t') && !line.startsWith(' ') ? COMPILE_ERROR.exec(line) : null;
    if (compile) {
      diagnostics.push({ source: 'go', message: compile[4]!, locations: [location(compile[1]!, compile[2], compile[3], 'error')] });
      continue;
    }
    const failure = TEST_FAIL.exec(line);
    if (failure) {
      testName = failure[1]!;
      continue;
    }
    const testLog = testName !== undefined && line.includes('.go:') ? TEST_LOG.exec(line) : null;
    if (testLog) {
      const logged = location(testLog[1]!, testLog[2], undefined, 'error');
      awaitingPackage.push(logged);
      diagnostics.push({ source: 'go', message: testLog[3]!, locations: [logged], testName });
      continue;
    }
    if (line.startsWith('panic: ')) {
      panic = { source: 'go', message: line.slice('panic: '.length).replace(/ \[recovered\]$/, ''), locations: [] };
      diagnostics.push(panic);
      continue;
    }
    const functionLine = panic ? PANIC_FUNCTION.exec(line) : null;
    if (functionLine) {
      const name = functionLine[1]!.split('.').pop() ?? '';
      panicFunction = /^[A-Za-z_]\w*$/.test(name) ? name : undefined;
      continue;
    }
    const frame = panic ? PANIC_FRAME.exec(line) : null;
    if (frame && panic) {
      const parsed = location(frame[1]!, frame[2], undefined, 'frame');
      if (panicFunction) parsed.functionName = panicFunction;
      panic.locations.push(parsed);
      continue;
    }
    const result = line.startsWith('FAIL') || line.startsWith('ok') ? PACKAGE_RESULT.exec(line) : null;
    if (result) {
      for (const pending of awaitingPackage) pending.goPackage = result[1]!;
      awaitingPackage = [];
      testName = undefined;
      panic = null;
    }
  }
  return diagnostics.filter((diagnostic) => diagnostic.locations.length > 0);
}
