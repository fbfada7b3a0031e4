import { describe, expect, it } from 'vitest';
import { toolCallLocations } from './tool-call-locations.js';

describe('toolCallLocations', () => {
  it('makes the input path absolute under the workspace', () => {
    expect(toolCallLocations({ path: 'src/a.ts' }, '/work/ws')).toEqual([{ path: '/work/ws/src/a.ts' }]);
    expect(toolCallLocations({ path: '..foo/x' }, '/work/ws')).toEqual([{ path: '/work/ws/..foo/x' }]);
  });

  it('leaves out a path that leaves the workspace, and inputs without a path', () => {
    expect(toolCallLocations({ path: '../elsewhere' }, '/work/ws')).toEqual([]);
    expect(toolCallLocations({ path: '/etc/passwd' }, '/work/ws')).toEqual([]);
    expect(toolCallLocations({ command: 'npm test' }, '/work/ws')).toEqual([]);
    expect(toolCallLocations('text', '/work/ws')).toEqual([]);
  });
});
