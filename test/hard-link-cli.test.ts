import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { makeOutsideSecret } from './support/special-files.js';
import { createTempWorkspace } from './support/temp-workspace.js';

// Issue 15, item 10: a hard link planted inside the workspace to a file
// outside is not read (docs/permissions.md, "File safety").
describe('a hard link to a file outside the workspace', () => {
  it('is refused by read with exit 2, and nothing of the file is printed', async () => {
    await using workspace = await createTempWorkspace({ git: true, files: { 'a.txt': 'fine\n' } });
    await using home = await createTempWorkspace();
    const secret = makeOutsideSecret('OUTSIDE-CANARY\n');
    try {
      try {
        fs.linkSync(secret.file, workspace.path('planted.txt'));
      } catch {
        // The temp directory is on one filesystem here; if not, a link inside still has two names.
        fs.writeFileSync(workspace.path('other.txt'), 'OUTSIDE-CANARY\n');
        fs.linkSync(workspace.path('other.txt'), workspace.path('planted.txt'));
      }
      const env = { ...process.env, HOME: home.root, XDG_CONFIG_HOME: home.path('.config') };
      const result = await runCli(['read', 'planted.txt', '--cwd', workspace.root], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/planted\.txt has 2 hard links/);
      expect(result.stdout + result.stderr).not.toContain('OUTSIDE-CANARY');
      expect((await runCli(['read', 'a.txt', '--cwd', workspace.root], { env })).stdout).toContain('fine');
    } finally {
      secret.dispose();
    }
  });
});
