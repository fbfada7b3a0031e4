import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../agent/events/agent-event.js';
import { createOutput } from '../output.js';
import { createHumanRenderer } from './create-human-renderer.js';
import { createProtocolWriter } from './create-protocol-writer.js';

const plain = createOutput({ stdout: new PassThrough(), stderr: new PassThrough(), env: {} }).colors;

const RUN: AgentEvent[] = [
  { type: 'run.started', runId: 'r1', goal: 'fix it', mode: 'write', approval: 'auto', provider: 'openai-compatible', model: 'demo', workspace: '/w' },
  { type: 'discovery.completed', files: [{ path: 'src/a.ts', reason: 'direct' }], commands: [{ name: 'typecheck', ran: true, exitCode: 2 }] },
  { type: 'text.delta', text: 'Reading the ', agent: 'main' },
  { type: 'text.delta', text: `client${String.fromCharCode(0x1b)}[2J`, agent: 'main' },
  { type: 'model.completed', step: 1, finishReason: 'tool-calls', inputTokens: 10, outputTokens: 5, agent: 'main' },
  { type: 'action.started', callId: 'c1', tool: 'read_file', input: { path: 'src/auth/auth-client.ts' }, agent: 'main' },
  { type: 'action.completed', callId: 'c1', tool: 'read_file', summary: 'read 1200 bytes', durationMs: 3, agent: 'main' },
  { type: 'text.delta', text: 'secret sub-agent thoughts', agent: 'delegate-1' },
  { type: 'action.started', callId: 'c2', tool: 'read_file', input: { path: 'src/other.ts' }, agent: 'delegate-1' },
  { type: 'model.completed', step: 1, finishReason: 'stop', inputTokens: 1, outputTokens: 1, agent: 'delegate-1' },
  { type: 'action.failed', callId: 'c3', tool: 'edit_file', error: { code: 'invalid-input', message: 'old text is not unique' }, durationMs: 1, agent: 'main' },
  { type: 'patch.applied', patchId: 'p1', files: [{ path: 'src/user/user-service.ts', status: 'modified', additions: 2, deletions: 2 }] },
  { type: 'validation.completed', passed: true, commands: [{ name: 'typecheck', exitCode: 0 }] },
  { type: 'text.delta', text: 'Done.\n', agent: 'main' },
  { type: 'run.finished', state: 'applied', summary: 'applied src/user/user-service.ts; validation passes', steps: 3, inputTokens: 30, outputTokens: 9, files: [] },
];

function render(events: readonly AgentEvent[], isPromptShowingApprovals = false) {
  let stdout = '';
  let stderr = '';
  const renderer = createHumanRenderer({ stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, colors: plain, isPromptShowingApprovals });
  for (const event of events) renderer.onEvent(event);
  renderer.endText();
  return { stdout, stderr };
}

describe('createHumanRenderer', () => {
  it('streams only the main agent text to stdout, without escape sequences', () => {
    const { stdout } = render(RUN);
    expect(stdout).toBe('Reading the client[2J\nDone.\n');
  });

  it('puts progress on stderr: discovery, each tool call and result, patch, validation, summary', () => {
    const { stderr } = render(RUN);
    expect(stderr.split('\n')).toEqual([
      'brass-agent run · write mode · approval auto · openai-compatible/demo',
      'discovery: ran typecheck (exit 2); read src/a.ts (direct)',
      '→ read_file src/auth/auth-client.ts',
      '  read 1200 bytes (3 ms)',
      '  ↳ sub-agent delegate-1 finished (stop)',
      '  ✗ old text is not unique',
      '✓ patch applied: src/user/user-service.ts (+2 −2)',
      '✓ validation passes: typecheck (exit 0)',
      '✓ applied: applied src/user/user-service.ts; validation passes (3 steps, 30 tokens in, 9 out)',
      '',
    ]);
  });

  it('says under the discovery line how to fix commands that failed for a common cause, one line per hint (issue 18, item 4)', () => {
    const notInstalled = 'the program was not found: are the dependencies installed?';
    const { stderr } = render([
      {
        type: 'discovery.completed',
        files: [],
        commands: [
          { name: 'typecheck', ran: true, exitCode: 127, hint: notInstalled },
          { name: 'test', ran: true, exitCode: 127, hint: notInstalled },
          { name: 'lint', ran: true, exitCode: 1 },
        ],
      },
    ]);
    expect(stderr).toBe(`discovery: ran typecheck (exit 127), test (exit 127), lint (exit 1); no file read\n  hint (typecheck, test): ${notInstalled}\n`);
  });

  it('shows under a failed validation the last lines of each failed command and its hint (issue 18, item 4)', () => {
    const failed: AgentEvent = {
      type: 'validation.completed',
      passed: false,
      commands: [
        { name: 'typecheck', exitCode: 0 },
        { name: 'test', exitCode: 127, outputTail: ['> vitest run', 'sh: 1: vitest: not found'], hint: 'a program it runs was not found: are the dependencies installed (npm ci, pnpm install, yarn install)?' },
      ],
    };
    expect(render([failed]).stderr.split('\n')).toEqual([
      '✗ validation fails: typecheck (exit 0), test (exit 127)',
      '  test (exit 127), last lines of its output:',
      '    │ > vitest run',
      '    │ sh: 1: vitest: not found',
      '    hint: a program it runs was not found: are the dependencies installed (npm ci, pnpm install, yarn install)?',
      '',
    ]);
  });

  it('shows approvals unless the terminal prompt does', () => {
    const approval: AgentEvent[] = [
      { type: 'approval.requested', approvalId: 'a1', action: 'fs.readFile', tool: 'read_file', reason: 'outside the workspace', paths: [], outOfScopePaths: ['/etc/passwd'], command: null, diff: null },
      { type: 'approval.resolved', approvalId: 'a1', outcome: 'deny' },
    ];
    expect(render(approval).stderr).toBe('? approval needed: read_file /etc/passwd (outside the workspace)\n  approval: denied\n');
    expect(render(approval, true).stderr).toBe('  approval: denied\n');
  });
});

describe('createProtocolWriter', () => {
  it('writes each event as one versioned JSON line with its time', () => {
    let stdout = '';
    const write = createProtocolWriter({ write: (text: string) => (stdout += text) }, () => new Date('2025-01-02T03:04:05.000Z'));
    write(RUN[0]!);
    write(RUN[2]!);
    const lines = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { version: 1, time: '2025-01-02T03:04:05.000Z', ...RUN[0] },
      { version: 1, time: '2025-01-02T03:04:05.000Z', type: 'text.delta', text: 'Reading the ', agent: 'main' },
    ]);
    expect(Object.keys(lines[0]!).slice(0, 3)).toEqual(['version', 'time', 'type']);
  });
});
