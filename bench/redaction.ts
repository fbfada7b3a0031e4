// Measures the redactor (src/core/redaction): recall on a generated corpus of
// realistic FAKE secrets (test/support/fake-secrets.ts: every detector, in
// code, config and logs), false positives on real code that holds none (the
// files of this repository's node_modules), and throughput in MB/s, with the
// ratio to one baseline pass over the same text (counting lines with indexOf).
//
//   npx tsx bench/redaction.ts [--seed N] [--max-files N] [--show]
//
// --show prints where each false positive is (file:line and kind), to tune the detectors.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRedactor } from '../src/core/index.js';
import { FakeRandom, buildFakeSecretCorpus, fakeSecret } from '../test/support/fake-secrets.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const FALSE_POSITIVE_ROOT = path.join(ROOT, 'node_modules');
/** Files larger than this are skipped (bundled, minified or data files are not what the agent reads). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Bytes sniffed for a NUL to tell binary files apart, as git does. */
const BINARY_SNIFF_BYTES = 8000;
/** Size of the single-line worst case. */
const LONG_LINE_BYTES = 50 * 1024 * 1024;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

const seed = option('--seed', 20_240_514);
const maxFiles = option('--max-files', 50_000);
const isShowing = process.argv.includes('--show');

/** Throughput in MB/s (1 MB = 10^6 bytes). */
const megabytesPerSecond = (bytes: number, milliseconds: number) => bytes / 1e6 / (milliseconds / 1000);

function baselinePass(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}

// 1. Recall on fake secrets.
const { samples, env } = buildFakeSecretCorpus(seed);
const corpusRedactor = createRedactor({ env });
const recallByDetector = new Map<string, { found: number; total: number; rightKind: number }>();
const misses: string[] = [];
for (const sample of samples) {
  const result = corpusRedactor.redact(sample.text);
  const isFound = sample.secret.mustVanish.every((piece) => !result.text.includes(piece));
  const entry = recallByDetector.get(sample.secret.detector) ?? { found: 0, total: 0, rightKind: 0 };
  entry.total += 1;
  if (isFound) entry.found += 1;
  if (isFound && result.findings.some((finding) => finding.kind === sample.secret.kind)) entry.rightKind += 1;
  recallByDetector.set(sample.secret.detector, entry);
  if (!isFound) misses.push(`${sample.secret.detector} in ${sample.setting}`);
}
const found = [...recallByDetector.values()].reduce((sum, entry) => sum + entry.found, 0);
const rightKind = [...recallByDetector.values()].reduce((sum, entry) => sum + entry.rightKind, 0);

// 2. False positives on real code.
function listFiles(directory: string, files: string[]): void {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (files.length >= maxFiles) return;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) listFiles(full, files);
    else if (entry.isFile()) files.push(full);
  }
}
const files: string[] = [];
listFiles(FALSE_POSITIVE_ROOT, files);
const fileRedactor = createRedactor({ env: {} });
let scannedFiles = 0;
let scannedBytes = 0;
let redactMs = 0;
let baselineMs = 0;
let filesWithFindings = 0;
const findingsByKind = new Map<string, number>();
const shown: string[] = [];
for (const file of files) {
  const bytes = fs.readFileSync(file);
  if (bytes.length > MAX_FILE_BYTES || bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) continue;
  const text = bytes.toString('utf8');
  scannedFiles += 1;
  scannedBytes += bytes.length;
  let started = performance.now();
  baselinePass(text);
  baselineMs += performance.now() - started;
  started = performance.now();
  const result = fileRedactor.redact(text);
  redactMs += performance.now() - started;
  if (result.findings.length === 0) continue;
  filesWithFindings += 1;
  for (const finding of result.findings) {
    findingsByKind.set(finding.kind, (findingsByKind.get(finding.kind) ?? 0) + 1);
    if (isShowing) shown.push(`${path.relative(ROOT, file)}:${finding.line} ${finding.kind} ${JSON.stringify(text.slice(Math.max(0, finding.start - 40), finding.end + 10))}`);
  }
}

// 3. The single-line worst case: 50 MB of one line of code-like text with secrets at both ends.
const random = new FakeRandom(seed);
const head = fakeSecret(random, 'github-classic');
const tail = fakeSecret(random, 'stripe-key');
const filler = 'const apiKeyName = items.map((key) => key.token ?? DEFAULT_PASSWORD_LENGTH); ';
const longLine = `${head.value} ${filler.repeat(Math.ceil(LONG_LINE_BYTES / filler.length))}${tail.value}`;
let started = performance.now();
baselinePass(longLine);
const longBaselineMs = performance.now() - started;
started = performance.now();
const longResult = fileRedactor.redact(longLine);
const longMs = performance.now() - started;
const isLongLineRight = !longResult.text.includes(head.value) && !longResult.text.includes(tail.value);

const percent = (part: number, total: number) => `${((100 * part) / total).toFixed(1)}%`;
const lines = [
  `recall: ${found}/${samples.length} fake secrets redacted (${percent(found, samples.length)}), ${rightKind} with the expected kind (${percent(rightKind, samples.length)}), seed ${seed}`,
  ...[...recallByDetector].map(([detector, entry]) => `  ${detector.padEnd(22)} ${entry.found}/${entry.total}`),
  ...misses.map((miss) => `  missed: ${miss}`),
  `false positives: ${filesWithFindings} of ${scannedFiles} files of node_modules with any redaction = ${((1000 * filesWithFindings) / scannedFiles).toFixed(1)} per 1,000 files`,
  ...[...findingsByKind].sort((left, right) => right[1] - left[1]).map(([kind, count]) => `  ${kind.padEnd(22)} ${count} findings`),
  `throughput on node_modules: ${megabytesPerSecond(scannedBytes, redactMs).toFixed(1)} MB/s over ${(scannedBytes / 1e6).toFixed(1)} MB (baseline line count ${megabytesPerSecond(scannedBytes, baselineMs).toFixed(0)} MB/s, ratio ${(redactMs / baselineMs).toFixed(1)}x)`,
  `throughput on one ${LONG_LINE_BYTES / 1024 / 1024} MiB line: ${megabytesPerSecond(longLine.length, longMs).toFixed(1)} MB/s (${longMs.toFixed(0)} ms, baseline ratio ${(longMs / longBaselineMs).toFixed(1)}x), secrets at both ends redacted: ${isLongLineRight ? 'yes' : 'NO'}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (isShowing) process.stdout.write(`${shown.join('\n')}\n`);
