import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { ConfigSchema } from '../../config/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { discoverContext, type DiscoverContextOptions } from './discover-context.js';
import { toDiscoverJson } from './discovery-result.js';
import { formatDiscoveryReport } from './format-discovery-report.js';

async function discoverIn(workspace: TempWorkspace, options: Omit<DiscoverContextOptions, 'runtime' | 'config'>) {
  const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  return discoverContext({ runtime: opened.runtime, config: ConfigSchema.parse({}), ...options });
}

const files = {
  'src/auth.ts': 'export class AuthClient {\n  getAccessToken(): string {\n    return "t";\n  }\n}\n',
  'src/user.ts': "import type { AuthClient } from './auth.js';\nexport const token = (auth: AuthClient) => auth.getToken();\n",
  'src/billing/invoice-total.ts': '/** Sums the invoice lines, rounding each to cents before adding the tax. */\nexport function invoiceTotal(lines: number[], taxRate: number): number {\n  return lines.reduce((sum, line) => sum + Math.round(line * 100) / 100, 0) * (1 + taxRate);\n}\n',
  'src/billing/currency.ts': 'export function formatCurrency(amount: number): string {\n  return amount.toFixed(2);\n}\n',
};
const authError = "src/user.ts(2,49): error TS2339: Property 'getToken' does not exist on type 'AuthClient'.";

describe('discoverContext with a goal in prose', () => {
  it('finds the file through the goal ranking when no failure output exists', async () => {
    await using workspace = await createTempWorkspace({ files });
    const result = await discoverIn(workspace, { run: false, goal: 'The total of an invoice is off by a cent when the tax is added to rounded lines' });
    expect(result.files[0]).toMatchObject({ path: 'src/billing/invoice-total.ts', reason: 'goal' });
    expect(result.files[0]!.why[0]).toMatch(/^matches the goal: .*\binvoice\b.* in the path/);
    expect(toDiscoverJson(result).files[0]!.reason).toBe('goal');
    expect(formatDiscoveryReport(result)).toContain('matched the goal');
  });

  it('keeps the failure-driven files first when they and the goal agree, and adds the goal-only file', async () => {
    await using workspace = await createTempWorkspace({ files });
    const result = await discoverIn(workspace, { run: false, validationOutput: authError, goal: 'getToken is missing on AuthClient; also the invoice total rounding looks off' });
    const paths = result.files.map((file) => file.path);
    expect(paths.slice(0, 2).sort()).toEqual(['src/auth.ts', 'src/user.ts']);
    expect(result.files.find((file) => file.path === 'src/billing/invoice-total.ts')?.reason).toBe('goal');
  });

  it('promotes a file the failing file imports when the goal points at it too', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        ...files,
        'src/checkout.ts': "import { invoiceTotal } from './billing/invoice-total.js';\nimport { formatCurrency } from './billing/currency.js';\nexport const receipt = (lines: number[]) => formatCurrency(invoiceTotal(lines, 0.19));\n",
        'src/billing/rounding-notes.ts': '// Rounding of invoice lines: cents, tax, totals.\nexport const ROUNDING = "half-up";\n',
      },
    });
    const validationOutput = 'AssertionError: expected 11.9 to be 11.91\n    at Object.<anonymous> (src/checkout.ts:3:1)\n';
    const goal = 'The total of an invoice is off by a cent when the tax is added to rounded lines';
    const expanded = await discoverIn(workspace, { run: false, validationOutput, goal });
    const plain = await discoverIn(workspace, { run: false, validationOutput, goal, useImportExpansion: false });
    const promoted = expanded.files.find((file) => file.path === 'src/billing/invoice-total.ts')!;
    expect(promoted.why).toContain('imported by src/checkout.ts, where the failure is, and the goal points at it too');
    // Both the failure (through the import) and the goal point at it: it rises above the failing file itself.
    expect(expanded.files.slice(0, 2).map((file) => file.path)).toEqual(['src/billing/invoice-total.ts', 'src/checkout.ts']);
    expect(plain.files.slice(0, 2).map((file) => file.path)).toEqual(['src/checkout.ts', 'src/billing/invoice-total.ts']);
    expect(plain.files.flatMap((file) => file.why).join('\n')).not.toContain('imported by src/checkout.ts');
  });

  it('explains a goal match that other goal matches import, naming them (issue 17, item 2)', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        'src/billing/invoice-total.ts': "import { roundCents } from './round-cents.js';\n/** The invoice total: lines rounded to cents, tax added. */\nexport const invoiceTotal = (lines: number[], tax: number) => lines.map(roundCents).reduce((a, b) => a + b, 0) * (1 + tax);\n",
        'src/billing/invoice-lines.ts': "import { roundCents } from './round-cents.js';\n/** Invoice lines, each rounded to cents before the tax. */\nexport const invoiceLines = (lines: number[]) => lines.map(roundCents);\n",
        'src/billing/round-cents.ts': '/** Rounds an invoice line to cents, before the tax is added to the total. */\nexport const roundCents = (amount: number) => Math.round(amount * 100) / 100;\n',
      },
    });
    const result = await discoverIn(workspace, { run: false, goal: 'The invoice total is off by a cent when the tax is added to rounded invoice lines' });
    const rounding = result.files.find((file) => file.path === 'src/billing/round-cents.ts')!;
    expect(rounding.why).toContain('imported by src/billing/invoice-total.ts and src/billing/invoice-lines.ts, which match the goal');
    expect(formatDiscoveryReport(result)).toContain('which match the goal');
  });

  // Issue 17, item 3: goal evidence alone never pushes the file a failure names out of the files read.
  it('reads the file a failure names although the goal matches three other files strongly, and prints scores best first', async () => {
    const invoiceFile = (name: string) => `/** Invoice ${name}: rounds the invoice lines to cents, then adds the tax to the invoice total. */\nexport function invoice${name}Total(lines: number[], taxRate: number): number {\n  return lines.reduce((sum, line) => sum + Math.round(line * 100) / 100, 0) * (1 + taxRate);\n}\n`;
    await using workspace = await createTempWorkspace({
      files: { 'src/a.ts': 'export const answer: number = 42;\n', 'src/x.ts': 'export const x: number = 1;\nexport const y: number = 2;\n', 'src/y.ts': 'export const x: number = 1;\nexport const y: number = 2;\n', 'src/invoice-lines.ts': invoiceFile('Lines'), 'src/invoice-tax.ts': invoiceFile('Tax'), 'src/invoice-cents.ts': invoiceFile('Cents') },
    });
    // Two errors each in x.ts and y.ts rank them above a.ts: interleaving with the goal ranking used to leave a.ts fifth, unread.
    const validationOutput = ['src/x.ts(1,14)', 'src/x.ts(2,14)', 'src/y.ts(1,14)', 'src/y.ts(2,14)', 'src/a.ts(1,14)'].map((at) => `${at}: error TS2322: Type 'string' is not assignable to type 'number'.`).join('\n');
    const goal = 'The invoice total is off by a cent when the tax is added to rounded invoice lines';
    const result = await discoverIn(workspace, { run: false, validationOutput, goal });
    expect(result.files.map((file) => file.path)).toEqual(['src/x.ts', 'src/y.ts', 'src/a.ts', expect.stringMatching(/^src\/invoice-/)]);
    const jsonScores = toDiscoverJson(result).files.map((file) => file.score);
    expect(jsonScores).toEqual([...jsonScores].sort((left, right) => right - left));
    const printedScores = [...formatDiscoveryReport(result).matchAll(/score (\d\.\d\d)/g)].map((found) => Number(found[1]));
    expect(printedScores).toEqual(jsonScores);
  });

  it('orders a goal-only result by the goal ranking and prints its scores best first', async () => {
    await using workspace = await createTempWorkspace({ files });
    const result = await discoverIn(workspace, { run: false, goal: 'The total of an invoice is off by a cent when the tax is added to rounded lines; currency formatting too' });
    const scores = toDiscoverJson(result).files.map((file) => file.score);
    expect(result.files.length).toBeGreaterThan(1);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  it('leaves the failure-driven result as it was without a goal', async () => {
    await using workspace = await createTempWorkspace({ files });
    const withRanking = await discoverIn(workspace, { run: false, validationOutput: authError });
    const without = await discoverIn(workspace, { run: false, validationOutput: authError, useGoalRanking: false });
    expect(toDiscoverJson(withRanking)).toEqual(toDiscoverJson(without));
  });

  it.each([
    ['no usable terms', 'the and of it is'],
    ['another script', 'ошибка при обновлении'],
  ])('finishes with no files for a goal with %s', async (_name, goal) => {
    await using workspace = await createTempWorkspace({ files });
    const result = await discoverIn(workspace, { run: false, goal });
    expect(result.files).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('reads a 100 KB goal in bounded time', async () => {
    await using workspace = await createTempWorkspace({ files });
    const goal = 'The invoice total is rounded wrong when tax is added. '.repeat(2000);
    expect(goal.length).toBeGreaterThan(100_000);
    const result = await discoverIn(workspace, { run: false, goal });
    expect(result.files[0]!.path).toBe('src/billing/invoice-total.ts');
  }, 20_000);
});

// Issue 17: goals written with code syntax, and explanations in the goal's own words.
describe('discoverContext with a goal written as code', () => {
  const codeFiles = {
    'src/config/parse-config.ts': "import { readSource } from './read-source.js';\n/** Reads the settings. */\nexport function parseConfig(source: string, options: { strict: boolean }): Record<string, string> {\n  if (source.length === 0 && options.strict) throw new Error('Config file is empty');\n  return Object.fromEntries(readSource(source));\n}\n",
    'src/config/read-source.ts': "export function readSource(source: string): [string, string][] {\n  return source.split('\\n').map((line) => line.split('=') as [string, string]);\n}\n",
    'src/store/cache.ts': 'export class Cache<V> {\n  private readonly entries = new Map<string, V>();\n  get(key: string): V | undefined {\n    return this.entries.get(key);\n  }\n  set(key: string, value: V): void {\n    this.entries.set(key, value);\n  }\n}\n',
    'src/store/session.ts': "import { Cache } from './cache.js';\nexport const cache = new Cache<string>();\nexport const remember = (key: string, value: string) => cache.set(key, value);\n",
    'src/settings/theme.ts': "export const palette = { dark: '#000', light: '#fff' };\n",
    'src/ui/render.ts': "export function render(): string {\n  throw new Error('Cannot render without a palette');\n}\n",
  };

  it('reads parseConfig from a call and finds the file defining it, explaining with the real name', async () => {
    await using workspace = await createTempWorkspace({ files: codeFiles });
    const result = await discoverIn(workspace, { run: false, goal: 'parseConfig(src, { strict: true }) throws on an empty file' });
    expect(result.signals.identifiers).toContain('parseConfig');
    expect(result.searches.map((search) => search.query)).toContain('parseConfig');
    expect(result.files[0]!.path).toBe('src/config/parse-config.ts');
    const why = result.files[0]!.why.join('\n');
    expect(why).toContain('parseConfig');
    expect(why).not.toMatch(/\bpars\b/);
  });

  it("reads cache.get('k') and finds the cache's get", async () => {
    await using workspace = await createTempWorkspace({ files: codeFiles });
    const result = await discoverIn(workspace, { run: false, goal: "cache.get('k') returns undefined after set" });
    expect(result.signals.identifiers).toEqual(expect.arrayContaining(['cache', 'get']));
    expect(result.searches.map((search) => search.query)).toContain('cache.get');
    expect(result.files[0]!.path).toBe('src/store/cache.ts');
  });

  it('searches a quoted error message as written', async () => {
    await using workspace = await createTempWorkspace({ files: codeFiles });
    const validationOutput = 'Error: Cannot render without a palette\n    at remember (src/store/session.ts:3:1)\n';
    const result = await discoverIn(workspace, { run: false, validationOutput, goal: 'the page throws "Cannot render without a palette" on start' });
    const search = result.searches.find((item) => item.query === 'Cannot render without a palette');
    expect(search).toMatchObject({ matches: 1 });
    const render = result.files.find((file) => file.path === 'src/ui/render.ts');
    expect(render?.why.join('\n')).toContain('contains "Cannot render without a palette" from the goal');
  });

  it('reads the file holding a message the goal quotes, without any failure output', async () => {
    await using workspace = await createTempWorkspace({ files: codeFiles });
    const result = await discoverIn(workspace, { run: false, goal: 'after an update the app shows "Cannot render without a palette" and nothing else' });
    const render = result.files.find((file) => file.path === 'src/ui/render.ts');
    expect(render?.why.join('\n')).toContain('contains "Cannot render without a palette" from the goal');
    const scores = result.files.map((file) => file.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  it('follows a file the goal names by its bare name', async () => {
    await using workspace = await createTempWorkspace({ files: codeFiles });
    const result = await discoverIn(workspace, { run: false, goal: 'the dark colours in theme.ts are inverted' });
    expect(result.files[0]!.path).toBe('src/settings/theme.ts');
    expect(result.files[0]!.why.join('\n')).toContain('its file name theme is in the goal');
  });
});

describe('discoverContext with goals that are hard to read', () => {
  it('says so when the goal names a file outside the workspace, and reads nothing of it', async () => {
    await using workspace = await createTempWorkspace({ files });
    const result = await discoverIn(workspace, { run: false, goal: 'compare /home/me/.ssh/id_rsa.pub and ../../secrets/key.pem with src/billing/invoice-total.ts' });
    expect(result.warnings).toEqual(expect.arrayContaining(['the goal names /home/me/.ssh/id_rsa.pub, outside the workspace: not read', 'the goal names ../../secrets/key.pem, outside the workspace: not read']));
    expect(result.files.some((file) => file.path.includes('id_rsa') || file.path.includes('key.pem'))).toBe(false);
    expect(result.files[0]?.path).toBe('src/billing/invoice-total.ts');
  });

  it('ranks from a goal of only code, and from a goal in another language without failing', async () => {
    await using workspace = await createTempWorkspace({ files });
    const code = await discoverIn(workspace, { run: false, goal: 'invoiceTotal([0.005, 0.005], 0.2) // 0.01, expected 0.012' });
    expect(code.files[0]?.path).toBe('src/billing/invoice-total.ts');
    const german = await discoverIn(workspace, { run: false, goal: 'Die Rechnungssumme ist falsch, wenn invoiceTotal die Steuer addiert' });
    expect(german.files[0]?.path).toBe('src/billing/invoice-total.ts');
    const japanese = await discoverIn(workspace, { run: false, goal: '請求書の合計が一セントずれる' });
    expect(japanese.warnings).toEqual([]);
  });
});
