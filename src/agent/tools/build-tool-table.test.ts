import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_TABLE_FILE, buildToolTable, replaceToolTable } from './build-tool-table.js';
import { TOOL_REGISTRY } from './tool-registry.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('docs/tools.md', () => {
  it('has the tool table generated from the registry (run `npm run schema` after changing the registry)', () => {
    const docs = fs.readFileSync(path.join(ROOT, TOOL_TABLE_FILE), 'utf8');
    expect(docs).toBe(replaceToolTable(docs));
  });

  it('has one row per registry tool, with its effect class and whether MCP serves it', () => {
    const rows = buildToolTable().split('\n').slice(2);
    expect(rows).toHaveLength(TOOL_REGISTRY.length);
    TOOL_REGISTRY.forEach((entry, index) => {
      const cells = rows[index]!.split(' | ');
      expect(cells[0]).toBe(`| \`${entry.name}\``);
      expect(cells[1]).toBe(entry.effect);
      expect(cells[4]!.startsWith(entry.mcp === null ? 'no' : 'yes')).toBe(true);
    });
  });

  it('names the MCP read_file aliases as deprecated', () => {
    expect(buildToolTable()).toMatch(/\| `read_file` \|.*yes \(also `startLine\?`, `endLine\?`: deprecated\) \| `path`, `offset\?`, `limit\?` \|/);
  });
});
