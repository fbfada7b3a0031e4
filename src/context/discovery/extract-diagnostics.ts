import type { Diagnostic } from './diagnostic.js';
import { normalizeOutputLines } from './normalize-output-text.js';
import { parseBundlerOutput } from './parsers/parse-bundler-output.js';
import { parseEslintOutput } from './parsers/parse-eslint-output.js';
import { parseGenericOutput } from './parsers/parse-generic-output.js';
import { parseGoOutput } from './parsers/parse-go-output.js';
import type { OutputParser } from './parsers/parse-helpers.js';
import { parseMochaOutput } from './parsers/parse-mocha-output.js';
import { parseNodeTestOutput } from './parsers/parse-node-test-output.js';
import { parsePytestOutput } from './parsers/parse-pytest-output.js';
import { parseRustOutput } from './parsers/parse-rust-output.js';
import { parseStackFrames } from './parsers/parse-stack-frames.js';
import { parseTestRunnerOutput } from './parsers/parse-test-runner-output.js';
import { parseTscOutput } from './parsers/parse-tsc-output.js';

/** Diagnostics kept per output: a flood of one error repeated is one signal, not thousands. */
export const MAX_DIAGNOSTICS_PER_OUTPUT = 2_000;

/** Every format-specific parser; each ignores lines that are not its own. */
const PARSERS: readonly OutputParser[] = [
  parseTscOutput,
  parseEslintOutput,
  parseTestRunnerOutput,
  parseStackFrames,
  parseNodeTestOutput,
  parseMochaOutput,
  parseBundlerOutput,
  parsePytestOutput,
  parseGoOutput,
  parseRustOutput,
];

/**
 * Step 4 for one output: normalizes the text (ANSI, CRLF, control
 * characters, size caps), runs every format parser, then the generic
 * scanner for positions no parser claimed. Bounded in time and size for any
 * input, binary garbage included.
 */
export function extractDiagnostics(text: string): Diagnostic[] {
  const lines = normalizeOutputLines(text);
  const diagnostics = PARSERS.flatMap((parse) => parse(lines));
  const claimed = new Set(diagnostics.flatMap((diagnostic) => diagnostic.locations.map(locationKey)));
  for (const diagnostic of parseGenericOutput(lines)) {
    const key = locationKey(diagnostic.locations[0]!);
    if (claimed.has(key)) continue;
    claimed.add(key);
    diagnostics.push(diagnostic);
  }
  return diagnostics.slice(0, MAX_DIAGNOSTICS_PER_OUTPUT);
}

function locationKey(location: { path: string; line?: number; column?: number }): string {
  return `${location.path}\u0000${location.line ?? ''}\u0000${location.column ?? ''}`;
}
