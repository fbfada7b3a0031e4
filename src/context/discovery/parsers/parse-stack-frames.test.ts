import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeOutputLines } from '../normalize-output-text.js';
import { parseStackFrames } from './parse-stack-frames.js';

// node-test-spec.txt: real output of `node --test --test-reporter=spec` (Node 20);
// mocha-sample.txt and jest-sample.txt: hand-written samples (not installed here).
const fixture = (name: string) => normalizeOutputLines(fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('parseStackFrames', () => {
  it('groups V8 frames under the error printed above them and drops node internals', () => {
    const diagnostics = parseStackFrames(fixture('node-test-spec.txt'));
    const typeError = diagnostics.find((diagnostic) => diagnostic.message.startsWith('TypeError'))!;
    expect(typeError.message).toBe("TypeError: Cannot read properties of undefined (reading 'mode')");
    expect(typeError.locations).toEqual([
      { path: 'file:///tmp/cap/nt/lib/slugify.js', line: 5, column: 35, role: 'frame', functionName: 'parseConfig' },
      { path: 'file:///tmp/cap/nt/test/slugify.test.js', line: 8, column: 16, role: 'frame' },
    ]);
  });

  it('reads Mocha and Jest frames, without borrowing the message of an earlier failure', () => {
    const mocha = parseStackFrames(fixture('mocha-sample.txt'));
    expect(mocha.map((diagnostic) => diagnostic.locations[0]!.path)).toEqual(['test/add.test.js', 'lib/config.js']);
    const jest = parseStackFrames(fixture('jest-sample.txt'));
    expect(jest[0]!.locations[0]).toMatchObject({ path: 'src/user/user-service.ts', line: 14, column: 86, functionName: 'UserService.getProfile' });
    expect(jest[1]!.message).toBe('');
  });

  it.each([
    { line: '    at async run (C:\\work\\app\\src\\a.ts:3:5)', path: 'C:\\work\\app\\src\\a.ts', functionName: 'run' },
    { line: '    at file:///srv/app/src/b.mjs:10:2', path: 'file:///srv/app/src/b.mjs', functionName: undefined },
    { line: '    at new Service (/srv/app/src/my dir/ç.ts:1:1)', path: '/srv/app/src/my dir/ç.ts', functionName: 'Service' },
  ])('reads $line', ({ line, path, functionName }) => {
    const [diagnostic] = parseStackFrames(['Error: x', line]);
    expect(diagnostic!.locations[0]).toMatchObject({ path, ...(functionName ? { functionName } : {}) });
  });
});
