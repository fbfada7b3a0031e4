import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../src/adapters/node-workspace/index.js';
import { ConfigSchema } from '../src/config/index.js';
import { createRedactor } from '../src/core/index.js';
import { discoverContext, type DiscoverContextOptions } from '../src/context/discovery/discover-context.js';
import { MAX_FILE_CONTEXT_BYTES, MAX_TOTAL_CONTEXT_BYTES } from '../src/context/discovery/read-context-files.js';
import { FakeRandom, fakePemKey } from './support/fake-secrets.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 17, item 4: a file too large to read whole is shown where the answer is.

async function discoverIn(workspace: TempWorkspace, options: Omit<DiscoverContextOptions, 'runtime' | 'config'>) {
  const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  return discoverContext({ runtime: opened.runtime, config: ConfigSchema.parse({}), ...options });
}

/** `count` filler lines of about 50 bytes that match no goal here; `at` replaces lines (1-based). */
function largeSource(count: number, at: Record<number, string> = {}): string {
  const lines = Array.from({ length: count }, (_unused, index) => at[index + 1] ?? `export const filler_${index + 1} = '${'x'.repeat(28)}';`);
  return `${lines.join('\n')}\n`;
}

const bytesOf = (text: string) => new TextEncoder().encode(text).length;
const isInside = (windows: readonly { start: number; end: number }[] | undefined, line: number) => (windows ?? []).some((window) => window.start <= line && line <= window.end);

describe('discovery excerpts of a large file (issue 17, item 4)', () => {
  it('shows the window around the goal\'s function at line 3000 of a 200 KB file, not the head', async () => {
    const source = largeSource(4000, { 1: '// Licence: MIT. Header nobody needs.', 3000: 'export function computeLedgerBalance(entries: number[]): number {', 3001: '  return entries.reduce((sum, entry) => sum + entry, 1);', 3002: '}' });
    expect(bytesOf(source)).toBeGreaterThan(190 * 1024);
    await using workspace = await createTempWorkspace({ files: { 'src/ledger.ts': source } });
    const result = await discoverIn(workspace, { run: false, goal: '`computeLedgerBalance` in src/ledger.ts is off by one' });
    const file = result.files.find((candidate) => candidate.path === 'src/ledger.ts')!;
    expect(file.isPartial).toBe(true);
    expect(isInside(file.windows, 3000)).toBe(true);
    expect(file.content).toContain('export function computeLedgerBalance(entries: number[]): number {');
    expect(file.content).not.toContain('Licence: MIT');
    expect(file.content).toMatch(/^… lines \d+-\d+ of 4001 …\n/);
    expect(file.bytes).toBeLessThanOrEqual(MAX_FILE_CONTEXT_BYTES);
  });

  it('merges two nearby matches into one window, in file order', async () => {
    const source = largeSource(4000, { 2000: 'export function settleInvoice(id: string) {', 2010: '  return settleInvoice(id + "-retry");' });
    await using workspace = await createTempWorkspace({ files: { 'src/ledger.ts': source } });
    const result = await discoverIn(workspace, { run: false, goal: '`settleInvoice` in src/ledger.ts loops forever' });
    const file = result.files.find((candidate) => candidate.path === 'src/ledger.ts')!;
    const around = (file.windows ?? []).filter((window) => isInside([window], 2000) || isInside([window], 2010));
    expect(around).toHaveLength(1);
    expect(isInside(around, 2000) && isInside(around, 2010)).toBe(true);
    const starts = (file.windows ?? []).map((window) => window.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('shows the head when nothing in the file matched', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/ledger.ts': largeSource(4000) } });
    const result = await discoverIn(workspace, { run: false, goal: 'Look at src/ledger.ts' });
    const file = result.files.find((candidate) => candidate.path === 'src/ledger.ts')!;
    expect(file.windows).toEqual([{ start: 1, end: expect.any(Number) as number }]);
    expect(file.content.startsWith("… lines 1-")).toBe(true);
    expect(file.content).toContain("export const filler_1 = '");
  });

  it('puts a stack frame\'s line inside a window, within the byte budgets', async () => {
    const source = largeSource(4000, { 3500: '  throw new Error("ledger closed");' });
    await using workspace = await createTempWorkspace({ files: { 'src/ledger.ts': source, 'src/other.ts': largeSource(4000) } });
    const validationOutput = 'Error: ledger closed\n    at closeLedger (src/ledger.ts:3500:9)\n    at run (src/other.ts:1200:3)\n';
    const result = await discoverIn(workspace, { run: false, validationOutput });
    const ledger = result.files.find((candidate) => candidate.path === 'src/ledger.ts')!;
    expect(isInside(ledger.windows, 3500)).toBe(true);
    expect(ledger.content).toContain('throw new Error("ledger closed");');
    const other = result.files.find((candidate) => candidate.path === 'src/other.ts')!;
    expect(isInside(other.windows, 1200)).toBe(true);
    for (const file of result.files) expect(file.bytes).toBeLessThanOrEqual(MAX_FILE_CONTEXT_BYTES);
    expect(result.files.reduce((sum, file) => sum + file.bytes, 0)).toBeLessThanOrEqual(MAX_TOTAL_CONTEXT_BYTES);
  });

  it('shows no key body from a private key block above the window (issue 15, item 15)', async () => {
    const { pem, bodyLines } = fakePemKey(new FakeRandom(11), 'RSA PRIVATE KEY', 60_000);
    const keyLines = pem.split('\n').length;
    const content = `export const TEST_KEY = \`${pem}\`;\n${largeSource(3000, { 40: 'export function rotateSigningKey() {' })}`;
    const target = keyLines + 40;
    await using workspace = await createTempWorkspace({ files: { 'src/keys.ts': content } });
    const redactor = createRedactor();
    const result = await discoverIn(workspace, { run: false, goal: '`rotateSigningKey` in src/keys.ts', redact: (text) => redactor.redact(text).text });
    const file = result.files.find((candidate) => candidate.path === 'src/keys.ts')!;
    expect(isInside(file.windows, target)).toBe(true);
    expect(file.content).toContain('export function rotateSigningKey() {');
    expect(bodyLines.filter((line) => file.content.includes(line))).toEqual([]);
  });
});
