import { describe, expect, it } from 'vitest';
import { buildDiscoverySummary, MAX_SUMMARY_ITEMS, MAX_SUMMARY_LINE_CHARS } from './build-discovery-summary.js';
import type { DiscoveryResult } from './discovery-result.js';
import { toDiscoverJson } from './discovery-result.js';
import { formatDiscoveryReport } from './format-discovery-report.js';
import type { CommandRecord } from './run-validation-commands.js';

const command = (overrides: Partial<CommandRecord>): CommandRecord => ({
  name: 'typecheck',
  kind: 'typecheck',
  command: 'npm run typecheck',
  argv: ['npm', 'run', 'typecheck'],
  cwd: '.',
  source: 'package.json',
  ran: true,
  exitCode: 2,
  durationMs: 812.4,
  timedOut: false,
  output: '> typecheck\nsrc/user.ts(14,86): error TS2339: the suite failed here',
  ...overrides,
});

const result: DiscoveryResult = {
  isEnabled: true,
  packageManager: 'npm',
  commands: [command({}), command({ name: 'test', kind: 'test', command: 'npm test', ran: false, exitCode: null, durationMs: null, problem: 'shell.run is denied (rule Shell(npm test))' })],
  signals: { paths: [{ path: 'src/user.ts', line: 14, column: 86 }], identifiers: ['AuthClient', 'getToken'] },
  searches: [{ query: 'getToken', matches: 7, truncated: true }],
  files: [
    { path: 'src/auth.ts', reason: 'search', score: 0.76, bytes: 2048, content: 'x', totalBytes: 2048, isPartial: false, why: ['defines AuthClient, the type named in "..."', 'AuthClient is imported by src/user.ts'] },
    { path: 'src/user.ts', reason: 'direct', score: 0.55, bytes: 900, content: 'y', totalBytes: 90_000, isPartial: true, why: ['typecheck reports "TS2339: ..." at src/user.ts:14'] },
  ],
  summary: 'Project commands (npm): …',
  warnings: ['test (npm test): shell.run is denied (rule Shell(npm test))'],
};

describe('formatDiscoveryReport', () => {
  it('shows the commands, signals, searches and why each file was chosen', () => {
    const text = formatDiscoveryReport(result);
    expect(text).toContain('  ✗ typecheck  npm run typecheck  exit 2  812 ms');
    expect(text).toContain('  - test       npm test           not run: shell.run is denied (rule Shell(npm test))');
    expect(text).toContain('  paths        src/user.ts:14:86');
    expect(text).toContain('  getToken  7 matches (more not shown)');
    expect(text).toContain('  1. src/auth.ts  score 0.76 · 2.0 KiB · found by tracing names\n     - defines AuthClient, the type named in "..."\n     - AuthClient is imported by src/user.ts');
    expect(text).toContain('  2. src/user.ts  score 0.55 · 900 B of 87.9 KiB, excerpts · named by a failure');
    expect(text).toContain('  ! test (npm test): shell.run is denied');
    // A failed command's last lines (issue 18, item 4); redaction is the CLI's, over the whole report.
    expect(text).toContain('  ✗ typecheck  npm run typecheck  exit 2  812 ms\n      │ > typecheck\n      │ src/user.ts(14,86): error TS2339: the suite failed here\n');
  });

  it('says so when discovery is disabled', () => {
    expect(formatDiscoveryReport({ ...result, isEnabled: false, summary: 'Context discovery: disabled (context.enabled is false)' })).toBe('Context discovery: disabled (context.enabled is false)\n');
  });
});

describe('buildDiscoverySummary', () => {
  it('writes the four summary lines', () => {
    const summary = buildDiscoverySummary({ packageManager: 'npm', commands: result.commands, searches: result.searches, paths: result.signals.paths, identifiers: result.signals.identifiers, files: result.files });
    expect(summary.split('\n')).toEqual([
      'Project commands (npm): typecheck: npm run typecheck (exit 2); test: npm test (not run: shell.run is denied (rule Shell(npm test)))',
      'Context discovery: searched queries: getToken (7+ matches); identifiers: AuthClient, getToken',
      'Discovered paths: src/user.ts:14:86',
      'Read context files: src/auth.ts (defines AuthClient, the type named in "..."); src/user.ts (typecheck reports "TS2339: ..." at src/user.ts:14; excerpts)',
    ]);
  });

  it('cannot be flooded by many paths or a long identifier list', () => {
    const paths = Array.from({ length: 500 }, (_unused, index) => ({ path: `src/very/long/path/number-${index}.ts`, line: index + 1 }));
    const summary = buildDiscoverySummary({ packageManager: null, commands: [], searches: [], paths, identifiers: paths.map((_path, index) => `identifier${index}`), files: [] });
    const lines = summary.split('\n');
    expect(lines[2]).toMatch(new RegExp(`and ${500 - MAX_SUMMARY_ITEMS} more$`));
    expect(lines.every((line) => line.length <= MAX_SUMMARY_LINE_CHARS)).toBe(true);
  });
});

describe('toDiscoverJson', () => {
  it('keeps exactly the keys of the CLI contract', () => {
    const document = toDiscoverJson(result);
    expect(Object.keys(document)).toEqual(['version', 'packageManager', 'commands', 'signals', 'searches', 'files', 'summary']);
    expect(document.commands[0]).toEqual({ name: 'typecheck', command: 'npm run typecheck', ran: true, exitCode: 2, durationMs: 812, outputTail: ['> typecheck', 'src/user.ts(14,86): error TS2339: the suite failed here'] });
    expect(document.files[1]).toEqual({ path: 'src/user.ts', reason: 'direct', score: 0.55, bytes: 900 });
    expect(document.searches[0]).toEqual({ query: 'getToken', matches: 7, truncated: true });
  });
});
