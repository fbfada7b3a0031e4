import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real temporary workspace on disk for tests. Its `root` is the realpath of
 * the directory (macOS `/var` vs `/private/var` cannot confuse containment
 * checks). Dispose with `await using` or call `dispose()`.
 */
export interface TempWorkspace extends AsyncDisposable {
  root: string;
  /** Absolute path of a workspace-relative path. */
  path(relative: string): string;
  /** Writes a file (creating parent directories); returns its absolute path. */
  write(relative: string, content: string | Uint8Array): string;
  dispose(): Promise<void>;
}

export async function createTempWorkspace(options: { git?: boolean; files?: Record<string, string> } = {}): Promise<TempWorkspace> {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'brass-test-'));
  const root = fs.realpathSync.native(created);
  const workspace: TempWorkspace = {
    root,
    path: (relative) => path.join(root, relative),
    write(relative, content) {
      const target = path.join(root, relative);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
      return target;
    },
    async dispose() {
      fs.rmSync(root, { recursive: true, force: true });
    },
    async [Symbol.asyncDispose]() {
      await workspace.dispose();
    },
  };
  for (const [relative, content] of Object.entries(options.files ?? {})) workspace.write(relative, content);
  if (options.git) {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: root,
        stdio: 'ignore',
        env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid' },
      });
    git('init', '-q', '.');
    git('config', 'commit.gpgsign', 'false');
  }
  return workspace;
}
