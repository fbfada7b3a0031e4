import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { createTempWorkspace } from './support/temp-workspace.js';

// Issue 18, item 2: `--json` promises one document on stdout, usage errors included.
describe('--json on usage errors', () => {
  it('prints one error document on stdout, the error line on stderr, and exits 2', async () => {
    await using workspace = await createTempWorkspace({ files: { 'docs/guide.md': '# Guide\n\nHow to install.\n' } });
    const cases: [string[], string, RegExp][] = [
      [['discover', '--max-files', '0', '--json'], 'usage', /--max-files/],
      [['run', 'x', '--mode', 'yolo', '--json'], 'usage', /--mode/],
      [['read', '--json'], 'usage', /missing required argument 'path'/],
      [['read', '--bogus', '--json'], 'usage', /unknown option '--bogus'/],
      [['docs', '--search', '--json'], 'invalid-input', /--search: needs a query before --json/],
    ];
    for (const [args, code, message] of cases) {
      const result = await runCli(args, { cwd: workspace.root });
      expect(result.code, args.join(' ')).toBe(2);
      const document = JSON.parse(result.stdout) as { version: number; error: { code: string; message: string } };
      expect(document).toEqual({ version: 1, error: { code, message: expect.stringMatching(message) } });
      expect(result.stderr).toMatch(/^error: /);
    }
  });

  it('prints nothing on stdout for a usage error without --json, nor for a --json after --', async () => {
    await using workspace = await createTempWorkspace();
    const plain = await runCli(['read'], { cwd: workspace.root });
    expect(plain.code).toBe(2);
    expect(plain.stdout).toBe('');
    // After `--`, `--json` is the path to read, not the flag.
    const ended = await runCli(['read', '--', '--json'], { cwd: workspace.root });
    expect(ended.code).toBe(2);
    expect(ended.stdout).toBe('');
    expect(ended.stderr).toMatch(/--json does not exist/);
  });
});
