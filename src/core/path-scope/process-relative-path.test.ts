import { beforeAll, describe, expect, it } from 'vitest';
import { createNodePathProbe } from '../../adapters/file-system/index.js';
import { loadShellParser } from '../../adapters/shell-parser/index.js';
import { createActionPreparer } from '../runtime/prepare-action.js';
import { isProcessRelativePath } from './process-relative-path.js';
import type { ShellParser } from './shell-syntax.js';
import { WorkspaceScope } from './workspace-scope.js';

// Issue 15, item 5: `/proc/self/...` and `/dev/fd/...` mean the command's
// process, not brass-agent's. The workspace here holds this test process's
// working directory, so `/proc/self/cwd` resolved in this process would land
// inside it.

describe('process-relative paths', () => {
  let scope: WorkspaceScope;
  let parser: ShellParser;
  beforeAll(async () => {
    scope = await WorkspaceScope.create({ root: process.cwd(), probe: createNodePathProbe() });
    parser = await loadShellParser();
  });
  const prepare = (script: string) => createActionPreparer({ scope, shellParser: parser, patchPathsOf: () => [] })({ kind: 'shell.run', argv: ['sh', '-c', script] });

  it.each([
    ['/proc/self/cwd/package.json', '/proc/self/cwd/package.json'],
    ['/proc/self/cwd/../../../x', '/proc/self/cwd/../../../x'],
    ['/proc/thread-self/cwd/src', '/proc/thread-self/cwd/src'],
    ['/proc/1/root/etc/passwd', '/proc/1/root/etc/passwd'],
    ['/dev/fd/0/../../etc/passwd', '/dev/fd/0/../../etc/passwd'],
    ['/dev/stdin/../x', '/dev/stdin/../x'],
    ['/proc/./self/cwd/x', '/proc/./self/cwd/x'],
  ])('a command naming %s touches it outside the workspace, and cannot be known', async (written, listed) => {
    const prepared = await prepare(`cat ${written}`);
    expect(prepared.request.outOfScopePaths).toContain(listed);
    expect(prepared.request.paths).toEqual(['.']);
    expect(prepared.unknown.join('; ')).toContain("names a process's own files");
  });

  it('resolves none of them in this process, for the file tools too', async () => {
    const resolved = await scope.resolve('/proc/self/cwd/package.json');
    expect(resolved).toMatchObject({ root: null, relativePath: null, absolutePath: '/proc/self/cwd/package.json' });
  });

  it('keeps the standard devices harmless', async () => {
    const prepared = await prepare('cat /dev/stdin > /dev/stdout 2>/dev/stderr < /dev/fd/0');
    expect(prepared.request.outOfScopePaths).toEqual([]);
    expect(prepared.unknown).toEqual([]);
  });

  it.each(['/proc/self', '/proc/12/cwd', '/dev/fd/3', '//proc/self/root', '/proc/x/../self/cwd'])('recognizes %s', (absolute) => {
    expect(isProcessRelativePath(absolute)).toBe(true);
  });

  it.each(['/proc/cpuinfo', '/proc', '/dev/null', '/devices/fd', '/home/me/proc/self'])('leaves %s alone', (absolute) => {
    expect(isProcessRelativePath(absolute)).toBe(false);
  });
});
