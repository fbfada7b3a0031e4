import * as z from 'zod';
import { positiveInteger } from './positive-integer.js';
import { timeoutMs } from './timeout-ms.js';
import { untrusted } from './untrusted-behaviour.js';

/** What the agent may do with the workspace, from the most careful to the least. */
export const AGENT_MODES = ['read-only', 'propose', 'write', 'autonomous'] as const;

/** `agent`: how `brass-agent run` works: its mode, budgets and sub-agents. */
export const AgentRunSchema = z
  .strictObject({
    mode: untrusted(
      z
        .enum(AGENT_MODES)
        .default('propose')
        .describe(
          '"read-only": no edits; "propose": edits are collected as a patch and shown, nothing is written; "write": the patch is applied after approval and validated; "autonomous": also runs commands without asking where the approval mode allows. An untrusted workspace file may only choose a more careful mode.',
        ),
      { rule: 'stricter-only', order: AGENT_MODES, reason: 'lets the agent do more than' },
    ),
    maxSteps: positiveInteger(40, 'Most model turns in one run; the run stops with a message when it is reached.'),
    maxTokens: positiveInteger(1_000_000, 'Most tokens (input plus output, summed over every model turn) one run may use.'),
    repairTurns: positiveInteger(2, 'How many times the model may repair its change after validation fails, before the change is rolled back.'),
    delegate: z
      .strictObject({
        maxTasks: positiveInteger(10, 'Most tasks one `delegate` call may start.'),
        concurrency: positiveInteger(5, 'Most sub-agents running at once.'),
        timeoutMs: timeoutMs(300_000, 'Timeout, in milliseconds, of one sub-agent task.'),
        maxSteps: positiveInteger(15, 'Most model turns of one sub-agent task.'),
      })
      .prefault({})
      .describe('Sub-agents started by the `delegate` tool.'),
  })
  .describe('The agent run: mode, step and token budgets, repair turns after failed validation, sub-agents.');
