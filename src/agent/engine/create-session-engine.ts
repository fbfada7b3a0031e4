import { randomUUID } from 'node:crypto';
import {
  BrassError,
  createRuntime,
  type CheckpointStore,
  type Llm,
  type LlmMessage,
  type OpenedSession,
  type PatchJournal,
  type Runtime,
  type SessionStore,
  type SessionWriter,
} from '../../core/index.js';
import { discoverContext, type DiscoverContextOptions, type DiscoveryResult } from '../../context/discovery/index.js';
import type { ContextSelection } from '../../context/scoped/index.js';
import { CheckpointSlot, RunCheckpoint, undoLastRun, withCheckpoint, withCheckpointRuntime } from '../checkpoint/index.js';
import type { AgentEvent, AgentMode, TurnFinalState } from '../events/agent-event.js';
import { Changeset } from '../patch/index.js';
import { buildFirstMessage } from '../run/build-first-message.js';
import { createAgentSession, type AgentEnvironment, type AgentSession } from '../session/index.js';
import { runTurn, validationCommandsOf, type TurnResult } from '../turn/index.js';
import type { ValidationCommandSpec } from '../validation/index.js';
import { attachMentions } from './attach-mentions.js';
import { COMPACT_AT_SHARE, KEPT_TURNS, estimateTokens, summarizeTurns, summaryPrefix } from './compact-history.js';
import { PendingApprovals } from './pending-approvals.js';
import type { ApprovalAnswer, ContextReport, SessionEngine, TranscriptTurn, TurnOutcome, UndoOutcome } from './session-engine.js';
import { emptySession, replaySession, sessionRecord, sessionTitle, type ReplayedSession } from './session-records.js';
import { discoveryEventCommands } from '../turn/discovery-event-commands.js';

/** Extra rounds a turn gets when a person denies its patch with a message ("no, do it this way"). */
const MAX_PATCH_FEEDBACK_ROUNDS = 3;

/** What `createSessionEngine` needs. */
export interface CreateSessionEngineOptions {
  /**
   * Built once by the entry point, as for `run`. The engine puts its own
   * `onEvent`, `ask`, `takeDenialMessage` and `onContextReminder` in.
   */
  environment: AgentEnvironment;
  mode: AgentMode;
  journal: PatchJournal;
  /** Each turn is checkpointed before its first change (`/undo` returns to it); null: no checkpoints. */
  checkpoints: CheckpointStore | null;
  /** Where the session is persisted; null: kept in memory only. */
  store: SessionStore | null;
  /** Discovery before the first message (as for `run`). */
  discovery: {
    run?: boolean;
    createCommandRuntime?: DiscoverContextOptions['createCommandRuntime'];
    retrievalCache?: DiscoverContextOptions['retrievalCache'];
    parallel?: DiscoverContextOptions['parallel'];
    onProgress?: DiscoverContextOptions['onProgress'];
  };
  /** A session read back with `store.open`, to continue it. */
  resume?: OpenedSession;
  selection?: ContextSelection;
  /** `provider/model`, as the status line shows it. */
  modelLabel: string;
  /** Builds the model service for `/model NAME`; absent: the model cannot be switched. */
  switchModel?: (model: string) => Promise<{ llm: Llm; label: string }>;
}

/**
 * The session engine: a conversation of turns on one workspace, each turn
 * the same `runTurn` that `run` is (the tool loop, the change settled by
 * the mode), on one agent session whose system prompt stays byte for byte
 * the same across turns. The pending change accumulates across turns
 * (`propose`) or is applied per turn (`write`, `autonomous`); each turn is
 * checkpointed for `/undo`. Approvals are events answered through
 * `answerApproval`. The history is compacted (a model-written summary
 * replaces older turns) when it nears `llm.contextWindow`. With a store,
 * every finished turn is persisted (redacted) and the session can be
 * resumed by id.
 *
 * @example
 * const engine = await createSessionEngine({ environment, mode: 'propose', journal, checkpoints, store, discovery: {}, modelLabel: 'openai/gpt' });
 * engine.subscribe((event) => render(event));
 * const outcome = await engine.send('Why does the login test fail?');
 */
export async function createSessionEngine(options: CreateSessionEngineOptions): Promise<SessionEngine> {
  const engine = new Engine(options);
  return engine;
}

class Engine implements SessionEngine {
  id: string;
  readonly workspace: string;
  mode: AgentMode;
  model: string;
  readOnlyReason: string | null;

  private readonly options: CreateSessionEngineOptions;
  private environment: AgentEnvironment;
  private readonly baseRuntime: Runtime;
  private readonly listeners = new Set<(event: AgentEvent) => void>();
  private readonly approvals = new PendingApprovals();
  private readonly slot = new CheckpointSlot();
  private readonly redact: (text: string) => string;
  private state: ReplayedSession;
  private writer: SessionWriter | null;
  /** Whether the header is on disk (a session is created with its first message). */
  private isStored: boolean;
  private session: AgentSession | null = null;
  private changeset: Changeset;
  private validationCommands: ValidationCommandSpec[] | null = null;
  private reminders: { paths: string[]; turnId: string }[] = [];
  /** Said to the model with the next message (e.g. that `/undo` restored files). */
  private notes: string[] = [];
  private lastDiff = '';
  private running: { controller: AbortController; done: Promise<unknown>; turnId: string } | null = null;
  private lastModelTokens: number | null = null;

  constructor(options: CreateSessionEngineOptions) {
    this.options = options;
    this.redact = (text) => options.environment.redactor.redact(text).text;
    this.environment = this.engineEnvironment(options.environment);
    this.workspace = options.environment.scope.root;
    this.model = options.modelLabel;
    this.baseRuntime = createRuntime({
      services: options.environment.services,
      scope: options.environment.scope,
      shellParser: options.environment.shellParser,
      limits: options.environment.limits,
      ...(options.environment.env['PATH'] === undefined ? {} : { programSearchPath: options.environment.env['PATH'] }),
    });
    this.changeset = new Changeset(this.baseRuntime, { redact: this.redact });
    const resume = options.resume;
    if (resume === undefined) {
      this.id = randomUUID();
      this.state = emptySession();
      this.writer = null;
      this.isStored = false;
      this.readOnlyReason = null;
      this.mode = options.mode;
    } else {
      this.id = resume.header.id;
      this.state = replaySession(resume.records, `${resume.header.id}.jsonl`);
      this.writer = resume.writer;
      this.isStored = true;
      this.readOnlyReason = resume.readOnlyReason;
      this.mode = this.state.mode ?? options.mode;
    }
  }

  history(): readonly TranscriptTurn[] {
    return [...this.state.turns];
  }

  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isBusy(): boolean {
    return this.running !== null;
  }

  send(text: string): Promise<TurnOutcome> {
    if (this.readOnlyReason !== null) return Promise.reject(new BrassError('denied', `this session is read-only: ${this.readOnlyReason}`));
    if (this.running !== null) return Promise.reject(new BrassError('busy', 'a turn is running: wait for it to finish, or cancel it first'));
    if (text.trim().length === 0) return Promise.reject(new BrassError('usage', 'the message is empty'));
    const controller = new AbortController();
    const turnId = `${this.id.slice(0, 8)}-${this.state.turns.length + 1}`;
    const done = this.runOneTurn(turnId, text, controller.signal).finally(() => {
      this.running = null;
      this.slot.current = null;
      this.approvals.reset();
    });
    this.running = { controller, done, turnId };
    return done;
  }

  cancel(): boolean {
    if (this.running === null || this.running.controller.signal.aborted) return false;
    this.running.controller.abort(new BrassError('aborted', 'the turn was cancelled'));
    this.approvals.denyAll();
    return true;
  }

  answerApproval(approvalId: string, answer: ApprovalAnswer): boolean {
    return this.approvals.answer(approvalId, answer);
  }

  async compact(): Promise<{ turns: number; tokensBefore: number; tokensAfter: number }> {
    this.assertIdle('compact');
    return this.compactHistory(true);
  }

  diff(): string {
    return this.changeset.isEmpty() ? this.lastDiff : this.changeset.diff();
  }

  async undo(options: { force?: boolean } = {}): Promise<UndoOutcome> {
    this.assertIdle('undo');
    const store = this.options.checkpoints;
    if (store === null) return { restored: [], conflicts: [], message: 'checkpoints are off for this session: nothing to undo' };
    const result = await undoLastRun({ store, runtime: this.baseRuntime, ...(options.force === true ? { force: true } : {}) });
    if (result.kind === 'nothing') return { restored: [], conflicts: [], message: `nothing to undo: ${result.reason}` };
    if (result.kind === 'conflict') {
      return { restored: [], conflicts: result.conflicts, message: `not undone: ${result.conflicts.length} file(s) changed since the last turn (/undo force restores anyway)` };
    }
    this.emit({ type: 'checkpoint.restored', restored: result.restored });
    // The files on disk are the checkpoint's again: the change's base is re-read, and the model is told.
    this.changeset = new Changeset(this.baseRuntime, { redact: this.redact });
    this.session = null;
    this.lastDiff = '';
    this.notes.push(`The person undid the last turn's changes with /undo: ${result.restored.length} file(s) are back as they were before it (${result.restored.slice(0, 20).join(', ')}).`);
    return { restored: result.restored, conflicts: [], message: `restored ${result.restored.length} file(s) to the checkpoint before the last turn` };
  }

  async setMode(mode: AgentMode): Promise<void> {
    this.assertIdle('change the mode');
    if (mode === this.mode) return;
    this.mode = mode;
    // The tools differ per mode, so the system prompt does: a new agent session from the next turn.
    this.session = null;
    await this.writer?.append(sessionRecord.mode(mode));
  }

  async setModel(model: string): Promise<void> {
    this.assertIdle('change the model');
    if (this.options.switchModel === undefined) throw new BrassError('usage', 'the model cannot be switched in this session (no provider is configured)');
    const switched = await this.options.switchModel(model);
    this.environment = { ...this.environment, services: { ...this.environment.services, llm: switched.llm } };
    this.model = switched.label;
    this.session = null;
  }

  async clear(): Promise<void> {
    this.assertIdle('clear the session');
    await this.writer?.close();
    this.writer = null;
    this.isStored = false;
    this.readOnlyReason = null;
    this.id = randomUUID();
    this.state = emptySession();
    this.session = null;
    this.validationCommands = null;
    this.changeset = new Changeset(this.baseRuntime, { redact: this.redact });
    this.reminders = [];
    this.notes = [];
    this.lastDiff = '';
    this.lastModelTokens = null;
  }

  async contextReport(): Promise<ContextReport> {
    // Before the first turn its commands are unknown: a session only for the report, not kept.
    const session = this.session ?? (await this.openSession([], false));
    const context = session.contextSession;
    const disclosed = new Set(this.reminders.flatMap((reminder) => reminder.paths));
    return {
      guidance: context.guidance.files.map((file) => ({ path: file.path, bytes: file.bytes })),
      manifest: context.manifest.entries.map((entry) => ({ path: entry.path, dir: entry.dir, isDisclosed: disclosed.has(entry.path) })),
      discovered: [...this.state.discovered],
      reminders: this.reminders.map((reminder) => ({ paths: [...reminder.paths], turnId: reminder.turnId })),
      tokens: { used: this.contextTokens(session), limit: this.environment.config.llm.contextWindow, sessionInput: this.state.usage.inputTokens, sessionOutput: this.state.usage.outputTokens },
    };
  }

  async completePath(prefix: string, limit = 20): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const directory = slash === -1 ? '.' : prefix.slice(0, slash) || '.';
    const observation = await this.baseRuntime.execute({ kind: 'fs.list', path: directory, recursive: false, maxEntries: 2000 });
    if (!observation.ok) return [];
    return observation.value.entries
      .map((entry) => (entry.kind === 'directory' ? `${entry.path}/` : entry.path))
      .filter((candidate) => candidate.startsWith(prefix))
      .sort()
      .slice(0, limit);
  }

  async close(): Promise<void> {
    if (this.running !== null) {
      this.cancel();
      await this.running?.done.catch(() => undefined);
    }
    await this.writer?.close();
    this.writer = null;
  }

  // ---- one turn -------------------------------------------------------

  private async runOneTurn(turnId: string, text: string, signal: AbortSignal): Promise<TurnOutcome> {
    const { config } = this.environment;
    this.emit({ type: 'turn.started', turnId, text: this.redact(text) });
    // The run id of the journal and the checkpoint: unique across sessions (turn ids are short).
    const runId = `${this.id}-${this.state.turns.length + 1}`;
    const checkpoint =
      this.options.checkpoints === null
        ? null
        : new RunCheckpoint({ store: this.options.checkpoints, runtime: this.baseRuntime, runId, clock: this.environment.services.clock, emit: (event) => this.emit(event), redact: this.redact });
    this.slot.current = checkpoint;
    let result: TurnResult | null = null;
    let failure: string | null = null;
    try {
      const isFirst = this.state.turns.length === 0 && this.state.prefix.length === 0;
      const discovery = await this.discover(isFirst ? text : null, signal);
      const session = this.session ?? (await this.openSession(discovery.commands));
      if (this.contextTokens(session) >= COMPACT_AT_SHARE * config.llm.contextWindow && this.state.turnMessages.length > KEPT_TURNS) {
        await this.compactHistory(false, signal).catch((error: unknown) => this.warn(`the history could not be compacted: ${messageOf(error)}`));
      }
      let content = isFirst && discovery.result !== null ? buildFirstMessage(text, discovery.result) : text;
      content = await attachMentions(session, content, (message) => this.warn(message), signal);
      if (this.notes.length > 0) content = `${this.notes.splice(0).join('\n')}\n\n${content}`;
      const history = this.historyMessages();
      let messages: LlmMessage[] = [...history, { role: 'user', content: this.redact(content) }];
      for (let round = 0; ; round++) {
        const turn = await runTurn({
          session,
          changeset: this.changeset,
          checkpoint: round === 0 ? checkpoint : null,
          baseRuntime: this.baseRuntime,
          mode: this.mode,
          journal: this.options.journal,
          runId,
          messages,
          isModelTurn: true,
          validationCommands: this.validationCommands ?? [],
          repairTurns: config.agent.repairTurns,
          budget: { maxSteps: config.agent.maxSteps, maxTokens: config.agent.maxTokens, maxOutputTokens: config.llm.maxOutputTokens },
          emit: (event) => this.emit(event),
          redact: this.redact,
          signal,
        });
        result = result === null ? turn : mergeRounds(result, turn);
        const feedback = this.approvals.takePatchMessage();
        if (turn.state !== 'proposed' || this.mode === 'propose' || this.mode === 'read-only' || feedback === null || round >= MAX_PATCH_FEEDBACK_ROUNDS || signal.aborted) break;
        // "No, do it this way": the patch stays pending, the person's words go to the model, and the turn goes on.
        messages = [...turn.messages, { role: 'user', content: this.redact(`The person did not apply your change and said: ${feedback}\nYour edits are still pending (not on disk). Revise them accordingly, then stop.`) }];
      }
    } catch (error) {
      if (!BrassError.isInstance(error)) throw error;
      failure = this.redact(error.message);
    }
    return this.finishTurn(turnId, text, result, failure, signal.aborted);
  }

  /** Records the turn (history, store) and emits `turn.finished`. */
  private async finishTurn(turnId: string, text: string, result: TurnResult | null, failure: string | null, isCancelled: boolean): Promise<TurnOutcome> {
    const state: TurnFinalState = isCancelled ? 'cancelled' : result === null ? 'failed' : result.state;
    const summary = isCancelled ? `cancelled${result === null ? '' : `: ${result.summary}`}` : (failure ?? result?.summary ?? 'the turn failed');
    const history = this.historyMessages();
    // A turn whose model never answered adds nothing: the person can send the message again.
    const added = result === null ? [] : result.messages.slice(history.length);
    const isAnswered = added.some((message) => message.role === 'assistant');
    const usage = result?.usage ?? { inputTokens: 0, outputTokens: 0 };
    if (result !== null && result.diff.length > 0) this.lastDiff = result.diff;
    const finalText = result?.finalText ?? '';
    if (isAnswered) this.state.turnMessages.push(added);
    const turn: TranscriptTurn = { turnId, user: this.redact(text), assistant: finalText, state, summary };
    this.state.turns.push(turn);
    this.state.usage.inputTokens += usage.inputTokens;
    this.state.usage.outputTokens += usage.outputTokens;
    const contextTokens = this.session === null ? 0 : this.contextTokens(this.session);
    this.state.contextTokens = contextTokens;
    await this.persist(sessionRecord.turn({ ...turn, messages: isAnswered ? added : [], usage, contextTokens }));
    this.emit({ type: 'turn.finished', turnId, state, summary, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, contextTokens, contextLimit: this.environment.config.llm.contextWindow });
    return { turnId, state, summary, finalText, usage };
  }

  /** Discovery for the first message; later (and after a resume) only the validation commands are found again. */
  private async discover(goal: string | null, signal: AbortSignal): Promise<{ result: DiscoveryResult | null; commands: ValidationCommandSpec[] }> {
    if (goal === null && this.validationCommands !== null) return { result: null, commands: this.validationCommands };
    const { discovery } = this.options;
    const createCommandRuntime = discovery.createCommandRuntime;
    const result = await discoverContext({
      runtime: this.baseRuntime,
      config: this.environment.config,
      goal: goal ?? '',
      // A resumed session finds its commands again (never from the file) without running or ranking anything.
      run: goal === null ? false : (discovery.run ?? true),
      ...(goal === null ? { useGoalRanking: false } : {}),
      createCommandRuntime: (planned) => withCheckpointRuntime(createCommandRuntime?.(planned) ?? this.baseRuntime, this.slot),
      ...(discovery.retrievalCache && goal !== null ? { retrievalCache: discovery.retrievalCache } : {}),
      ...(discovery.parallel ? { parallel: discovery.parallel } : {}),
      ...(discovery.onProgress ? { onProgress: discovery.onProgress } : {}),
      signal,
      redact: this.redact,
    });
    for (const warning of result.warnings) this.warn(warning);
    const commands = validationCommandsOf(result);
    this.validationCommands = commands;
    if (goal !== null) {
      const files = result.files.map((file) => ({ path: this.redact(file.path), reason: file.reason }));
      this.emit({ type: 'discovery.completed', files, commands: discoveryEventCommands(result) });
      this.state.discovered = files;
      await this.persist(sessionRecord.context(files));
    }
    return { result: goal === null ? null : result, commands };
  }

  /** The agent session for the current mode and model (its system prompt is fixed until either changes). */
  private async openSession(commands: readonly ValidationCommandSpec[], isKept = true): Promise<AgentSession> {
    const environment: AgentEnvironment = { ...this.environment, services: withCheckpoint(this.environment.services, this.slot), validationCommands: commands };
    const session = await createAgentSession(environment, { mode: this.mode, name: 'main', edits: this.changeset, ...(this.options.selection ? { selection: this.options.selection } : {}) });
    for (const warning of session.contextSession.warnings) this.warn(warning);
    if (isKept) this.session = session;
    return session;
  }

  private async compactHistory(isForced: boolean, signal?: AbortSignal): Promise<{ turns: number; tokensBefore: number; tokensAfter: number }> {
    const session = this.session ?? (await this.openSession(this.validationCommands ?? []));
    const keep = isForced ? Math.min(1, Math.max(0, this.state.turnMessages.length - 1)) : KEPT_TURNS;
    const replaced = this.state.turnMessages.length - keep;
    const tokensBefore = this.contextTokens(session);
    if (replaced <= 0) return { turns: 0, tokensBefore, tokensAfter: tokensBefore };
    const older = [...this.state.prefix, ...this.state.turnMessages.slice(0, replaced).flat()];
    const summary = await summarizeTurns(session, older, { maxOutputTokens: this.environment.config.llm.maxOutputTokens, ...(signal ? { signal } : {}) });
    this.state.usage.inputTokens += summary.inputTokens;
    this.state.usage.outputTokens += summary.outputTokens;
    this.state.prefix = summaryPrefix(summary.text);
    this.state.turnMessages = this.state.turnMessages.slice(replaced);
    this.lastModelTokens = null;
    const tokensAfter = this.contextTokens(session);
    await this.persist(sessionRecord.compaction(this.state.prefix, this.state.turnMessages.length));
    this.emit({ type: 'session.compacted', turns: replaced, tokensBefore, tokensAfter, isForced });
    return { turns: replaced, tokensBefore, tokensAfter };
  }

  // ---- plumbing -------------------------------------------------------

  private historyMessages(): LlmMessage[] {
    return [...this.state.prefix, ...this.state.turnMessages.flat()];
  }

  /** The history's size: what the model last reported (input plus output), else an estimate. */
  private contextTokens(session: AgentSession): number {
    return this.lastModelTokens ?? estimateTokens(session.systemPrompt, this.historyMessages());
  }

  private async persist(record: Parameters<SessionWriter['append']>[0]): Promise<void> {
    const store = this.options.store;
    if (store === null || this.readOnlyReason !== null) return;
    try {
      if (!this.isStored) {
        this.writer = await store.create({ kind: 'session', version: 1, id: this.id, workspace: this.workspace, createdAt: new Date(this.environment.services.clock.now()).toISOString() });
        this.isStored = true;
      }
      if (this.writer === null) return;
      await this.writer.append(record);
      const first = this.state.turns[0]?.user ?? '';
      await this.writer.updateSummary({ title: sessionTitle(first), turns: this.state.turns.length, updatedAt: new Date(this.environment.services.clock.now()).toISOString() });
    } catch (error) {
      // A full disk must not end the conversation: the person is told the session is not saved.
      this.warn(`the session could not be saved: ${messageOf(error)}`);
    }
  }

  private engineEnvironment(base: AgentEnvironment): AgentEnvironment {
    return {
      ...base,
      ask: this.approvals.ask,
      takeDenialMessage: this.approvals.takeToolMessage,
      onContextReminder: (reminder) => this.reminders.push({ paths: reminder.paths, turnId: this.running?.turnId ?? '' }),
      onEvent: (event) => this.emit(event),
    };
  }

  private emit(event: AgentEvent): void {
    if (event.type === 'model.completed' && event.agent === 'main' && event.inputTokens !== null) this.lastModelTokens = event.inputTokens + (event.outputTokens ?? 0);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing surface must not break the turn for the others.
      }
    }
  }

  private warn(message: string): void {
    this.emit({ type: 'warning', message: this.redact(message) });
  }

  private assertIdle(what: string): void {
    if (this.running !== null) throw new BrassError('busy', `cannot ${what} while a turn is running: wait for it, or cancel it first`);
  }
}

/** A turn that went on after a denied patch: its rounds summed, the last round's outcome. */
function mergeRounds(first: TurnResult, next: TurnResult): TurnResult {
  return {
    ...next,
    steps: first.steps + next.steps,
    usage: { inputTokens: first.usage.inputTokens + next.usage.inputTokens, outputTokens: first.usage.outputTokens + next.usage.outputTokens },
    finalText: next.finalText.length > 0 ? next.finalText : first.finalText,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
