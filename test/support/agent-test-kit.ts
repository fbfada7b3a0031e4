import { createNodePathProbe } from '../../src/adapters/file-system/index.js';
import { createNodeServices } from '../../src/adapters/node-workspace/index.js';
import { findRipgrep } from '../../src/adapters/search/index.js';
import { loadShellParser } from '../../src/adapters/shell-parser/index.js';
import { createContextCache } from '../../src/agent/context-session/index.js';
import type { AgentEvent, AgentMode } from '../../src/agent/events/agent-event.js';
import { type AgentMemory, createAgentMemory } from '../../src/agent/memory/index.js';
import { createFileMemoryStore } from '../../src/adapters/memory-store/index.js';
import { Changeset } from '../../src/agent/patch/index.js';
import { type AgentEnvironment, type AgentSession, type ApprovalPrompt, createAgentSession } from '../../src/agent/session/index.js';
import { ConfigSchema, type ConfigInput } from '../../src/config/index.js';
import { createDocsMap } from '../../src/context/docs/index.js';
import type { ContextSelection } from '../../src/context/scoped/index.js';
import {
  type ApprovalOutcome,
  type CheckingRuntime,
  type ShellParser,
  WorkspaceScope,
  createPermissionService,
  createRedactor,
  createRuntime,
} from '../../src/core/index.js';
import { ScriptedLlm, type ScriptedReply, type ScriptedStep, type RecordedLlmRequest } from './scripted-llm.js';

let shellParser: Promise<ShellParser> | undefined;

/** Options of createAgentTestKit. */
export interface AgentTestKitOptions {
  root: string;
  script: ScriptedStep[] | ((request: RecordedLlmRequest, index: number) => ScriptedReply | Promise<ScriptedReply>);
  config?: ConfigInput;
  approval?: 'ask' | 'auto' | 'never';
  /** What the person answers on `ask` (default deny). */
  answer?: ApprovalOutcome | ((prompt: ApprovalPrompt) => ApprovalOutcome);
  validationCommands?: { name: string; argv: readonly string[] }[];
  /** Open the docs map of `docs/`. */
  docs?: boolean;
  /** The environment the redactor looks for secret values in. */
  env?: Record<string, string>;
  /** The agent's memory (see openTestMemory); default none. */
  memory?: AgentMemory | null;
}

/** A real agent environment on a temp workspace, with a scripted model, recorded events and asks. */
export interface AgentTestKit {
  environment: AgentEnvironment;
  llm: ScriptedLlm;
  events: AgentEvent[];
  asked: ApprovalPrompt[];
  /** The run's pending edits (the real Changeset on a runtime that may read for edits). */
  edits: Changeset;
  /** A runtime on the workspace for assertions (reads allowed). */
  baseRuntime: CheckingRuntime;
  session(options?: { mode?: AgentMode; name?: string; selection?: ContextSelection }): Promise<AgentSession>;
}

/**
 * Builds an AgentEnvironment on real Node services (safe file access, real
 * ripgrep when found, child processes, the tree-sitter shell parser) with a
 * ScriptedLlm as the model, recording every event and approval prompt.
 */
export async function createAgentTestKit(options: AgentTestKitOptions): Promise<AgentTestKit> {
  const probe = createNodePathProbe();
  const scope = await WorkspaceScope.create({ root: options.root, probe });
  const config = ConfigSchema.parse(options.config ?? {});
  const llm = new ScriptedLlm(options.script);
  const ripgrep = await findRipgrep({ configuredPath: null, env: process.env });
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env };
  // The entry point's permission service: the sessions replace it with their own.
  const services = { ...createNodeServices({ ripgrep, env, permission: createPermissionService({ approval: 'never' }) }), llm };
  shellParser ??= loadShellParser();
  const parser = await shellParser;
  // The changeset reads files for edits as the orchestration does: with tool edit_file, approved inside the workspace.
  const baseRuntime = createRuntime({ services: { ...services, permission: createPermissionService({ approval: 'auto', rules: config.permissions }) }, scope, shellParser: parser });
  const events: AgentEvent[] = [];
  const asked: ApprovalPrompt[] = [];
  const answer = options.answer ?? 'deny';
  const environment: AgentEnvironment = {
    services,
    scope,
    shellParser: parser,
    limits: {},
    config,
    redactor: createRedactor({ env }),
    env,
    homeDir: probe.homeDir,
    contextCache: createContextCache(),
    memory: options.memory ?? null,
    docsMap: options.docs === true ? await createDocsMap({ runtime: baseRuntime, dirs: ['docs'] }) : null,
    validationCommands: options.validationCommands ?? [],
    approval: options.approval ?? 'never',
    ask: async (prompt) => {
      asked.push(prompt);
      return typeof answer === 'function' ? answer(prompt) : answer;
    },
    onEvent: (event) => events.push(event),
  };
  const edits = new Changeset(baseRuntime);
  return {
    environment,
    llm,
    events,
    asked,
    edits,
    baseRuntime,
    session: (sessionOptions = {}) =>
      createAgentSession(environment, {
        mode: sessionOptions.mode ?? 'propose',
        name: sessionOptions.name ?? 'main',
        edits,
        ...(sessionOptions.selection === undefined ? {} : { selection: sessionOptions.selection }),
      }),
  };
}

/** The tool result messages of a transcript, in order. */
export function toolResults(messages: readonly { role: string }[]): { toolName: string; content: string; isError?: boolean }[] {
  return messages.filter((message): message is { role: 'tool'; toolName: string; content: string; isError?: boolean } => message.role === 'tool');
}

/** A real memory (file store, default bounds, the default redactor) for `workspace` under `root`, a temp directory outside the workspace. */
export function openTestMemory(root: string, workspace: string, bounds: { maxEntries?: number; maxBytes?: number } = {}): AgentMemory {
  const store = createFileMemoryStore({ root, workspace, maxEntries: bounds.maxEntries ?? 1000, maxBytes: bounds.maxBytes ?? 4 * 1024 * 1024 });
  const redactor = createRedactor();
  return createAgentMemory({ store, redact: (text) => redactor.redact(text).text, now: () => new Date().toISOString() });
}
