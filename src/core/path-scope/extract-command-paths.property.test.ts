import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../adapters/shell-parser/index.js';
import { type ExtractionContext, INTERNAL_FAILURE_PREFIX, extractArgvPaths, extractScriptPaths } from './extract-command-paths.js';
import type { CommandPathExtraction } from './extraction-collector.js';
import { MAX_SHELL_SCRIPT_CHARS } from './shell-syntax.js';

// Properties of the extractor on random and hostile input: it never fails
// internally, never hides a path it was shown, and its work stays bounded
// (no exponential blow-up: the commands it walks grow at most linearly).

/** A generous bound for one extraction of at most MAX_SHELL_SCRIPT_CHARS characters (typical: well under 50 ms). */
const PER_INPUT_BOUND_MS = 5_000;

/**
 * One seed per run, pinned so every run checks the same inputs (a failure
 * reproduces); set BRASS_PROPERTY_SEED to explore others. A failing property
 * names the seed to rerun it with.
 */
const DEFAULT_PROPERTY_SEED = 15_2026;
const SEED = Number.parseInt(process.env['BRASS_PROPERTY_SEED'] ?? '', 10) || DEFAULT_PROPERTY_SEED;

/** `fc.assert` with this run's seed; a failure says which seed found it. */
function assertProperty<T>(property: fc.IProperty<T>, numRuns: number): void {
  try {
    fc.assert(property, { seed: SEED, numRuns });
  } catch (error) {
    throw new Error(`property failed with seed ${SEED} (rerun: BRASS_PROPERTY_SEED=${SEED} npx vitest run ${import.meta.url.split('/').pop()}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

const FRAGMENTS = [
  ...'abc/.~$(){}[]*?;&|<>`\'"\\ \n\t#=-:@!%+,^',
  'cd ', 'cat ', 'sh -c ', '$(', '${', '<<EOF\n', 'EOF\n', '../', '/etc/passwd', 'for x in a; do ', 'done', 'if true; then ', 'fi',
  ' && ', ' || ', 'eval ', 'HOME=', 'x=', '$x', '~', '{a,b}', 'sudo -u r ', 'env -i ', 'xargs ', 'find . -exec ', ' \\;', 'while read l; do ',
];

function isSane(result: CommandPathExtraction): boolean {
  return !result.unknown.some((reason) => reason.startsWith(INTERNAL_FAILURE_PREFIX)) && result.mentions.every((mention) => mention.path.startsWith('/') && mention.path.length > 0);
}

describe('extractor properties', () => {
  let context: ExtractionContext;
  beforeAll(async () => {
    context = { cwd: '/work/repo', homeDir: '/home/me', parser: await loadShellParser() };
  });

  it('never fails internally on shell-like random scripts', () => {
    const script = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 80 }).map((parts) => parts.join(''));
    assertProperty(fc.property(script, (text) => isSane(extractScriptPaths(text, context))), 800);
  });

  it('never fails internally on arbitrary strings and argv', () => {
    assertProperty(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => isSane(extractScriptPaths(text, context))), 400);
    assertProperty(fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { minLength: 1, maxLength: 8 }), (argv) => isSane(extractArgvPaths(argv, context))), 400);
  });

  it('never hides a path: /etc/passwd anywhere in a command line is found or the answer is unknown', () => {
    const statement = fc.constantFrom(
      'echo hi', 'cd src', 'true', 'x=1', 'ls -la', 'git status', '(cd sub)', '{ echo a; }', 'if true; then echo; fi', 'for f in a b; do echo $f; done',
      'cd ..', 'pushd lib', 'D=/tmp', 'echo "a b"', 'echo $(date)', 'cat <<EOF\nbody\nEOF', "cat <<'E'\n$(y)\nE", 'case x in a) echo;; esac', 'echo a#b',
      'sleep 1 &', '! true', 'time ls', 'echo `date`', 'a=(1 2)', 'export Y=1', 'echo "multi\nline"', 'ls | wc -l', 'echo >&2 hi', 'printf "%s" a',
    );
    const separator = fc.constantFrom('; ', ' && ', ' || ', ' | ', '\n', ' & ', ';\n', ' |\n', ' &&\n', '\r\n');
    const target = fc.constantFrom('cat /etc/passwd', '< /etc/passwd cat', 'echo x > /etc/passwd', 'cat "/etc/pass"wd', 'sudo cat /etc/passwd', 'cat <<EOF /etc/passwd\nz\nEOF', 'cat <<EOF && cat /etc/passwd\nz\nEOF');
    const wrap = fc.constantFrom(
      (text: string) => text,
      (text: string) => `sh -c '${text}'`,
      (text: string) => `echo $(${text})`,
      (text: string) => `{ ${text}; }`,
      (text: string) => `if true; then ${text}; fi`,
      (text: string) => `timeout 5 bash -c "${text}"`,
      (text: string) => `while true; do ${text}; done`,
      (text: string) => `x=\`${text}\``,
    );
    const line = fc.tuple(fc.array(fc.tuple(statement, separator), { maxLength: 6 }), target, fc.array(fc.tuple(separator, statement), { maxLength: 6 }), wrap);
    assertProperty(
      fc.property(line, ([before, inner, after, wrapper]) => {
        const body = `${before.map(([item, glue]) => item + glue).join('')}${inner}${after.map(([glue, item]) => glue + item).join('')}`;
        // A quote inside a quoted wrapper ends the quote: that is another command line, not this property.
        const quote = wrapper('').match(/['"`]/)?.[0];
        fc.pre(quote === undefined || !body.includes(quote));
        const text = wrapper(body);
        const result = extractScriptPaths(text, context);
        return result.unknown.length > 0 || result.mentions.some((mention) => mention.path === '/etc/passwd');
      }),
      600,
    );
  });

  const HOSTILE: readonly (readonly [name: string, unit: string, tail?: string])[] = [
    ['open substitutions', '$('],
    ['open parentheses', '('],
    ['open groups', '{ '],
    ['quoted substitutions', '"$('],
    ['unclosed ifs', 'if true; then '],
    ['backquotes', '`'],
    ['here-documents', '<<EOF '],
    ['a long pipeline', 'a|', 'b'],
    ['a long pipeline that ends in an error', 'a |'],
    ['bare pipes', '|'],
    ['stray closing parentheses', ')'],
    ['stray closing brackets', ')]'],
    ['unbalanced process substitutions', '>()'],
    ['a long concatenation', 'a"b"'],
    ['open expansions', '${'],
    ['nested loops', 'for x in a b; do x=$x/..; ', 'done; '],
    ['nested substitutions', '$(echo ', ')'],
    ['many assignments', 'x=$x/a; '],
    ['many directory changes', 'cd a || cd b; '],
    ['brace products', '{a,b}'],
    ['nested shells', 'sh -c "', '"'],
    ['many redirections', '> /tmp/x '],
    ['nested if and loops', 'if true; then while true; do ', 'done; fi; '],
  ];

  it.each(HOSTILE.map(([name, unit, tail]) => ({ name, unit, tail: tail ?? '' })))('stays bounded on $name', ({ unit, tail }) => {
    for (const size of [2_000, MAX_SHELL_SCRIPT_CHARS]) {
      const repeats = Math.max(1, Math.floor(size / (unit.length + tail.length)));
      const text = (unit.repeat(repeats) + tail.repeat(repeats)).slice(0, MAX_SHELL_SCRIPT_CHARS);
      const started = performance.now();
      const result = extractScriptPaths(text, context);
      expect(performance.now() - started).toBeLessThan(PER_INPUT_BOUND_MS);
      expect(isSane(result)).toBe(true);
      // Linear work: never more simple commands walked than characters in the script.
      expect(result.commands.length).toBeLessThanOrEqual(text.length);
    }
  });

  it.each(['HOME=&cd ', 'HOME= cd', 'HOME=; cd; cat x', 'HOME=rel; cd && cat x', 'HOME=&cd;cat ~/x'])('names no empty or relative path when HOME is empty or relative: %j (found by a random seed)', (text) => {
    const result = extractScriptPaths(text, context);
    expect(isSane(result)).toBe(true);
    expect(result.mentions.map((mention) => mention.path)).not.toContain('');
  });

  it('refuses a script longer than MAX_SHELL_SCRIPT_CHARS as unknown, without parsing it', () => {
    const result = extractScriptPaths('echo a; '.repeat(MAX_SHELL_SCRIPT_CHARS), context);
    expect(result.unknown).toEqual([`the script is longer than ${MAX_SHELL_SCRIPT_CHARS} characters`]);
  });
});
