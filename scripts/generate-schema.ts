// Writes the files generated from the config schema (src/config/schema.ts):
// schema/brass-agent.schema.json for editors, src/config/default-config.ts (the defaults, read without the schema), and the key table of
// docs/configuration.md; and the tool table of docs/tools.md from the tool
// registry (src/agent/tools/tool-registry.ts). Run with `npm run schema` (tsx scripts/generate-schema.ts);
// `--check` only reports stale files and exits 1, for CI.
import fs from 'node:fs';
import path from 'node:path';
import { TOOL_TABLE_FILE, replaceToolTable } from '../src/agent/tools/index.js';
import { DEFAULT_CONFIG_FILE, JSON_SCHEMA_FILE, replaceConfigReference, serializeDefaultConfig, serializeJsonSchema } from '../src/config/index.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS_FILE = 'docs/configuration.md';

const isCheck = process.argv.includes('--check');
const outputs = [
  { file: JSON_SCHEMA_FILE, expected: serializeJsonSchema() },
  { file: DEFAULT_CONFIG_FILE, expected: serializeDefaultConfig() },
  { file: DOCS_FILE, expected: replaceConfigReference(fs.readFileSync(path.join(ROOT, DOCS_FILE), 'utf8')) },
  { file: TOOL_TABLE_FILE, expected: replaceToolTable(fs.readFileSync(path.join(ROOT, TOOL_TABLE_FILE), 'utf8')) },
];

let staleCount = 0;
for (const output of outputs) {
  const target = path.join(ROOT, output.file);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (current === output.expected) continue;
  if (isCheck) {
    staleCount += 1;
    process.stderr.write(`${output.file} is out of date: run npm run schema\n`);
    continue;
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, output.expected);
  process.stderr.write(`wrote ${output.file}\n`);
}
process.exitCode = staleCount > 0 ? 1 : 0;
