import { describe, expect, it } from 'vitest';
import { goalQueryText, goalTitleOf } from './goal-query-text.js';
import { pathRoleOf, roleFactorOf } from './path-role.js';

describe('goalQueryText', () => {
  it('drops an issue template: HTML comments, short headings, checklists', () => {
    const goal = 'useModel loses the value\n\n<!-- Please fill in\nthe form -->\n### Vue version\n\n3.4.0\n\n### Steps to reproduce\n\nCall useModel twice\n- [x] I searched the issues\n## The parent re-renders and the child keeps the stale model value forever';
    expect(goalQueryText(goal)).toBe('useModel loses the value\n\n \n\n3.4.0\n\n\nCall useModel twice\n## The parent re-renders and the child keeps the stale model value forever');
  });

  it('keeps a goal made only of template lines, and an unclosed comment drops to the end', () => {
    expect(goalQueryText('### Bug')).toBe('### Bug');
    expect(goalQueryText('crash <!-- rest')).toBe('crash');
  });

  it('takes the first non-empty line as the title', () => {
    expect(goalTitleOf('\n\n  Title here \nbody')).toBe('Title here');
    expect(goalTitleOf('')).toBe('');
  });
});

describe('pathRoleOf and roleFactorOf', () => {
  it('tells source from what is around it', () => {
    expect(['src/a.ts', 'lib/rules/no-undef.js', 'packages/vite/src/node/build.ts'].map(pathRoleOf)).toEqual(['source', 'source', 'source']);
    expect(pathRoleOf('.github/ISSUE_TEMPLATE/bug_report.yml')).toBe('template');
    expect(pathRoleOf('.github/workflows/ci.yml')).toBe('ci');
    expect(pathRoleOf('test/a.js')).toBe('test');
    expect(pathRoleOf('src/__fixtures__/a.ts')).toBe('fixture');
    expect(pathRoleOf('examples/basic/index.js')).toBe('example');
    expect(pathRoleOf('packages-private/sfc-playground/src/App.vue')).toBe('example');
    expect(pathRoleOf('benchmarks/middleware.js')).toBe('benchmark');
    expect(pathRoleOf('docs/.vitepress/config.ts')).toBe('docs');
  });

  it('demotes a role unless the title is about it', () => {
    expect(roleFactorOf('src/a.ts', 'anything')).toBe(1);
    expect(roleFactorOf('test/a.js', 'res.cookie drops the domain')).toBeLessThan(1);
    expect(roleFactorOf('test/a.js', 'the tests for res.cookie are flaky')).toBe(1);
    expect(roleFactorOf('.github/workflows/ci.yml', 'CI fails on Windows')).toBe(1);
    expect(roleFactorOf('.github/ISSUE_TEMPLATE/bug.yml', 'Steps to reproduce are lost')).toBeLessThan(roleFactorOf('test/a.js', 'x'));
  });
});

describe('pathRoleOf for types and tooling', () => {
  it('names declarations, scripts and tool configuration, and lifts declarations for a types title', () => {
    expect(pathRoleOf('types/schema.d.ts')).toBe('types');
    expect(['scripts/release.js', 'eslint.config.js', 'karma.conf.js', '.eslintrc.yml', 'Makefile.js', 'package-scripts.js'].map(pathRoleOf)).toEqual(Array(6).fill('tooling'));
    expect(pathRoleOf('tests_config/run_spec.js')).toBe('test');
    expect(pathRoleOf('packages/create-vite/template-vanilla/style.css')).toBe('example');
    expect(pathRoleOf('play.ts')).toBe('example');
    expect(roleFactorOf('index.d.ts', 'TypeScript: AxiosRequestConfig lacks signal')).toBe(1);
    expect(roleFactorOf('index.d.ts', 'timeout is ignored')).toBeLessThan(1);
  });
});
