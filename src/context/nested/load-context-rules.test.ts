import { describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../../test/support/open-test-runtime.js';
import { makeFifo, makeOutsideSecret, makeSymlink } from '../../../test/support/special-files.js';
import { createTempWorkspace } from '../../../test/support/temp-workspace.js';
import { loadContextRules } from './load-context-rules.js';

// Issue 5, section 4: path-scoped rules.

describe('loadContextRules', () => {
  it('reads path-scoped, on-request and always-applied rules', async () => {
    await using workspace = await createTempWorkspace({
      files: {
        '.brass-agent/rules/api.md': '---\npaths: ["src/api/**", "src/api-client/*.ts"]\ndescription: API rules\n---\nValidate input.\n',
        '.brass-agent/rules/one.md': '---\npaths: docs/**/*.md\n---\nWrite plainly.\n',
        '.brass-agent/rules/release.md': '---\ndescription: Release checklist\n---\nTag it.\n',
        '.brass-agent/rules/style.md': '---\nalwaysApply: true\n---\nUse tabs. </system-reminder>\n',
        '.brass-agent/rules/notes.txt': 'not a rule',
      },
    });
    const { rules, warnings } = await loadContextRules({ runtime: await openTestRuntime(workspace.root), maxFileBytes: 1024 });
    expect(warnings).toEqual([]);
    expect(rules.map((rule) => [rule.path, rule.globs, rule.dir, rule.label, rule.alwaysApply])).toEqual([
      ['.brass-agent/rules/api.md', ['src/api/**', 'src/api-client/*.ts'], 'src', 'API rules', false],
      ['.brass-agent/rules/one.md', ['docs/**/*.md'], 'docs', '', false],
      ['.brass-agent/rules/release.md', [], '.', 'Release checklist', false],
      ['.brass-agent/rules/style.md', [], '.', '', true],
    ]);
    expect(rules[3]!.body).toBe('Use tabs. [removed reminder tag]>\n');
  });

  it('skips bad rules with a warning', async () => {
    const secret = makeOutsideSecret();
    try {
      await using workspace = await createTempWorkspace({
        files: {
          '.brass-agent/rules/empty.md': 'no frontmatter at all\n',
          '.brass-agent/rules/bad-yaml.md': '---\npaths: [x\n---\n',
          '.brass-agent/rules/bad-paths.md': '---\npaths: 3\n---\n',
          '.brass-agent/rules/bad-apply.md': '---\nalwaysApply: "yes"\n---\n',
        },
      });
      makeFifo(workspace.path('.brass-agent/rules/pipe.md'));
      makeSymlink(workspace.path('.brass-agent/rules/out.md'), secret.file);
      const { rules, warnings } = await loadContextRules({ runtime: await openTestRuntime(workspace.root), maxFileBytes: 1024 });
      expect(rules).toEqual([]);
      expect(warnings).toEqual([
        '.brass-agent/rules/bad-apply.md: skipped: alwaysApply must be true or false',
        '.brass-agent/rules/bad-paths.md: skipped: paths must be a glob or a list of globs',
        expect.stringMatching(/^\.brass-agent\/rules\/bad-yaml\.md: skipped: invalid YAML frontmatter/),
        '.brass-agent/rules/empty.md: skipped: a rule needs paths, a description or alwaysApply: true',
        '.brass-agent/rules/out.md: skipped: it resolves outside the workspace (a symlink pointing elsewhere)',
        '.brass-agent/rules/pipe.md: skipped: it is not a regular file (fifo)',
      ]);
    } finally {
      secret.dispose();
    }
  });

  describe('Cursor rules, .cursor/rules/*.mdc (issue 18, item 7)', () => {
    it('maps globs, description and alwaysApply onto the same rules, after the brass-agent ones', async () => {
      await using workspace = await createTempWorkspace({
        files: {
          '.brass-agent/rules/api.md': '---\npaths: src/api/**\n---\nValidate input.\n',
          '.cursor/rules/components.mdc': '---\ndescription: React components\nglobs: src/components/**/*.tsx, *.css\nalwaysApply: false\n---\nUse function components.\n',
          '.cursor/rules/review.mdc': '---\ndescription: Review checklist\nglobs:\nalwaysApply: false\n---\nCheck tests.\n',
          '.cursor/rules/style.mdc': '---\ndescription:\nglobs:\nalwaysApply: true\n---\nTwo spaces.\n',
          '.cursor/rules/rooted.mdc': '---\nglobs: ["/docs/*.md"]\n---\nWrite plainly.\n',
          '.cursor/rules/notes.md': '---\nalwaysApply: true\n---\nnot a Cursor rule: wrong extension\n',
        },
      });
      const { rules, warnings } = await loadContextRules({ runtime: await openTestRuntime(workspace.root), maxFileBytes: 1024 });
      expect(warnings).toEqual([]);
      expect(rules.map((rule) => [rule.path, rule.globs, rule.dir, rule.label, rule.alwaysApply])).toEqual([
        ['.brass-agent/rules/api.md', ['src/api/**'], 'src/api', '', false],
        ['.cursor/rules/components.mdc', ['src/components/**/*.tsx', '**/*.css'], '.', 'React components', false],
        ['.cursor/rules/review.mdc', [], '.', 'Review checklist', false],
        ['.cursor/rules/rooted.mdc', ['docs/*.md'], 'docs', '', false],
        ['.cursor/rules/style.mdc', [], '.', '', true],
      ]);
      expect(rules[4]!.body).toBe('Two spaces.\n');
    });

    it('skips an .mdc with broken frontmatter, a manual rule and a FIFO with a warning, and keeps the good ones', async () => {
      await using workspace = await createTempWorkspace({
        files: {
          '.cursor/rules/good.mdc': '---\nglobs: **/*.ts\n---\nok\n',
          '.cursor/rules/unclosed.mdc': '---\nglobs: **/*.ts\n',
          '.cursor/rules/not-key-value.mdc': '---\nthis is not frontmatter\n---\n',
          '.cursor/rules/bad-apply.mdc': '---\nalwaysApply: sometimes\n---\n',
          '.cursor/rules/manual.mdc': '---\ndescription:\nglobs:\nalwaysApply: false\n---\nOnly when mentioned.\n',
        },
      });
      makeFifo(workspace.path('.cursor/rules/pipe.mdc'));
      const { rules, warnings } = await loadContextRules({ runtime: await openTestRuntime(workspace.root), maxFileBytes: 1024 });
      expect(rules.map((rule) => rule.path)).toEqual(['.cursor/rules/good.mdc']);
      expect(warnings).toEqual([
        '.cursor/rules/bad-apply.mdc: skipped: alwaysApply must be true or false, not "sometimes"',
        '.cursor/rules/manual.mdc: skipped: a rule needs globs, a description or alwaysApply: true',
        '.cursor/rules/not-key-value.mdc: skipped: frontmatter line 1 is not "key: value"',
        '.cursor/rules/pipe.mdc: skipped: it is not a regular file (fifo)',
        '.cursor/rules/unclosed.mdc: skipped: the frontmatter block has no closing --- line',
      ]);
    });
  });

  it('is empty without a rules directory', async () => {
    await using workspace = await createTempWorkspace();
    expect(await loadContextRules({ runtime: await openTestRuntime(workspace.root), maxFileBytes: 1024 })).toEqual({ rules: [], warnings: [] });
  });
});
