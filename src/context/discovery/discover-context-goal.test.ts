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
    expect(result.files[0]!.why[0]).toMatch(/^matches the goal: .*invoic.* in the path/);
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
