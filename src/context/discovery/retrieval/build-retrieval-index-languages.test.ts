import { describe, expect, it } from 'vitest';
import { openWorkspace } from '../../../adapters/node-workspace/index.js';
import { ConfigSchema, DEFAULT_CONTEXT_GLOBS } from '../../../config/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../../test/support/temp-workspace.js';
import { createPathFilter } from '../create-path-filter.js';
import { discoverContext } from '../discover-context.js';
import { MAX_INDEX_FILE_BYTES, MAX_SOURCE_FILE_BYTES, buildRetrievalIndex } from './build-retrieval-index.js';
import { isCodePath } from './is-indexable-source.js';

// Issue 17, item 5: the goal index covers what the repository is made of, dot-directories included.
const files = {
  'src/components/CartSummary.vue':
    '<template>\n  <p class="cart-total">{{ total }}</p>\n</template>\n<script setup lang="ts">\nimport { computed } from "vue";\nconst props = defineProps<{ items: { price: number; quantity: number }[] }>();\n/** The cart total shown under the basket. */\nconst total = computed(() => props.items.reduce((sum, item) => sum + item.price, 0));\n</script>\n',
  'services/billing/invoice_totals.py': '"""Invoice totals for the billing service."""\n\n\ndef compute_invoice_total(lines, tax_rate):\n    """Sums the invoice lines and applies the tax rate."""\n    return sum(line.amount for line in lines) * tax_rate\n',
  '.github/workflows/release.yml': 'name: release\non:\n  push:\n    tags: ["v*"]\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm publish --access public\n',
  '.vitepress/config.ts': 'export default { title: "Handbook", themeConfig: { sidebar: [] } };\n',
  'src/server/routes.ts': 'export function registerRoutes() {\n  return [];\n}\n',
  'src/server/session.ts': 'export class SessionStore {\n  get(id: string) {\n    return id;\n  }\n}\n',
  'cmd/worker/main.go': 'package main\n\ntype QueueWorker struct{}\n\nfunc (w *QueueWorker) Drain() error {\n\treturn nil\n}\n',
  'crates/parser/src/lib.rs': 'pub enum TokenKind { Word }\npub fn tokenize_line(line: &str) -> Vec<TokenKind> {\n    vec![]\n}\n',
  'scripts/deploy.sh': '#!/bin/sh\nupload_assets() {\n  echo upload\n}\n',
  'styles/theme.scss': '$brand-color: #333;\n.checkout-button {\n  color: $brand-color;\n}\n',
  '.env': 'API_TOKEN=invoice-cart-release-secret\n',
  '.env.production.sh': 'export API_TOKEN=invoice-cart-release-secret\n',
  'config/secrets.yml': 'token: invoice-cart-release-secret\n',
  '.brass-agent/sessions/notes.ts': 'export const invoiceCartRelease = 1;\n',
  '.git/hooks/release.sh': 'release_invoice_cart() {\n  echo\n}\n',
  '.yarn/releases/yarn.cjs': 'module.exports = {};\n',
  '.gitignore': '.local-tool/\n',
  '.local-tool/state.ts': 'export const invoiceCartRelease = 2;\n',
};

async function open(workspace: TempWorkspace) {
  return openWorkspace({ cwd: workspace.root, env: { ...process.env, XDG_CONFIG_HOME: workspace.path('.xdg') } });
}

describe('the goal index of a polyglot repository', () => {
  it('indexes components, Python, Go, Rust, shell, styles and dot-directories by default, never VCS, tool or secret files', async () => {
    await using workspace = await createTempWorkspace({ files });
    const opened = await open(workspace);
    const index = await buildRetrievalIndex({ runtime: opened.runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: DEFAULT_CONTEXT_GLOBS });
    expect(index.documents.map((document) => document.path)).toEqual([
      '.github/workflows/release.yml',
      '.vitepress/config.ts',
      'cmd/worker/main.go',
      'crates/parser/src/lib.rs',
      'scripts/deploy.sh',
      'services/billing/invoice_totals.py',
      'src/components/CartSummary.vue',
      'src/server/routes.ts',
      'src/server/session.ts',
      'styles/theme.scss',
    ]);
    const declared = (path: string) => index.documents.find((document) => document.path === path)!.declaredNames;
    expect(declared('services/billing/invoice_totals.py')).toEqual(['compute_invoice_total']);
    expect(declared('cmd/worker/main.go')).toEqual(['QueueWorker', 'Drain']);
    expect(declared('crates/parser/src/lib.rs')).toEqual(['tokenize_line', 'TokenKind']);
    expect(declared('scripts/deploy.sh')).toEqual(['upload_assets']);
    expect(declared('src/components/CartSummary.vue')).toEqual(['props', 'total']);
    expect(declared('styles/theme.scss')).toEqual(['brand-color', 'checkout-button']);
  });

  it.each([
    ['a Vue component', 'The cart total under the basket ignores the item quantity', 'src/components/CartSummary.vue'],
    ['a Python module', 'compute_invoice_total applies the tax rate wrongly in the billing service', 'services/billing/invoice_totals.py'],
    ['a workflow file', 'The release workflow publishes on every tag push; it should publish only from a release', '.github/workflows/release.yml'],
  ])('finds the bug in %s from the goal', async (_kind, goal, expected) => {
    await using workspace = await createTempWorkspace({ files });
    const opened = await open(workspace);
    const result = await discoverContext({ runtime: opened.runtime, config: ConfigSchema.parse({}), goal, run: false });
    expect(result.files.slice(0, 2).map((file) => file.path)).toContain(expected);
    expect(result.files.map((file) => file.path).filter((path) => /(?:^|\/)\.(?:env|git\/|brass-agent\/)|secrets/.test(path))).toEqual([]);
  });

  it('says which files were too large to index and which were indexed by their head', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/app.ts': 'export const app = 1;\n' } });
    const line = 'export const value = 1; // padding for a long but ordinary source file\n';
    workspace.write('src/huge_table.py', line.repeat(Math.ceil((MAX_SOURCE_FILE_BYTES + 1) / line.length)));
    workspace.write('src/long.ts', line.repeat(Math.ceil((MAX_INDEX_FILE_BYTES + 1) / line.length)));
    const opened = await open(workspace);
    const result = await discoverContext({ runtime: opened.runtime, config: ConfigSchema.parse({}), goal: 'the app value is wrong', run: false });
    expect(result.warnings).toEqual([
      '1 file (src/huge_table.py) over 1 MiB not indexed for the goal (too large)',
      '1 file (src/long.ts) over 128 KiB indexed for the goal by their first 128 KiB only',
    ]);
  });

  it('indexes every default context glob but data and docs', () => {
    const unindexed = DEFAULT_CONTEXT_GLOBS.filter((glob) => !isCodePath(`src/file${glob.slice(1)}`));
    expect(unindexed).toEqual(['*.json', '*.md', '*.mdx']);
  });

  it('narrows to context.globs', async () => {
    await using workspace = await createTempWorkspace({ files });
    const opened = await open(workspace);
    const index = await buildRetrievalIndex({ runtime: opened.runtime, filter: createPathFilter({ excludeGlobs: [] }), globs: ['*.py', '*.yml'] });
    expect(index.documents.map((document) => document.path)).toEqual(['.github/workflows/release.yml', 'services/billing/invoice_totals.py']);
  });
});
