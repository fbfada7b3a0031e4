import path from 'node:path';
import type { CheckpointFileState, CheckpointManifest, CheckpointStore, Clock, RunFileChange, Runtime } from '../../core/index.js';
import type { AgentEvent } from '../events/agent-event.js';
import { type CheckpointLimits, DEFAULT_CHECKPOINT_LIMITS } from './checkpoint-limits.js';
import { type ScannedChange, scanChanges } from './scan-changes.js';
import { takeCheckpoint } from './take-checkpoint.js';

/** What a RunCheckpoint needs. */
export interface RunCheckpointOptions {
  store: CheckpointStore;
  /** Lists and reads the workspace (not the run's wrapped services: its own reads are no change). */
  runtime: Runtime;
  runId: string;
  clock: Clock;
  emit: (event: AgentEvent) => void;
  /** Redacts command lines before they reach an event. */
  redact: (text: string) => string;
  limits?: CheckpointLimits;
}

/** A file the run changed, from the checkpoint to the run's end (states null: absent on that side). */
export interface RunChange {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  before: CheckpointFileState | null;
  after: CheckpointFileState | null;
}

/** What the wrapped services call around each change (see withCheckpoint). */
export type CheckpointHooks = Pick<RunCheckpoint, 'beforeChange' | 'afterCommand' | 'noteWrite'>;

/**
 * The checkpoint of the current turn of a session, behind one set of hooks:
 * a session's services are wrapped once (its runtime lives across turns)
 * while each turn takes its own checkpoint. Without a current checkpoint
 * the hooks do nothing.
 */
export class CheckpointSlot implements CheckpointHooks {
  current: RunCheckpoint | null = null;

  beforeChange(): Promise<void> {
    return this.current?.beforeChange() ?? Promise.resolve();
  }

  afterCommand(argv: readonly string[]): Promise<void> {
    return this.current?.afterCommand(argv) ?? Promise.resolve();
  }

  noteWrite(absolutePath: string): void {
    this.current?.noteWrite(absolutePath);
  }
}

/**
 * The checkpoint of one run and what the run changed since. The first
 * change of the run (a command about to start, a file about to be written)
 * calls `beforeChange`, which takes the checkpoint once and records it as
 * the workspace's last run; each command that ran calls `afterCommand`,
 * which scans for files it created, changed or deleted and emits
 * `command.changed_files`; writes of the run's own patches are noted with
 * `noteWrite` so they are not blamed on a command. `finish` records what
 * the run left behind, for `brass-agent undo`.
 *
 * Never throws: a checkpoint that cannot be taken (limits, a broken store)
 * is one warning event saying undo is unavailable, and the run goes on.
 */
export class RunCheckpoint {
  private readonly options: RunCheckpointOptions;
  private readonly limits: CheckpointLimits;
  private taking: Promise<void> | null = null;
  private manifest: CheckpointManifest | null = null;
  /** The files as last seen; starts as the checkpoint. */
  private readonly known = new Map<string, CheckpointFileState>();
  private readonly written = new Set<string>();
  /** Scans one at a time, in the order commands end. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: RunCheckpointOptions) {
    this.options = options;
    this.limits = options.limits ?? DEFAULT_CHECKPOINT_LIMITS;
  }

  /** Where the checkpoint is stored. */
  get store(): CheckpointStore {
    return this.options.store;
  }

  /** Whether a checkpoint was taken (and `undo` can return to it). */
  get isTaken(): boolean {
    return this.manifest !== null;
  }

  /** The checkpoint's id, once taken. */
  get checkpointId(): string | null {
    return this.manifest?.id ?? null;
  }

  /** Takes the checkpoint, once; later calls wait for the first. */
  beforeChange(): Promise<void> {
    this.taking ??= this.take();
    return this.taking;
  }

  /** A write of the run's own patch (absolute path): not a command's change. */
  noteWrite(absolutePath: string): void {
    this.written.add(this.relativeOf(absolutePath));
  }

  /** After a command ran: finds and reports what it changed. */
  afterCommand(argv: readonly string[]): Promise<void> {
    return this.enqueue(async () => {
      if (this.manifest === null) return;
      const changes = this.unwritten(await this.scan());
      if (changes.length === 0) return;
      this.options.emit({
        type: 'command.changed_files',
        command: this.options.redact(argv.join(' ')),
        files: changes.map((change) => ({ path: change.path, status: change.status })),
      });
    }, 'scanning for the files the command changed');
  }

  /**
   * The run is over: scans one last time, stores the content of every file
   * that differs from the checkpoint, records the changes as the
   * workspace's last run, and returns them (path order). Empty when no
   * checkpoint was taken.
   */
  async finish(): Promise<RunChange[]> {
    let result: RunChange[] = [];
    await this.enqueue(async () => {
      const manifest = this.manifest;
      if (manifest === null) return;
      await this.scan();
      const baseline = new Map(manifest.files.map((file) => [file.path, file]));
      const paths = [...new Set([...baseline.keys(), ...this.known.keys()])].sort();
      const changes: RunChange[] = [];
      for (const relative of paths) {
        const before = baseline.get(relative) ?? null;
        let after = this.known.get(relative) ?? null;
        if (before !== null && after !== null && before.sha256 === after.sha256 && before.mode === after.mode) continue;
        // Keep what the run left (its diff, and undo's conflict check, read it back).
        if (after !== null) after = await this.options.store.captureFile({ path: path.join(this.options.runtime.scope.root, relative), isContained: this.isContained, keep: true });
        if (before === null && after === null) continue;
        changes.push({ path: relative, status: before === null ? 'added' : after === null ? 'deleted' : 'modified', before, after });
      }
      await this.options.store.writeLastRun({
        workspaceRoot: manifest.workspaceRoot,
        runId: this.options.runId,
        checkpointId: manifest.id,
        finishedAt: new Date(this.options.clock.now()).toISOString(),
        changes: changes.map(toRunFileChange),
        undoneAt: null,
      });
      result = changes;
    }, 'recording what the run changed');
    return result;
  }

  private async take(): Promise<void> {
    const { store, runtime } = this.options;
    try {
      const previous = await this.previousManifest();
      const taken = await takeCheckpoint({ store, runtime, runId: this.options.runId, previous, clock: this.options.clock, limits: this.limits });
      if (!taken.ok) {
        this.warn(`${taken.reason}; \`brass-agent undo\` is unavailable for this run`);
        return;
      }
      await store.writeLastRun({ workspaceRoot: taken.manifest.workspaceRoot, runId: this.options.runId, checkpointId: taken.manifest.id, finishedAt: null, changes: null, undoneAt: null });
      this.manifest = taken.manifest;
      for (const file of taken.manifest.files) this.known.set(file.path, file);
      this.options.emit({ type: 'checkpoint.created', checkpointId: taken.manifest.id, files: taken.manifest.files.length, reusedFiles: taken.reusedFiles });
    } catch (error) {
      this.manifest = null;
      this.warn(`no checkpoint was taken (${messageOf(error)}); \`brass-agent undo\` is unavailable for this run`);
    }
  }

  /** The workspace's last checkpoint, for incremental hashing; a damaged store only costs a full checkpoint. */
  private async previousManifest(): Promise<CheckpointManifest | null> {
    const { store, runtime } = this.options;
    try {
      const last = await store.readLastRun(runtime.scope.root);
      return last === null ? null : await store.readManifest(runtime.scope.root, last.checkpointId);
    } catch (error) {
      this.warn(`the previous checkpoint cannot be reused (${messageOf(error)}); taking a full one`);
      return null;
    }
  }

  private scan(): Promise<ScannedChange[]> {
    return scanChanges({ store: this.options.store, runtime: this.options.runtime, known: this.known, maxEntries: this.limits.maxFiles + 1 });
  }

  /** The scanned changes not made by the run's own writes since the last scan; forgets those writes. */
  private unwritten(changes: readonly ScannedChange[]): ScannedChange[] {
    const result = changes.filter((change) => !this.written.has(change.path));
    this.written.clear();
    return result;
  }

  private enqueue(work: () => Promise<void>, doing: string): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => this.warn(`${doing} failed: ${messageOf(error)}`));
    this.queue = next;
    return next;
  }

  private readonly isContained = (realPath: string): boolean => this.options.runtime.scope.contains(realPath);

  private relativeOf(absolutePath: string): string {
    return path.relative(this.options.runtime.scope.root, absolutePath).split(path.sep).join('/');
  }

  private warn(message: string): void {
    this.options.emit({ type: 'warning', message: this.options.redact(message) });
  }
}

function toRunFileChange(change: RunChange): RunFileChange {
  return {
    path: change.path,
    before: change.before === null ? null : { sha256: change.before.sha256, mode: change.before.mode },
    after: change.after === null ? null : { sha256: change.after.sha256, mode: change.after.mode },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
