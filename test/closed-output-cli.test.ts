import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from './support/build-once.js';
import { createTempWorkspace } from './support/temp-workspace.js';

/** Runs the CLI and closes its stdout after the first chunk, as `| head -1` does; resolves with its exit code and stderr. */
function runAndCloseEarly(args: readonly string[], cwd: string): Promise<{ code: number | null; stderr: string; firstChunk: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let firstChunk = '';
    child.stdout.once('data', (chunk: Buffer) => {
      firstChunk = chunk.toString('utf8');
      child.stdout.destroy();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`brass-agent ${args.join(' ')} did not finish`));
    }, 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, firstChunk });
    });
  });
}

describe('output closed by its reader (issue 18, item 1)', () => {
  it('ends quietly, with the exit code of the command, when stdout is closed after the first chunk', async () => {
    // Far more than a pipe holds: the later writes reach a closed pipe.
    await using workspace = await createTempWorkspace({ files: { 'big.txt': `${'a line of text that goes on\n'.repeat(20_000)}` } });
    for (const args of [['read', 'big.txt', '--max-bytes', '400000'], ['config']]) {
      const result = await runAndCloseEarly(args, workspace.root);
      expect(result.firstChunk.length).toBeGreaterThan(0);
      expect(result.stderr).not.toMatch(/EPIPE|Unhandled 'error' event|node:events/);
      expect(result.code).toBe(0);
    }
  });
});
