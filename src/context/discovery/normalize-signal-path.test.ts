import { describe, expect, it } from 'vitest';
import { normalizeSignalPath } from './normalize-signal-path.js';

describe('normalizeSignalPath', () => {
  it.each([
    { raw: 'src/a.ts', expected: 'src/a.ts' },
    { raw: './src/a.ts', expected: 'src/a.ts' },
    { raw: '/repo/src/a.ts', expected: 'src/a.ts' },
    { raw: 'file:///repo/src/my%20dir/%C3%BC.ts', expected: 'src/my dir/ü.ts' },
    { raw: 'src\\win\\a.ts', expected: 'src/win/a.ts' },
    { raw: 'webpack:///./src/a.ts', expected: 'src/a.ts' },
    { raw: 'src/x/../a.ts', expected: 'src/a.ts' },
    { raw: '"src/quoted.ts"', expected: 'src/quoted.ts' },
    { raw: '../lib/b.ts', baseDirectory: 'packages/api', expected: 'packages/lib/b.ts' },
    { raw: 'src/c.ts', baseDirectory: 'packages/api', expected: 'packages/api/src/c.ts' },
    { raw: '/repo2/src/a.ts', expected: null },
    { raw: '/etc/passwd', expected: null },
    { raw: '../outside.ts', expected: null },
    { raw: 'file:///etc/passwd', expected: null },
    { raw: 'a\u0000b.ts', expected: null },
    { raw: '', expected: null },
  ])('$raw (from $baseDirectory) → $expected', ({ raw, baseDirectory, expected }) => {
    expect(normalizeSignalPath(raw, { root: '/repo', ...(baseDirectory ? { baseDirectory } : {}) })).toBe(expected);
  });

  it('maps Windows absolute paths and file URLs inside a Windows root, ignoring case', () => {
    expect(normalizeSignalPath('C:\\Work\\App\\src\\a.ts', { root: 'c:\\work\\app' })).toBe('src/a.ts');
    expect(normalizeSignalPath('file:///C:/work/app/src/b.ts', { root: 'C:\\work\\app' })).toBe('src/b.ts');
    expect(normalizeSignalPath('D:\\other\\a.ts', { root: 'C:\\work\\app' })).toBeNull();
  });
});
