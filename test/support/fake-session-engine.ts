import type { ApprovalAnswer, ContextReport, SessionEngine, TranscriptTurn, TurnOutcome, UndoOutcome } from '../../src/agent/engine/session-engine.js';
import type { AgentEvent, AgentMode, TurnFinalState } from '../../src/agent/events/agent-event.js';

/** One call a surface made on the fake engine. */
export interface EngineCall {
  method: string;
  args: unknown[];
}

export interface FakeSessionEngineOptions {
  id?: string;
  mode?: AgentMode;
  model?: string;
  readOnlyReason?: string | null;
  history?: TranscriptTurn[];
  /** The events `send` emits for a message (after `turn.started`). */
  script?: (text: string) => AgentEvent[];
  /** Keep each turn running after its script until `finishTurn` (for approvals, Ctrl-C). */
  holdsTurns?: boolean;
  /** What `answerApproval` returns (default true). */
  isApprovalPending?: boolean;
  diff?: string;
  undo?: UndoOutcome;
  contextReport?: ContextReport;
  completePath?: (prefix: string) => Promise<string[]>;
  /** Methods that throw (or reject) with this message. */
  failing?: Partial<Record<'compact' | 'undo' | 'setModel' | 'contextReport' | 'diff', string>>;
}

export interface FakeSessionEngine extends SessionEngine {
  readonly calls: EngineCall[];
  /** Emits an event to the subscribers, as the engine would mid-turn. */
  emit(event: AgentEvent): void;
  /** Ends the held turn (emits `turn.finished`, resolves `send`). */
  finishTurn(state?: TurnFinalState): void;
  callsOf(method: string): unknown[][];
}

const EMPTY_REPORT: ContextReport = { guidance: [], manifest: [], discovered: [], reminders: [], tokens: { used: 0, limit: 1000, sessionInput: 0, sessionOutput: 0 } };

/**
 * An in-memory SessionEngine for the chat UI's component tests: `send`
 * emits `turn.started`, the scripted events and `turn.finished`; every call
 * is recorded. Not the engine: the end-to-end test runs the real one.
 */
export function createFakeSessionEngine(options: FakeSessionEngineOptions = {}): FakeSessionEngine {
  const listeners = new Set<(event: AgentEvent) => void>();
  const calls: EngineCall[] = [];
  let mode: AgentMode = options.mode ?? 'propose';
  let model = options.model ?? 'openai/test-model';
  let turnCount = 0;
  let running: { turnId: string; resolve: (outcome: TurnOutcome) => void } | null = null;
  const record = (method: string, ...args: unknown[]): void => {
    calls.push({ method, args });
  };
  const fail = (method: keyof NonNullable<FakeSessionEngineOptions['failing']>): void => {
    const message = options.failing?.[method];
    if (message !== undefined) throw new Error(message);
  };
  const emit = (event: AgentEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };
  const finishTurn = (state: TurnFinalState = 'completed'): void => {
    if (running === null) return;
    const { turnId, resolve } = running;
    running = null;
    emit({ type: 'turn.finished', turnId, state, summary: `turn ${state}`, inputTokens: 10, outputTokens: 5, contextTokens: 1500, contextLimit: 200_000 });
    resolve({ turnId, state, summary: `turn ${state}`, finalText: '', usage: { inputTokens: 10, outputTokens: 5 } });
  };
  const engine: FakeSessionEngine = {
    id: options.id ?? '0123456789abcdef',
    workspace: '/workspace',
    get mode() {
      return mode;
    },
    get model() {
      return model;
    },
    readOnlyReason: options.readOnlyReason ?? null,
    calls,
    emit,
    finishTurn,
    callsOf: (method) => calls.filter((call) => call.method === method).map((call) => call.args),
    history: () => options.history ?? [],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isBusy: () => running !== null,
    send(text) {
      record('send', text);
      if (engine.readOnlyReason !== null) return Promise.reject(new Error('read-only session'));
      if (running !== null) return Promise.reject(new Error('a turn is running'));
      turnCount += 1;
      const turnId = `turn-${turnCount}`;
      return new Promise<TurnOutcome>((resolve) => {
        running = { turnId, resolve };
        emit({ type: 'turn.started', turnId, text });
        for (const event of options.script?.(text) ?? []) emit(event);
        if (options.holdsTurns !== true) finishTurn();
      });
    },
    cancel() {
      record('cancel');
      if (running === null) return false;
      finishTurn('cancelled');
      return true;
    },
    answerApproval(approvalId: string, answer: ApprovalAnswer) {
      record('answerApproval', approvalId, answer);
      return options.isApprovalPending ?? true;
    },
    async compact() {
      record('compact');
      fail('compact');
      return { turns: 3, tokensBefore: 9000, tokensAfter: 1200 };
    },
    diff() {
      record('diff');
      fail('diff');
      return options.diff ?? '';
    },
    async undo(undoOptions) {
      record('undo', undoOptions);
      fail('undo');
      return options.undo ?? { restored: [], conflicts: [], message: 'nothing to undo' };
    },
    async setMode(next) {
      record('setMode', next);
      mode = next;
    },
    async setModel(next) {
      record('setModel', next);
      fail('setModel');
      model = next;
    },
    async clear() {
      record('clear');
    },
    async contextReport() {
      record('contextReport');
      fail('contextReport');
      return options.contextReport ?? EMPTY_REPORT;
    },
    async completePath(prefix, limit) {
      record('completePath', prefix, limit);
      return options.completePath?.(prefix) ?? [];
    },
    async close() {
      record('close');
    },
  };
  return engine;
}
