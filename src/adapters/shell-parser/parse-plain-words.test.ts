import { beforeAll, describe, expect, it } from 'vitest';
import type { ShellParser } from '../../core/index.js';
import { loadShellParserFor } from './load-shell-parser-for.js';
import { parsePlainWords } from './parse-plain-words.js';
import { loadShellParser } from './tree-sitter-shell-parser.js';

// Issue 21: plain-word command lines are parsed without the grammar. The
// folder gate decides on these trees, so each must be the grammar's own.

/** Words that are plain, and words next to the edge of what is plain (numbers, assignments, keywords, expansions). */
const WORDS = [
  'ls', 'npm', 'test', 'git', 'log', '--oneline', '-la', '-', '--', '-x1', 'src/a.ts', '../x', '/etc/passwd', './run.sh', '.', '..', '_x', 'a.b',
  'x-1', '1ls', '12', '-5', '1.5', '0x10', '--out=dist', 'a=b', '=x', '%x', '+y', ',z', '@a', ':', 'if', 'done', 'in', 'export', 'local', 'time',
  'test]', '[', '~', '~/x', 'a*', 'a?', '$HOME', '${x}', '"q"', "'q'", 'a\\b', '#c', 'a#b', '{a,b}', 'a;', 'a|', 'a&', '>x', '<x', '(x)', 'é',
  '-a=b', '--a=1', 'a=', '--=', 'a-', '%', '@', ',', '+', ':=x', '/', 'a//b', '...', '.a=b', 'true', '!',
];

describe('parsePlainWords', () => {
  let grammar: ShellParser;
  beforeAll(async () => {
    grammar = await loadShellParser();
  });

  it('gives the grammar’s tree, node for node, for every line of one to three words it accepts', () => {
    let accepted = 0;
    const lines = WORDS.flatMap((first) => [first, ...WORDS.flatMap((second) => [`${first} ${second}`, `${first} ls ${second}`])]);
    for (const line of lines) {
      const plain = parsePlainWords(line);
      if (plain === null) continue;
      accepted += 1;
      expect(plain, line).toEqual(grammar.parse(line));
    }
    // The comparison is only meaningful when many lines take the fast path.
    expect(accepted).toBeGreaterThan(1000);
  });

  it.each(['ls', 'npm test', 'git log --oneline', 'npx vitest run src/a.test.ts', 'node --test', 'make -C build all', 'tsc -p tsconfig.json --noEmit'])(
    'accepts %j',
    (line) => {
      expect(parsePlainWords(line)).toEqual(grammar.parse(line));
    },
  );

  it.each(['', ' ls', 'ls ', 'ls  a', 'ls\ta', 'ls\na', 'a=b ls', 'echo 1', 'git log -5', 'export A', 'if', 'ls ~', 'ls *.ts', 'ls $HOME', 'cat "a b"', 'ls > out', 'a && b', 'a | b', 'x'.repeat(16 * 1024 + 1)])(
    'leaves %j to the grammar',
    (line) => {
      expect(parsePlainWords(line)).toBeNull();
    },
  );
});

describe('loadShellParserFor', () => {
  it('answers a plain-word line without the grammar, and anything else with it', async () => {
    const plain = await loadShellParserFor('npm test');
    expect(plain.parse('npm test')).toEqual(parsePlainWords('npm test'));
    expect(plain.parse('npm test | tee log')).toEqual({ ok: false, reason: expect.stringMatching(/plain words/) });
    const full = await loadShellParserFor('npm test | tee log');
    expect(full.parse('npm test | tee log')).toMatchObject({ ok: true, root: { type: 'program' } });
  });
});
