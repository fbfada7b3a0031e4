import { describe, expect, it } from 'vitest';
import { TOOL_REGISTRY } from '../../agent/tools/index.js';
import { toolKindOf } from './tool-call-kind.js';

describe('toolKindOf', () => {
  it('derives every tool kind from the registry entry: effect class, and a read tool taking a query searches', () => {
    for (const entry of TOOL_REGISTRY) {
      const takesQuery = entry.definition !== null && 'query' in entry.definition.schema.shape;
      const expected = { read: takesQuery ? 'search' : 'read', write: 'edit', exec: 'execute', delegate: 'think' }[entry.effect];
      expect(toolKindOf(entry.name), entry.name).toBe(expected);
    }
  });

  it('names the kinds of the tools an editor sees most', () => {
    expect(['read_file', 'search_text', 'edit_file', 'write_file', 'shell'].map((tool) => toolKindOf(tool))).toEqual(['read', 'search', 'edit', 'edit', 'execute']);
  });

  it('is other for a tool the registry does not know', () => {
    expect(toolKindOf('no_such_tool')).toBe('other');
  });
});
