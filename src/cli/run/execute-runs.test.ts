import { describe, expect, it } from 'vitest';
import type { RunAgentResult } from '../../agent/run/index.js';
import { BrassError } from '../../core/index.js';
import { MAX_CARRIED_TEXT_CHARS, type RunOne, flowStepGoal, runBatchGoals, runFlowSteps, worstExitCode } from './execute-runs.js';
import { runExitCode } from './run-outcome.js';

function result(state: RunAgentResult['state'], finalText = '', diff = ''): RunAgentResult {
  return { runId: 'r', state, summary: state, finalText, diff, patch: diff, files: [], isApplied: state === 'applied', steps: 1, usage: { inputTokens: 1, outputTokens: 1 }, events: [], prompt: { system: 's', firstMessage: 'm' } };
}

describe('runExitCode', () => {
  it.each([
    ['completed', '', false, 0],
    ['applied', 'd', false, 0],
    ['proposed', 'd', false, 0],
    ['proposed', 'd', true, 2],
    ['proposed', '', true, 0],
    ['failed', '', false, 1],
    ['rolled-back', 'd', true, 1],
  ] as const)('%s (diff %j, ci %s) -> %i', (state, diff, isCi, code) => {
    expect(runExitCode({ state, diff }, { isCi })).toBe(code);
  });
});

describe('flows', () => {
  it('carries the end of the previous step into the goal', () => {
    expect(flowStepGoal('fix it', null)).toBe('fix it');
    expect(flowStepGoal('fix it', { step: 'plan', finalText: '  \n' })).toBe('fix it');
    expect(flowStepGoal('fix it', { step: 'plan', finalText: 'Step one.' })).toBe('fix it\n\nThe previous step of this flow (plan) ended with:\nStep one.');
    const long = `${'a'.repeat(10)}${'b'.repeat(MAX_CARRIED_TEXT_CHARS)}`;
    expect(flowStepGoal('g', { step: 'plan', finalText: long }).endsWith(`[…]\n${'b'.repeat(MAX_CARRIED_TEXT_CHARS)}`)).toBe(true);
  });

  it('runs the steps in order with their selection and stops after a failed one', async () => {
    const seen: unknown[] = [];
    const states: RunAgentResult['state'][] = ['completed', 'rolled-back', 'completed'];
    const runOne: RunOne = async (request) => {
      seen.push(request);
      return result(states[seen.length - 1]!, `text ${seen.length}`);
    };
    const records = await runFlowSteps({ flow: 'fix', steps: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], goal: 'g', agent: 'dev', runOne, isCi: false, isAborted: () => false });
    expect(records.map((record) => [record.step, record.exitCode])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    expect(seen).toEqual([
      { goal: 'g', selection: { flow: 'fix', step: 'a', agent: 'dev' } },
      { goal: 'g\n\nThe previous step of this flow (a) ended with:\ntext 1', selection: { flow: 'fix', step: 'b', agent: 'dev' } },
    ]);
  });
});

describe('runBatchGoals', () => {
  it('records a goal that cannot start and goes on; stops when aborted', async () => {
    let isAborted = false;
    const outcomes = await runBatchGoals({
      goals: [{ goal: 'one' }, { goal: 'two', agent: 'ghost' }, { goal: 'three' }, { goal: 'four' }],
      isAborted: () => isAborted,
      runGoal: async (goal) => {
        if (goal.agent === 'ghost') throw new BrassError('invalid-input', 'unknown agent ghost');
        if (goal.goal === 'three') isAborted = true;
        return [{ result: result('completed'), exitCode: 0 }];
      },
    });
    expect(outcomes.map((outcome) => [outcome.goal.goal, outcome.exitCode, outcome.error?.message])).toEqual([
      ['one', 0, undefined],
      ['two', 2, 'unknown agent ghost'],
      ['three', 0, undefined],
    ]);
    expect(worstExitCode(outcomes.map((outcome) => outcome.exitCode))).toBe(2);
  });

  it('lets a bug through instead of recording it', async () => {
    await expect(runBatchGoals({ goals: [{ goal: 'one' }], isAborted: () => false, runGoal: () => Promise.reject(new TypeError('bug')) })).rejects.toThrow('bug');
  });
});
