import { describe, expect, it } from 'vitest';
import { ConfigSchema, type ConfigInput } from '../../config/index.js';
import { selectContextLayers } from './select-context-layers.js';
import type { ContextSelection } from './scoped-layer.js';

function select(input: ConfigInput, selection: ContextSelection, agentFile: Parameters<typeof selectContextLayers>[0]['agentFile'] = null) {
  return selectContextLayers({ config: ConfigSchema.parse(input), selection, agentFile });
}

const CONFIG: ConfigInput = {
  context: { paths: ['docs/overview.md'] },
  agents: {
    reviewer: { context: { paths: ['docs/review.md'] } },
    helper: { context: { paths: ['docs/help.md'], mode: 'append' } },
    odd: { context: { paths: ['docs/odd.md'], mode: 'merge' } },
    silent: { context: { paths: [] } },
    quiet: { context: { nested: false } },
  },
  flows: {
    release: {
      context: { paths: ['RELEASING.md'] },
      steps: [
        { name: 'plan' },
        { name: 'check', context: { paths: ['docs/checklist.md'], mode: 'append' } },
        { name: 'recheck', extends: 'check' },
        { name: 'ship', extends: 'ci.lint' },
        { name: 'adopt', extends: 'ci' },
        { name: 'own', extends: 'check', context: { paths: ['own.md'] } },
        { name: 'loop1', extends: 'loop2' },
        { name: 'loop2', extends: 'loop1' },
        { name: 'lost', extends: 'nowhere' },
        { name: 'open', context: { nested: true } },
      ],
    },
    ci: { context: { paths: ['ci.md'], nested: false }, steps: [{ name: 'lint', context: { paths: ['lint.md'] } }] },
  },
};

const paths = (result: ReturnType<typeof select>) => result.layers.map((layer) => `${layer.layer}:${layer.paths.join(',')}`);

describe('selectContextLayers', () => {
  const table: [name: string, selection: ContextSelection, expected: string[]][] = [
    ['no selection: the global layer', {}, ['global:docs/overview.md']],
    ['an agent replaces by default', { agent: 'reviewer' }, ['agent:docs/review.md']],
    ['an agent with mode append', { agent: 'helper' }, ['global:docs/overview.md', 'agent:docs/help.md']],
    ['a declared empty list counts as declared', { agent: 'silent' }, ['agent:']],
    ['an agent without paths keeps the lower layers', { agent: 'quiet' }, ['global:docs/overview.md']],
    ['a step without context takes its flow context (replace)', { flow: 'release', step: 'plan' }, ['step:RELEASING.md']],
    ['a step appends over the agent', { agent: 'reviewer', flow: 'release', step: 'check' }, ['agent:docs/review.md', 'step:docs/checklist.md']],
    ['a step extends a step of its flow', { flow: 'release', step: 'recheck' }, ['global:docs/overview.md', 'step:docs/checklist.md']],
    ['a step extends flow.step', { agent: 'reviewer', flow: 'release', step: 'ship' }, ['step:lint.md']],
    ['a step extends a whole flow', { flow: 'release', step: 'adopt' }, ['step:ci.md']],
    ['a declared context beats extends', { flow: 'release', step: 'own' }, ['step:own.md']],
  ];
  it.each(table)('%s', (_name, selection, expected) => {
    const result = select(CONFIG, selection);
    expect(paths(result)).toEqual(expected);
    expect(result.warnings).toEqual([]);
    expect(result.unknown).toEqual([]);
  });

  it('warns on an unknown mode, naming the agent, and appends', () => {
    const result = select(CONFIG, { agent: 'odd' });
    expect(paths(result)).toEqual(['global:docs/overview.md', 'agent:docs/odd.md']);
    expect(result.warnings).toEqual(['agent odd (agents.odd.context): unknown context mode "merge"; using "append" (expected "replace" or "append")']);
  });

  it('warns on an extends loop or an unknown target, and inherits nothing', () => {
    const loop = select(CONFIG, { flow: 'release', step: 'loop1' });
    expect(paths(loop)).toEqual(['global:docs/overview.md']);
    expect(loop.warnings).toEqual([expect.stringMatching(/extends chain release\.loop1 -> release\.loop2 -> release\.loop1 loops/)]);
    const lost = select(CONFIG, { flow: 'release', step: 'lost' });
    expect(lost.warnings).toEqual([expect.stringMatching(/release\.lost extends nowhere, which is neither a step of flow release nor a flow/)]);
  });

  it('takes nested from the nearest layer that declares it', () => {
    expect(select(CONFIG, {}).nested).toBe(true);
    expect(select(CONFIG, { agent: 'quiet' }).nested).toBe(false);
    expect(select(CONFIG, { flow: 'release', step: 'adopt' }).nested).toBe(false);
    expect(select(CONFIG, { agent: 'quiet', flow: 'release', step: 'open' }).nested).toBe(true);
  });

  it('reports unknown agents, flows and steps', () => {
    expect(select(CONFIG, { agent: 'ghost' }).unknown).toEqual([expect.stringContaining('agent ghost is not defined')]);
    expect(select(CONFIG, { flow: 'ghost', step: 'x' }).unknown).toEqual(['flow ghost is not defined (no flows.ghost)']);
    expect(select(CONFIG, { flow: 'release', step: 'ghost' }).unknown).toEqual(['flow release has no step ghost']);
    expect(select(CONFIG, { flow: 'release' }).unknown).toEqual(['a flow step needs both a flow id and a step name']);
  });

  it('uses an agent file when the config has no context for the agent, and the config when it has', () => {
    const fromFile = select(CONFIG, { agent: 'writer' }, { path: '.brass-agent/agents/writer.md', context: { paths: ['docs/style.md'], mode: 'append' } });
    expect(fromFile.layers.map((layer) => layer.source)).toEqual(['context.paths', '.brass-agent/agents/writer.md']);
    expect(fromFile.unknown).toEqual([]);
    const configWins = select(CONFIG, { agent: 'reviewer' }, { path: '.brass-agent/agents/reviewer.md', context: { paths: ['other.md'] } });
    expect(paths(configWins)).toEqual(['agent:docs/review.md']);
  });
});
