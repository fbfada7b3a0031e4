import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { makeFifo } from './support/special-files.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 15, item 21: a FIFO named .gitignore (or .ignore) anywhere in the
// tree blocked context, discover and docs forever. The built CLI as a user
// runs it; each command must finish (runCli fails a command that does not).

async function envFor(home: TempWorkspace): Promise<NodeJS.ProcessEnv> {
  return { ...process.env, HOME: home.root, XDG_CONFIG_HOME: home.path('.config'), NO_COLOR: '1' };
}

const TREE = {
  'package.json': '{ "name": "fifo-tree", "scripts": { "test": "node -e 0" } }\n',
  'AGENTS.md': '# Rules\n',
  'src/auth.ts': 'export function getAccessToken(): string {\n  return "t";\n}\n',
  'docs/guide.md': '# Guide\n\nHow the access token is read.\n',
};

describe('a FIFO named like an ignore file', () => {
  const commands: [name: string, args: string[]][] = [
    ['context', ['context', '--json']],
    ['discover --no-run', ['discover', 'access token', '--no-run', '--json']],
    ['docs --search', ['docs', '--search', 'access token', '--json']],
  ];

  it.each(commands)('does not block %s', async (_name, args) => {
    await using workspace = await createTempWorkspace({ git: true, files: TREE });
    makeFifo(workspace.path('.gitignore'));
    makeFifo(workspace.path('src/.gitignore'));
    makeFifo(workspace.path('docs/.ignore'));
    await using home = await createTempWorkspace();
    const result = await runCli([...args, '--cwd', workspace.root], { env: await envFor(home), timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
  }, 90_000);
});
