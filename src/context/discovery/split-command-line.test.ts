import { describe, expect, it } from 'vitest';
import { splitCommandLine } from './split-command-line.js';

describe('splitCommandLine', () => {
  it.each([
    ['npm test', ['npm', 'test']],
    ['  pytest   -q  ', ['pytest', '-q']],
    [`pytest -k "not slow"`, ['pytest', '-k', 'not slow']],
    [`node -e 'console.log(1)'`, ['node', '-e', 'console.log(1)']],
    [`echo "a \\"b\\""`, ['echo', 'a "b"']],
    ['my\\ tool --flag', ['my tool', '--flag']],
    [`tsc ''`, ['tsc', '']],
  ])('%s', (command, expected) => {
    expect(splitCommandLine(command)).toEqual(expected);
  });

  it.each(['npm test && npm run lint', 'npm test | tee log', 'npm test > out.txt', 'echo $HOME', 'FOO=1 npm test', 'rm *.ts'])('%s needs a shell', (command) => {
    expect(splitCommandLine(command)).toBeNull();
  });

  it('rejects an unterminated quote and an empty command', () => {
    expect(() => splitCommandLine('npm "test')).toThrow(/unterminated " quote/);
    expect(() => splitCommandLine('   ')).toThrow(/is empty/);
  });
});
