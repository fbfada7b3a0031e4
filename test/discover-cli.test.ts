import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { runCli } from './support/run-cli.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// `brass-agent discover` as a user runs it: a child process, real files, real
// commands, exit codes, and exactly the JSON document of the CLI contract.

const REPOSITORY = path.resolve(import.meta.dirname, '..');
const BROKEN_APP_TYPECHECK = fs.readFileSync(path.join(REPOSITORY, 'src/context/discovery/parsers/__fixtures__/broken-app-typecheck.txt'), 'utf8');

function envFor(workspace: TempWorkspace): NodeJS.ProcessEnv {
  return { ...process.env, XDG_CONFIG_HOME: workspace.path('.test-xdg'), NO_COLOR: undefined, FORCE_COLOR: undefined };
}

/** Runs the CLI with `input` on stdin. */
function runWithStdin(args: readonly string[], input: string | Buffer, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A reader that stops early closes the pipe: that is not an error of the test.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

async function brokenApp(): Promise<TempWorkspace> {
  const workspace = await createTempWorkspace();
  fs.cpSync(path.join(REPOSITORY, 'examples', 'broken-app'), workspace.root, { recursive: true });
  workspace.write('typecheck.txt', BROKEN_APP_TYPECHECK);
  return workspace;
}

describe('brass-agent discover', () => {
  it('prints exactly the contract document with --json', async () => {
    await using workspace = await brokenApp();
    const result = await runCli(['discover', 'fix the token bug', '--no-run', '--validation-output', workspace.path('typecheck.txt'), '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['version', 'packageManager', 'commands', 'signals', 'searches', 'files', 'summary', 'index']);
    expect(document).toMatchObject({
      version: 1,
      packageManager: 'npm',
      commands: [
        { name: 'typecheck', command: 'npm run typecheck', ran: false, exitCode: null, durationMs: null },
        { name: 'test', command: 'npm test', ran: false, exitCode: null, durationMs: null },
      ],
      signals: { paths: [{ path: 'src/user/user-service.ts', line: 14, column: 86 }, { path: 'src/user/user-service.ts', line: 21, column: 42 }], identifiers: ['AuthClient', 'getToken'] },
      files: [
        { path: 'src/auth/auth-client.ts', reason: 'search', score: expect.any(Number), bytes: expect.any(Number) },
        { path: 'src/user/user-service.ts', reason: 'direct', score: expect.any(Number), bytes: expect.any(Number) },
      ],
    });
    const files = document.files as { score: number; bytes: number }[];
    expect(files[0]!.score).toBeGreaterThan(files[1]!.score);
    expect(files[0]!.bytes).toBe(fs.statSync(workspace.path('src/auth/auth-client.ts')).size);
    expect(document.summary).toMatch(/^Project commands \(npm\): .*\nContext discovery: .*\nDiscovered paths: .*\nRead context files: /);
    expect(result.stdout).not.toContain(workspace.root);
    // The goal index covered every code file of the example.
    const index = document.index as { codeFiles: number; indexed: number; leftOut: unknown[] };
    expect(index).toEqual({ codeFiles: expect.any(Number), indexed: index.codeFiles, leftOut: [] });
    expect(index.codeFiles).toBeGreaterThan(0);
  });

  it('says in --json what the goal index left out, and why', async () => {
    await using workspace = await brokenApp();
    workspace.write('src/data/huge-table.ts', `export const table = [${'1,'.repeat(700_000)}];\n`);
    fs.writeFileSync(workspace.path('src/data/blob.ts'), Buffer.from([0x00, 0x01, 0xff, 0x00]));
    const result = await runCli(['discover', 'fix the token bug', '--no-run', '--json', '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { index: { codeFiles: number; indexed: number; leftOut: unknown[] } };
    expect(document.index.leftOut).toEqual([
      { reason: 'too-large', count: 1, examples: ['src/data/huge-table.ts'] },
      { reason: 'binary', count: 1, examples: ['src/data/blob.ts'] },
    ]);
    expect(document.index.indexed).toBe(document.index.codeFiles - 2);
  });

  it('explains why each file was chosen in its default output', async () => {
    await using workspace = await brokenApp();
    const result = await runCli(['discover', '--no-run', '--validation-output', workspace.path('typecheck.txt'), '--cwd', workspace.root], { env: envFor(workspace) });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/1\. src\/auth\/auth-client\.ts {2}score 0\.\d\d · .* · found by tracing names\n {5}- defines AuthClient, the type named in "Property 'getToken' does not exist on type 'AuthClient'\."/);
    expect(result.stdout).toMatch(/2\. src\/user\/user-service\.ts .* named by a failure/);
    expect(result.stdout).toContain('Summary for the planning prompt');
    expect(result.stdout).not.toContain(`${String.fromCharCode(0x1b)}[`);
  });

  it('runs the validation commands and reads validation output from stdin', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        'package.json': JSON.stringify({ scripts: { typecheck: 'node check.mjs' } }),
        'check.mjs': "console.log(\"src/price.ts(2,19): error TS2304: Cannot find name 'taxRate'.\");\nprocess.exit(2);\n",
        'src/price.ts': 'export function price(amount: number) {\n  return amount * taxRate;\n}\n',
        'src/rates.ts': 'export const taxRate = 0.2;\n',
        'src/lint.ts': 'export const lint = 1;\n',
      },
    });
    const result = await runWithStdin(['discover', '--validation-output', '-', '--json', '--cwd', workspace.root], "src/lint.ts:1:14 - error TS6133: 'lint' is declared but its value is never read.\n", envFor(workspace));
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { commands: { ran: boolean; exitCode: number; outputTail?: string[] }[]; files: { path: string }[] };
    expect(document.commands).toEqual([{ name: 'typecheck', command: 'npm run typecheck', ran: true, exitCode: 2, durationMs: expect.any(Number), sandboxed: true, outputTail: expect.any(Array) }]);
    // The failed command's last lines come with it (issue 18, item 4).
    expect(document.commands[0]!.outputTail).toContain("src/price.ts(2,19): error TS2304: Cannot find name 'taxRate'.");
    const paths = document.files.map((file) => file.path);
    expect([...paths].sort()).toEqual(['src/lint.ts', 'src/price.ts', 'src/rates.ts']);
    expect(paths.indexOf('src/rates.ts')).toBeLessThan(paths.indexOf('src/price.ts'));
    // --json keeps stderr free of progress (issue 18, item 3).
    expect(result.stderr).not.toContain('running npm run typecheck');
  });

  it('shows the last lines of a failed command, redacted, with a hint for a program that is not installed (issue 18, item 4)', async () => {
    const token = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;
    await using workspace = await createTempWorkspace({
      files: {
        'package.json': JSON.stringify({ scripts: { test: 'node run-tests.mjs' } }),
        'run-tests.mjs': `console.log('loading the suite with ${token}');\nconsole.error('sh: 1: vitest: not found');\nprocess.exit(127);\n`,
        'src/a.ts': 'export const a = 1;\n',
      },
    });
    const [json, human] = await Promise.all([runWithStdin(['discover', '--json', '--cwd', workspace.root], '', envFor(workspace)), runWithStdin(['discover', '--cwd', workspace.root], '', envFor(workspace))]);
    const document = JSON.parse(json.stdout) as { commands: { exitCode: number; outputTail?: string[]; hint?: string }[] };
    const test = document.commands[0]!;
    expect(test.exitCode).toBe(127);
    expect(test.outputTail).toEqual(expect.arrayContaining(['sh: 1: vitest: not found']));
    expect(test.hint).toMatch(/not found: are the dependencies installed/);
    expect(json.stdout).not.toContain(token);
    expect(human.stdout).toContain('│ sh: 1: vitest: not found');
    expect(human.stdout).toMatch(/hint: a program it runs was not found/);
    expect(human.stdout).not.toContain(token);
  });

  it('redacts secrets that validation output prints', async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const a = 1;\n' } });
    const token = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;
    const output = `src/a.ts(1,14): error TS2304: Cannot find name '${token}'.`;
    const [json, human] = await Promise.all([
      runWithStdin(['discover', '--no-run', '--validation-output', '-', '--json', '--cwd', workspace.root], output, envFor(workspace)),
      runWithStdin(['discover', '--no-run', '--validation-output', '-', '--cwd', workspace.root], output, envFor(workspace)),
    ]);
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('[REDACTED');
    expect(json.stdout).not.toContain(token);
    expect(human.stdout).not.toContain(token);
  });

  it('honours --max-files and --max-search-queries', async () => {
    await using workspace = await createTempWorkspace({ files: Object.fromEntries(['Alpha', 'Beta', 'Gamma'].map((name) => [`src/${name.toLowerCase()}.ts`, `export class ${name} {}\n`])) });
    const output = ['Alpha', 'Beta', 'Gamma'].map((name) => `src/main.ts(1,1): error TS2304: Cannot find name '${name}'.`).join('\n');
    const result = await runWithStdin(['discover', '--no-run', '--validation-output', '-', '--max-files', '1', '--max-search-queries', '2', '--json', '--cwd', workspace.root], output, envFor(workspace));
    const document = JSON.parse(result.stdout) as { files: unknown[]; searches: unknown[] };
    expect([document.files.length, document.searches.length]).toEqual([1, 2]);
  });

  it('reads the head of a 16 MB validation output file and of binary garbage on stdin', async () => {
    await using workspace = await brokenApp();
    const big = workspace.path('big.txt');
    const descriptor = fs.openSync(big, 'w');
    fs.writeSync(descriptor, BROKEN_APP_TYPECHECK);
    const block = Buffer.alloc(1024 * 1024, 'noise line\n');
    for (let index = 0; index < 16; index += 1) fs.writeSync(descriptor, block);
    fs.closeSync(descriptor);
    const fromFile = await runCli(['discover', '--no-run', '--validation-output', big, '--json', '--cwd', workspace.root], { env: envFor(workspace), timeoutMs: 30_000 });
    expect((JSON.parse(fromFile.stdout) as { files: { path: string }[] }).files[0]!.path).toBe('src/auth/auth-client.ts');
    const garbage = Buffer.concat([Buffer.from(Array.from({ length: 50_000 }, (_unused, index) => (index * 31) % 256)), Buffer.from(`\n${BROKEN_APP_TYPECHECK}`)]);
    const fromStdin = await runWithStdin(['discover', '--no-run', '--validation-output', '-', '--json', '--cwd', workspace.root], garbage, envFor(workspace));
    expect(fromStdin.code).toBe(0);
    expect((JSON.parse(fromStdin.stdout) as { files: { path: string }[] }).files[0]!.path).toBe('src/auth/auth-client.ts');
  }, 40_000);

  const badInput: { name: string; args: (workspace: TempWorkspace) => string[]; message: RegExp }[] = [
    { name: 'a missing --validation-output file', args: (workspace) => ['--validation-output', workspace.path('nope.txt')], message: /--validation-output: .*nope\.txt does not exist/ },
    { name: 'a binary --validation-output file', args: (workspace) => (workspace.write('bin.out', Buffer.from([0, 1, 2, 3, 0])), ['--validation-output', workspace.path('bin.out')]), message: /--validation-output: .*binary/ },
    { name: 'a zero --max-files', args: () => ['--max-files', '0'], message: /positive whole number/ },
    { name: 'an unknown flag', args: () => ['--frobnicate'], message: /unknown option '--frobnicate'/ },
  ];
  it('exits 2 with one line on stderr for bad input: ' + badInput.map((entry) => entry.name).join(', '), async () => {
    await using workspace = await createTempWorkspace({ files: { 'src/a.ts': 'export const a = 1;\n' } });
    const results = await Promise.all(badInput.map(({ args }) => runCli(['discover', '--no-run', ...args(workspace), '--cwd', workspace.root], { env: envFor(workspace) })));
    for (const [index, result] of results.entries()) {
      expect(result.code, badInput[index]!.name).toBe(2);
      expect(result.stderr).toMatch(badInput[index]!.message);
      expect(result.stdout).toBe('');
    }
  });
});
