import { describe, expect, it } from 'vitest';
import { expandPathTemplate, templateEnvNames } from './expand-path-template.js';

const values = { agent: 'reviewer', flowId: 'release', step: 'check', env: { TEAM: 'api', EMPTY: '', UP: '..', STAR: 'a*b', SECRET: 'sk-123' } };

describe('expandPathTemplate', () => {
  const expanded: [template: string, path: string, isGlob: boolean][] = [
    ['docs/agents/${agent}.md', 'docs/agents/reviewer.md', false],
    ['flows/${flow.id}/${flow.step}.md', 'flows/release/check.md', false],
    ['teams/${env.TEAM}/AGENTS.md', 'teams/api/AGENTS.md', false],
    ['docs/**/*.md', 'docs/**/*.md', true],
    ['docs/${env.STAR}/*.md', 'docs/a\\*b/*.md', true],
    ['docs/${env.STAR}.md', 'docs/a*b.md', false],
    ['${env.UP}/AGENTS.md', '../AGENTS.md', false],
    ['docs/(draft).md', 'docs/(draft).md', false],
  ];
  it.each(expanded)('expands %s', (template, path, isGlob) => {
    expect(expandPathTemplate(template, values)).toMatchObject({ ok: true, path, isGlob });
  });

  const skipped: [template: string, reason: RegExp, selection?: Partial<typeof values>][] = [
    ['docs/${agents}.md', /unknown template token \$\{agents\}/],
    ['docs/${flow}.md', /unknown template token/],
    ['docs/${env.}.md', /unknown template token/],
    ['AGENTS.${agent}.md', /\$\{agent\} has no value/, { agent: undefined }],
    ['docs/${env.EMPTY}.md', /\$\{env\.EMPTY\} has no value/],
    ['docs/${env.MISSING}.md', /\$\{env\.MISSING\} has no value/],
    ['docs/${agent.md', /unclosed or nested \$\{/],
    ['docs/${${agent}}.md', /unclosed or nested|unknown template token/],
    ['${env.EMPTY}', /has no value/],
  ];
  it.each(skipped)('skips %s', (template, reason, selection) => {
    const result = expandPathTemplate(template, { ...values, ...selection });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('never puts an environment value into a reason', () => {
    const result = expandPathTemplate('x/${env.SECRET}/${nope}', values);
    expect(!result.ok && result.reason).not.toContain('sk-123');
  });

  it('lists the environment variables a template reads', () => {
    expect(templateEnvNames('${env.A}/${env.B}/${env.A}/${agent}')).toEqual(['A', 'B']);
  });
});
