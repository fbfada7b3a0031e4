import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { makeOutsideSecret, makeSymlink } from './support/special-files.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// Issue 18, item 7: the instruction files of the agents people migrate from,
// as `brass-agent context` shows them (the built CLI, a child process, real files).

/** HOME and the XDG config dir inside a temp dir of their own, so the user's real files never leak in. */
function envFor(home: TempWorkspace): NodeJS.ProcessEnv {
  return { ...process.env, HOME: home.root, XDG_CONFIG_HOME: home.path('.config'), NO_COLOR: '1', FORCE_COLOR: undefined };
}

interface ContextDocument {
  guidance: { path: string; bytes: number; importedBy?: string }[];
  manifest: { path: string; dir: string; label: string }[];
  reminders: { trigger: string; paths: string[]; text: string }[];
  systemPrompt: string;
}

describe('brass-agent context with other agents\' instruction files', () => {
  it('lists CLAUDE.md imports with importedBy, refuses bad ones with a warning each, and applies .cursor/rules/*.mdc', async () => {
    const secret = makeOutsideSecret();
    try {
      await using workspace = await createTempWorkspace({
        git: true,
        files: {
          'CLAUDE.md': '# Rules\n@docs/style.md\n@../../etc/passwd\n@linked.md\nExample: `@docs/not-imported.md`\n',
          'docs/style.md': 'Style rules. @loop.md\n',
          'docs/loop.md': 'Loop rules. @style.md\n',
          'docs/not-imported.md': 'NOT-IMPORTED\n',
          '.cursor/rules/components.mdc': '---\ndescription: Components\nglobs: src/components/**/*.tsx\nalwaysApply: false\n---\nUse function components.\n',
          '.cursor/rules/always.mdc': '---\nalwaysApply: true\n---\nAlways two spaces.\n',
          '.cursor/rules/broken.mdc': '---\nglobs: *.ts\n',
          'src/components/Button.tsx': 'export {};\n',
        },
      });
      makeSymlink(workspace.path('linked.md'), secret.file);
      await using home = await createTempWorkspace();
      const result = await runCli(['context', '--json', '--touch', 'src/components/Button.tsx', '--cwd', workspace.root], { env: envFor(home) });
      expect(result.code).toBe(0);
      const document = JSON.parse(result.stdout) as ContextDocument;
      expect(document.guidance.map((file) => ({ path: file.path, importedBy: file.importedBy }))).toEqual([
        { path: 'CLAUDE.md', importedBy: undefined },
        { path: 'docs/style.md', importedBy: 'CLAUDE.md' },
        { path: 'docs/loop.md', importedBy: 'docs/style.md' },
      ]);
      expect(Object.keys(document.guidance[0]!)).toEqual(['path', 'bytes']);
      expect(document.systemPrompt).toContain('## Guidance: docs/style.md (imported by CLAUDE.md)\n\nStyle rules.');
      expect(document.systemPrompt).toContain('Always two spaces.');
      expect(document.systemPrompt).not.toContain('NOT-IMPORTED');
      expect(document.systemPrompt).not.toContain('SECRET-KEY-MATERIAL');
      expect(document.manifest).toContainEqual({ path: '.cursor/rules/components.mdc', dir: 'src/components', label: 'Components' });
      expect(document.reminders).toHaveLength(1);
      expect(document.reminders[0]).toMatchObject({ trigger: 'src/components/Button.tsx', paths: ['.cursor/rules/components.mdc'] });
      expect(document.reminders[0]!.text).toContain('Use function components.');
      // Depth first, as the files are read: style.md's own imports before CLAUDE.md's next one.
      expect(result.stderr.split('\n').filter((line) => line.length > 0)).toEqual([
        'warning: docs/loop.md: @style.md: not imported: import cycle (docs/style.md -> docs/loop.md -> docs/style.md)',
        'warning: CLAUDE.md: @../../etc/passwd: not imported: it lies outside the project root',
        'warning: CLAUDE.md: @linked.md: not imported: it resolves outside the project (a symlink pointing elsewhere)',
        'warning: .cursor/rules/broken.mdc: skipped: the frontmatter block has no closing --- line',
      ]);

      const human = await runCli(['context', '--cwd', workspace.root], { env: envFor(home) });
      expect(human.code).toBe(0);
      expect(human.stdout).toMatch(/docs\/style\.md {2}\d+ bytes {2}imported by CLAUDE\.md/);
    } finally {
      secret.dispose();
    }
  });

  it('prefers AGENTS.override.md to AGENTS.md and falls back to GEMINI.md and .github/copilot-instructions.md', async () => {
    await using workspace = await createTempWorkspace({
      git: true,
      files: {
        'AGENTS.override.md': 'override rules\n',
        'AGENTS.md': 'REPLACED\n',
        'app/GEMINI.md': 'gemini rules\n',
        'app/src/a.ts': 'export {};\n',
      },
    });
    await using home = await createTempWorkspace();
    const result = await runCli(['context', '--json', '--cwd', workspace.path('app')], { env: envFor(home) });
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as ContextDocument;
    expect(document.guidance.map((file) => file.path)).toEqual(['../AGENTS.override.md', 'GEMINI.md']);
    expect(document.systemPrompt).not.toContain('REPLACED');

    await using copilot = await createTempWorkspace({ git: true, files: { '.github/copilot-instructions.md': 'copilot rules\n' } });
    const fallback = await runCli(['context', '--json', '--cwd', copilot.root], { env: envFor(home) });
    expect((JSON.parse(fallback.stdout) as ContextDocument).guidance).toEqual([{ path: '.github/copilot-instructions.md', bytes: 14 }]);
  });
});
