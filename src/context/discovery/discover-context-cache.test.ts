import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createJsonIndexCache } from '../../adapters/index-cache/index.js';
import { openWorkspace } from '../../adapters/node-workspace/index.js';
import { ConfigSchema } from '../../config/index.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { discoverContext } from './discover-context.js';
import { RETRIEVAL_INDEX_FORMAT_VERSION, decodeSegment } from './retrieval/index-segment.js';
import { retrievalCacheKeyOf } from './retrieval/retrieval-index-cache.js';

const files = {
  'src/billing/invoice-total.ts': '/** Sums the invoice lines, rounding each to cents before adding the tax. */\nexport function invoiceTotal(lines: number[], taxRate: number): number {\n  return lines.reduce((sum, line) => sum + Math.round(line * 100) / 100, 0) * (1 + taxRate);\n}\n',
  'src/billing/currency.ts': 'export function formatCurrency(amount: number): string {\n  return amount.toFixed(2);\n}\n',
  'src/auth/session.ts': 'export class SessionStore {\n  expire(token: string) {\n    return token;\n  }\n}\n',
};
/** A copy of a cache entry that says it is of format `version` (the third word of its prefix). */
function withVersion(entry: Buffer, version: number): Buffer {
  const copy = Buffer.from(entry);
  // The entry is in the machine's byte order.
  if (os.endianness() === 'LE') copy.writeUInt32LE(version, 8);
  else copy.writeUInt32BE(version, 8);
  return copy;
}

const GOAL = 'The total of an invoice is off by a cent when the tax is added to rounded lines';

async function setUp() {
  const workspace = await createTempWorkspace({ files });
  const cacheHome = await createTempWorkspace();
  const opened = await openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
  const retrievalCache = createJsonIndexCache({ directory: cacheHome.path('retrieval-index') });
  const discover = () => discoverContext({ runtime: opened.runtime, config: ConfigSchema.parse({}), goal: GOAL, run: false, retrievalCache });
  const entryFile = cacheHome.path(`retrieval-index/${retrievalCacheKeyOf(workspace.root)}.bin`);
  return {
    discover,
    entryFile,
    async [Symbol.asyncDispose]() {
      await workspace.dispose();
      await cacheHome.dispose();
    },
  };
}

describe('discoverContext with a retrieval index cache', () => {
  it('finds the same files with the cache as without, and stores the index outside the workspace', async () => {
    await using setup = await setUp();
    const first = await setup.discover();
    const second = await setup.discover();
    expect(first.files[0]).toMatchObject({ path: 'src/billing/invoice-total.ts', reason: 'goal' });
    expect(second.files.map((file) => [file.path, file.score, file.why])).toEqual(first.files.map((file) => [file.path, file.score, file.why]));
    expect(second.warnings).toEqual([]);
    expect(fs.existsSync(setup.entryFile)).toBe(true);
  });

  it.each([
    ['cut short', (entry: Buffer) => entry.subarray(0, 100), /^the retrieval index cache entry is corrupt; the index is rebuilt$/],
    ['from an older version', (entry: Buffer) => withVersion(entry, RETRIEVAL_INDEX_FORMAT_VERSION - 1), /^the retrieval index cache is from another version of brass-agent; the index is rebuilt$/],
  ])('rebuilds a cache entry that is %s and says so in the warnings', async (_name, damage, warning) => {
    await using setup = await setUp();
    await setup.discover();
    fs.writeFileSync(setup.entryFile, damage(fs.readFileSync(setup.entryFile)));
    const result = await setup.discover();
    expect(result.warnings).toEqual([expect.stringMatching(warning)]);
    expect(result.files[0]!.path).toBe('src/billing/invoice-total.ts');
    expect('segment' in decodeSegment(fs.readFileSync(setup.entryFile))).toBe(true);
    expect((await setup.discover()).warnings).toEqual([]);
  });

  it('lets two discoveries build the same cache at once: both succeed and the entry is whole', async () => {
    await using setup = await setUp();
    const [left, right] = await Promise.all([setup.discover(), setup.discover()]);
    expect(left.files.map((file) => file.path)).toEqual(right.files.map((file) => file.path));
    expect(left.files[0]!.path).toBe('src/billing/invoice-total.ts');
    expect([...left.warnings, ...right.warnings]).toEqual([]);
    const decoded = decodeSegment(fs.readFileSync(setup.entryFile));
    expect('segment' in decoded && [...decoded.segment.files.keys()].sort()).toEqual(Object.keys(files).sort());
    const after = await setup.discover();
    expect(after.warnings).toEqual([]);
    expect(after.files.map((file) => file.path)).toEqual(left.files.map((file) => file.path));
  });
});
