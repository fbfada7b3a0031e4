import type { CheckpointStore, PatchJournal } from '../../core/index.js';
import type { ContextSelection } from '../../context/scoped/index.js';
import type { DiscoverContextOptions } from '../../context/discovery/index.js';
import type { AgentEvent, AgentMode, PatchFileSummary, RunFinalState } from '../events/agent-event.js';
import type { AgentEnvironment } from '../session/index.js';

/** What `runAgent` needs besides the environment. */
export interface RunAgentOptions {
  /** Built once per process by the entry point (services with the provider, scope, config, approvals, events). */
  environment: AgentEnvironment;
  /** What the person asked for. */
  goal: string;
  mode: AgentMode;
  /** The agent, flow and step whose scoped context applies. */
  selection?: ContextSelection;
  /** Where patches are journaled before they are written (`rollback --last`). */
  journal: PatchJournal;
  /**
   * Where the workspace is checkpointed before the run's first change (an
   * applied edit or a command), so `brass-agent undo` can return to it and
   * the files commands change are reported. Absent or null: no checkpoint.
   */
  checkpoints?: CheckpointStore | null;
  /** The discovery pass before the first model call (validation output, goal ranking). */
  discovery: {
    /** Run the validation commands (default true). */
    run?: boolean;
    /**
     * A log handed in (`run --validation-output`): its signals count as a
     * validation command's would, besides those of the commands that run,
     * and its tail is quoted in the first message. Raw; redacted on the way in.
     */
    validationOutput?: string;
    /** Runs the validation commands discovery chose (see createCommandRuntime in the Node adapters). */
    createCommandRuntime?: DiscoverContextOptions['createCommandRuntime'];
    /** Where the goal-ranking index is cached between runs (see openRetrievalIndexCache). */
    retrievalCache?: DiscoverContextOptions['retrievalCache'];
    /** Threads to build that index on (the workspace's worker pool). */
    parallel?: DiscoverContextOptions['parallel'];
    /** Told as discovery goes (each command started and finished, the index build), for a progress line. */
    onProgress?: DiscoverContextOptions['onProgress'];
  };
  /** Stop after the prompt is built: no model call, no edits (`--dry-run`). */
  dryRun?: boolean;
  /** A reviewed unified diff to apply exactly instead of asking the model (`--apply-patch-file`). */
  patchText?: string;
  /** Identifies the run in events, the journal and `--save-run` (default a random id). */
  runId?: string;
  signal?: AbortSignal;
}

/** How a run ended, for the exit code, `--patch-file` and `--save-run`. */
export interface RunAgentResult {
  runId: string;
  state: RunFinalState;
  /** One line for people. */
  summary: string;
  /** The model's last text. */
  finalText: string;
  /** The whole change of the run as a unified diff (empty when nothing changed), redacted: what may be printed, sent and saved. */
  diff: string;
  /** The same change with the real bytes, never redacted: only for a patch file a person asked for (`--patch-file`). */
  patch: string;
  files: PatchFileSummary[];
  /** Whether the change is on disk now (applied and kept). */
  isApplied: boolean;
  steps: number;
  usage: { inputTokens: number; outputTokens: number };
  /** The system prompt and the first user message (redacted) the run sent, or with `dryRun` would have sent. */
  prompt: { system: string; firstMessage: string };
  /** Every event of the run, in order (also streamed through the environment's onEvent). */
  events: AgentEvent[];
}
