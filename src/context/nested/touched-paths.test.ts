import { describe, expect, it } from 'vitest';
import { touchedPaths } from './touched-paths.js';
import type { ToolResultEvent } from './tool-result-event.js';

const CONTEXT = { workspaceRoot: '/repo', homeDir: '/repo/home' };

describe('touchedPaths', () => {
  const cases: [name: string, event: ToolResultEvent, expected: string[]][] = [
    ['relative and absolute paths, deduplicated', { tool: 'read_file', ok: true, paths: ['src/a.ts', '/repo/src/a.ts', './src/b.ts'] }, ['src/a.ts', 'src/b.ts']],
    ['paths outside the workspace are dropped', { tool: 'read_file', ok: true, paths: ['../x', '/etc/passwd', 'a/../../y', '/repo'] }, ['.']],
    ['a shell command: cwd and path arguments', { tool: 'shell', ok: true, command: { argv: ['npx', 'vitest', 'run', 'packages/api/x.test.ts', '--reporter=dot'], cwd: '.' } }, ['.', 'vitest', 'run', 'packages/api/x.test.ts', 'dot']],
    ['a grep pattern and a commit message are not paths', { tool: 'shell', ok: true, command: { argv: ['grep', '-r', 'packages/web', 'src/api'] } }, ['.', 'src/api']],
    ['~ is the home directory', { tool: 'shell', ok: true, command: { argv: ['cat', '~/notes.md'] } }, ['.', 'home/notes.md']],
    ['a shell command in a subdirectory', { tool: 'shell', ok: true, command: { argv: ['cat', '../shared/a.ts', '--config=cfg.json'], cwd: 'packages/api' } }, ['packages/api', 'packages/shared/a.ts', 'packages/api/cfg.json']],
    ['URLs and options are skipped', { tool: 'shell', ok: true, command: { argv: ['curl', '-s', 'https://example.com/a/b', '--', 'x'] } }, ['.', 'x']],
  ];
  it.each(cases)('%s', (_name, event, expected) => {
    expect(touchedPaths(event, CONTEXT)).toEqual(expected);
  });

  it('takes file paths from validation output in the usual formats', () => {
    const output = [
      "src/user/UserService.ts(1,10): error TS2305: Module '\"../auth/AuthClient\"' has no exported member.",
      'packages/api/src/x.ts:12:3 - error TS1005',
      ' FAIL  packages/web/test/app.test.tsx > renders',
      '/repo/lib/util.js',
      '  12:5  error  no-unused-vars  (in ./scripts/build.mjs)',
      'Error: see https://example.com/docs/errors.html for more',
    ].join('\n');
    const touched = touchedPaths({ tool: 'run_validation', ok: true, validationOutput: output }, CONTEXT);
    expect(touched).toEqual(expect.arrayContaining(['src/user/UserService.ts', 'packages/api/src/x.ts', 'packages/web/test/app.test.tsx', 'lib/util.js', 'scripts/build.mjs']));
    expect(touched.some((entry) => entry.includes('example.com'))).toBe(false);
  });

  it('caps the paths it takes from a huge validation output', () => {
    const output = Array.from({ length: 5000 }, (_unused, index) => `src/f${index}.ts:1:1 error`).join('\n');
    expect(touchedPaths({ tool: 'run_validation', ok: true, validationOutput: output }, CONTEXT)).toHaveLength(200);
  });
});
