import type { AgentContext, ContentBlock, PromptResponse, SessionUpdate, ToolCallContent } from '@agentclientprotocol/sdk';
import { RequestError } from '@agentclientprotocol/sdk';
import type { SessionEngine } from '../../agent/engine/index.js';
import type { AgentEvent, AgentMode } from '../../agent/events/agent-event.js';
import { approvalAnswerOf, permissionRequest } from './approval-permission.js';
import { diffContent } from './diff-content.js';
import { promptText, type PromptWorkspace } from './prompt-text.js';
import { pathLocations, toolCallLocations } from './tool-call-locations.js';
import { toolKindOf } from './tool-call-kind.js';
import { describeToolCall } from '../../agent/events/describe-tool-call.js';

/** The name of the main agent's session in events; text from any other (a sub-agent) is shown as thought. */
const MAIN_AGENT = 'main';

/** What an ACP session needs besides its engine. */
export interface AcpSessionOptions {
  engine: SessionEngine;
  /** The editor: session/update notifications and session/request_permission go here. */
  client: AgentContext;
  /** Checks and reads the resources of a prompt (see promptText). */
  workspace: PromptWorkspace;
  /** Diagnostics (stderr, never stdout). */
  log(line: string): void;
}

/**
 * One ACP session over one session engine: a prompt is one engine turn,
 * the engine's events become `session/update` notifications (message
 * chunks, tool calls with their kind and locations, the patch as an edit
 * tool call with its diff) and its approvals `session/request_permission`
 * requests answered back through `answerApproval`. Updates are sent in the
 * order the events came, and all of a turn's before its prompt's answer.
 */
export class AcpSession {
  readonly id: string;
  private readonly options: AcpSessionOptions;
  private readonly unsubscribe: () => void;
  /** The chain of updates being sent: each waits for the one before. */
  private sending: Promise<void> = Promise.resolve();
  /**
   * Tool calls started and not yet finished, by agent and model call id,
   * with the id the editor knows them by: ours, numbered per session,
   * since models (local servers especially) repeat call ids across steps
   * and turns, and sub-agents have their own.
   */
  private readonly openCalls = new Map<string, { toolCallId: string; tool: string }>();
  private callCount = 0;
  /** The tool call that shows the turn's patch while it waits to be applied. */
  private patchCall: { id: string; isDenied: boolean } | null = null;
  private patchCount = 0;
  /** A prompt whose resources are being read, before its turn starts. */
  private preparing: { isCancelled: boolean } | null = null;

  constructor(options: AcpSessionOptions) {
    this.options = options;
    this.id = options.engine.id;
    this.unsubscribe = options.engine.subscribe((event) => this.onEvent(event));
  }

  /** The engine's agent mode (the editor's mode picker shows it). */
  get mode(): AgentMode {
    return this.options.engine.mode;
  }

  /** Switches the mode for the next turns (session/set_mode). */
  setMode(mode: AgentMode): Promise<void> {
    return this.options.engine.setMode(mode);
  }

  /**
   * Runs one turn with the prompt; resolves when the turn ends: `end_turn`,
   * or `cancelled` after session/cancel. A failed turn (the model or its
   * endpoint failed, a budget ran out) is a JSON-RPC error carrying the
   * turn's summary; the session stays usable.
   */
  async prompt(blocks: readonly ContentBlock[], signal: AbortSignal): Promise<PromptResponse> {
    if (this.options.engine.isBusy() || this.preparing !== null) throw RequestError.invalidRequest(undefined, 'a prompt is running in this session: wait for it, or send session/cancel');
    const onAbort = () => this.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      // A cancel that comes while the resources are read (the editor may be asked for them) cancels this prompt too.
      const preparing = { isCancelled: false };
      this.preparing = preparing;
      let text: string;
      try {
        text = await promptText(blocks, this.options.workspace);
      } finally {
        this.preparing = null;
      }
      if (preparing.isCancelled) return { stopReason: 'cancelled' };
      const outcome = await this.options.engine.send(text);
      this.settlePatchCall(outcome.state === 'cancelled');
      if (outcome.state !== 'completed' && outcome.state !== 'cancelled' && outcome.state !== 'failed') this.sendText(`\n\n(${outcome.state}: ${outcome.summary})`, MAIN_AGENT);
      await this.sending;
      if (outcome.state === 'cancelled') return { stopReason: 'cancelled' };
      if (outcome.state === 'failed') throw new RequestError(-32603, `the turn failed: ${outcome.summary}`, { state: outcome.state });
      return { stopReason: 'end_turn' };
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Cancels the running turn (pending approvals become deny); false when none runs. */
  cancel(): boolean {
    if (this.preparing !== null) {
      this.preparing.isCancelled = true;
      return true;
    }
    return this.options.engine.cancel();
  }

  /** Sends the finished turns as they were (session/load): the person's messages and the answers. */
  async replayHistory(): Promise<void> {
    for (const turn of this.options.engine.history()) {
      this.send({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: turn.user } });
      if (turn.assistant.length > 0) this.send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: turn.assistant } });
    }
    await this.sending;
  }

  /** Stops listening and closes the engine (a running turn is cancelled first). */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.options.engine.close();
  }

  private onEvent(event: AgentEvent): void {
    const root = this.options.engine.workspace;
    switch (event.type) {
      case 'text.delta':
        this.sendText(event.text, event.agent);
        break;
      case 'action.started': {
        this.callCount += 1;
        const toolCallId = `${this.id}-call-${this.callCount}`;
        this.openCalls.set(callKey(event), { toolCallId, tool: event.tool });
        this.send({
          sessionUpdate: 'tool_call',
          toolCallId,
          title: describeToolCall(event.tool, event.input),
          kind: toolKindOf(event.tool),
          status: 'in_progress',
          locations: toolCallLocations(event.input, root),
          rawInput: event.input,
        });
        break;
      }
      case 'action.completed':
      case 'action.failed': {
        const call = this.openCalls.get(callKey(event));
        if (call === undefined) break;
        this.openCalls.delete(callKey(event));
        const isDone = event.type === 'action.completed';
        this.send({ sessionUpdate: 'tool_call_update', toolCallId: call.toolCallId, status: isDone ? 'completed' : 'failed', content: [textContent(isDone ? event.summary : event.error.message)] });
        break;
      }
      case 'patch.proposed':
        this.showPatch(event.diff, event.files.map((file) => file.path));
        break;
      case 'patch.applied':
        if (this.patchCall !== null) this.send({ sessionUpdate: 'tool_call_update', toolCallId: this.patchCall.id, status: 'completed', title: `Applied the change to ${event.files.map((file) => file.path).join(', ')}` });
        this.patchCall = null;
        break;
      case 'patch.rolled_back':
        this.send({
          sessionUpdate: 'tool_call',
          toolCallId: `${this.id}-rollback-${event.patchId}`,
          title: `Rolled back the change to ${[...event.restored, ...event.removed].join(', ')}`,
          kind: 'edit',
          status: 'completed',
          locations: pathLocations(event.restored, root),
        });
        break;
      case 'approval.requested':
        this.askPermission(event);
        break;
      case 'turn.finished':
        // How full the model's context is now, for the editor's meter.
        if (event.contextLimit > 0) this.send({ sessionUpdate: 'usage_update', used: event.contextTokens, size: event.contextLimit });
        break;
      case 'warning':
        this.options.log(`warning: ${event.message}`);
        break;
      default:
        break;
    }
  }

  /** The pending change as an edit tool call with its diff: the approval of the patch (if asked) points at it. */
  private showPatch(diff: string, paths: string[]): void {
    const root = this.options.engine.workspace;
    this.patchCount += 1;
    const id = `${this.id}-patch-${this.patchCount}`;
    this.patchCall = { id, isDenied: false };
    const content: ToolCallContent[] = diffContent(diff, root);
    this.send({ sessionUpdate: 'tool_call', toolCallId: id, title: `Change ${paths.join(', ')}`, kind: 'edit', status: 'pending', content, locations: pathLocations(paths, root) });
  }

  /** A patch not applied by the end of the turn: proposed (propose mode), or denied / cancelled (failed). */
  private settlePatchCall(isCancelled: boolean): void {
    if (this.patchCall === null) return;
    const isFailed = isCancelled || this.patchCall.isDenied;
    this.send({ sessionUpdate: 'tool_call_update', toolCallId: this.patchCall.id, status: isFailed ? 'failed' : 'completed', title: `Proposed change (not applied)` });
    this.patchCall = null;
  }

  /**
   * Asks the editor, in order after the updates before it, without holding
   * up the updates after it; the answer goes back to the engine. A failed
   * request (the editor went away) denies.
   */
  private askPermission(event: Extract<AgentEvent, { type: 'approval.requested' }>): void {
    const { engine, client } = this.options;
    const toolCallId = this.toolCallFor(event);
    const request = permissionRequest(this.id, toolCallId, event, engine.workspace);
    this.sending = this.sending.then(() => {
      void client
        .request('session/request_permission', request)
        .then((response) => approvalAnswerOf(response.outcome))
        .catch((error: unknown) => {
          this.options.log(`warning: the permission request failed (${error instanceof Error ? error.message : String(error)}); treated as deny`);
          return { choice: 'deny' as const };
        })
        .then((answer) => {
          if (answer.choice === 'deny' && this.patchCall?.id === toolCallId) this.patchCall.isDenied = true;
          engine.answerApproval(event.approvalId, answer);
        });
    });
  }

  /** The tool call an approval is about: the patch, the running call of its tool, or a call of its own. */
  private toolCallFor(event: Extract<AgentEvent, { type: 'approval.requested' }>): string {
    if (event.action === 'patch.apply' && this.patchCall !== null) return this.patchCall.id;
    const running = [...this.openCalls.values()].reverse().find((call) => call.tool === event.tool);
    return running?.toolCallId ?? `${this.id}-approval-${event.approvalId}`;
  }

  private sendText(text: string, agent: string): void {
    if (text.length === 0) return;
    this.send({ sessionUpdate: agent === MAIN_AGENT ? 'agent_message_chunk' : 'agent_thought_chunk', content: { type: 'text', text } });
  }

  /** Queues one update after those before it; a failure (the editor went away) is logged, not thrown. */
  private send(update: SessionUpdate): void {
    const { client } = this.options;
    this.sending = this.sending.then(() =>
      client.notify('session/update', { sessionId: this.id, update }).catch((error: unknown) => {
        this.options.log(`warning: a session update could not be sent (${error instanceof Error ? error.message : String(error)})`);
      }),
    );
  }
}

/** A model call id is unique only within its agent (and not even there, with some servers: see openCalls). */
function callKey(event: { agent: string; callId: string }): string {
  return `${event.agent}\u0000${event.callId}`;
}

function textContent(text: string): ToolCallContent {
  return { type: 'content', content: { type: 'text', text } };
}
