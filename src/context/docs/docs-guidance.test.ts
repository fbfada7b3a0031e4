import { describe, expect, it } from 'vitest';
import { GUIDANCE_BEGIN_MARKER, GUIDANCE_END_MARKER, renderDocsGuidance, upsertDocsGuidance } from './docs-guidance.js';

const REGIONS = [
  { target: 'config', title: 'Config Reference' },
  { target: 'guide', title: 'Getting Started' },
];
const BLOCK = renderDocsGuidance(REGIONS);

describe('renderDocsGuidance', () => {
  it('lists each region target and title between the markers, and nothing about pages', () => {
    expect(BLOCK.startsWith(`${GUIDANCE_BEGIN_MARKER}\n`)).toBe(true);
    expect(BLOCK.endsWith(GUIDANCE_END_MARKER)).toBe(true);
    expect(BLOCK).toContain('- `config`: Config Reference\n- `guide`: Getting Started\n');
    expect(BLOCK).not.toMatch(/\d+ pages?/);
  });

  it('cannot be broken by a hostile title', () => {
    const block = renderDocsGuidance([{ target: 'x`y', title: `Evil ${GUIDANCE_END_MARKER}\nnext line` }]);
    expect(block.split(GUIDANCE_END_MARKER)).toHaveLength(2);
    expect(block).toContain("- `x'y`: Evil END brass-agent docs map next line\n");
  });
});

describe('upsertDocsGuidance', () => {
  it('creates the file with the block when there is none', () => {
    expect(upsertDocsGuidance(null, BLOCK, 'AGENTS.md')).toBe(`${BLOCK}\n`);
    expect(upsertDocsGuidance('', BLOCK, 'AGENTS.md')).toBe(`${BLOCK}\n`);
  });

  it.each([
    ['no trailing newline', '# Rules\nBe kind.', '# Rules\nBe kind.\n\n'],
    ['one trailing newline', '# Rules\n', '# Rules\n\n'],
    ['a blank line already', '# Rules\n\n', '# Rules\n\n'],
  ])('appends after %s, keeping every existing byte', (_name, existing, prefix) => {
    const updated = upsertDocsGuidance(existing, BLOCK, 'AGENTS.md');
    expect(updated).toBe(`${prefix}${BLOCK}\n`);
    expect(updated.startsWith(existing)).toBe(true);
  });

  it('replaces only the block, byte for byte around it, and is idempotent', () => {
    const before = '\uFEFF# Rules  \n\ttabs\n\n';
    const after = '\n## After\ntrailing text without newline';
    const old = renderDocsGuidance([{ target: 'old', title: 'Old' }]);
    const updated = upsertDocsGuidance(`${before}${old}${after}`, BLOCK, 'AGENTS.md');
    expect(updated).toBe(`${before}${BLOCK}${after}`);
    expect(upsertDocsGuidance(updated, BLOCK, 'AGENTS.md')).toBe(updated);
  });

  it('writes the block with CRLF in a CRLF file', () => {
    const updated = upsertDocsGuidance('# Rules\r\n', BLOCK, 'AGENTS.md');
    expect(updated).toBe(`# Rules\r\n\r\n${BLOCK.replaceAll('\n', '\r\n')}\r\n`);
    expect(upsertDocsGuidance(updated, BLOCK, 'AGENTS.md')).toBe(updated);
  });

  it.each([
    ['a start without an end', `${GUIDANCE_BEGIN_MARKER}\nx\n`],
    ['an end without a start', `x\n${GUIDANCE_END_MARKER}\n`],
    ['markers out of order', `${GUIDANCE_END_MARKER}\n${GUIDANCE_BEGIN_MARKER}\n`],
    ['two blocks', `${BLOCK}\n${BLOCK}\n`],
  ])('refuses to guess with %s', (_name, existing) => {
    expect(() => upsertDocsGuidance(existing, BLOCK, 'AGENTS.md')).toThrow(/AGENTS\.md: has broken brass-agent docs map markers/);
  });
});
