import { type PermissionRequest, commandDefinitionPaths, createPermissionService, createRuntime } from '../../core/index.js';
import { createToolResultTrace } from '../memory/index.js';
import type { AgentEvent } from '../events/agent-event.js';
import { assembleSystemPrompt, createContextSession, PLAIN_SYSTEM_PROMPT } from '../context-session/index.js';
import type { AgentEnvironment } from './agent-environment.js';
import type { AgentSession, CreateAgentSessionOptions } from './agent-session.js';
import { createApprovalAsker } from './create-approval-asker.js';
import { renderDocsSection, renderToolsSection } from './render-prompt-sections.js';
import { toolsForMode } from './tools-for-mode.js';
import { safeToolNames } from '../tools/tool-registry.js';

/**
 * Builds one agent session on the run's environment:
 * - its own permission service: the config's rules, the approval mode, the
 *   validation commands' argv allowed, its own grants (a sub-agent's start
 *   empty, from `parent.grants.createChild()`), and an `ask` that emits the
 *   approval events and shows the diff set by `setApprovalDiff`;
 * - its own runtime on the shared services, scope and limits;
 * - its own context session on the shared context cache (one walk for the
 *   whole run, its own disclosure state);
 * - the tools of its mode (see toolsForMode);
 * - its system prompt: the context session's prompt, the docs regions, the
 *   memory index (read once per context cache, so once per conversation)
 *   and the tools, redacted, computed once and never changed.
 * Throws InvalidInputError when the selection names an unknown agent, flow
 * or step, or a permission rule is malformed.
 *
 * @example
 * const session = await createAgentSession(environment, { mode: 'propose', name: 'main', edits });
 * const result = await runToolLoop({ session, messages: [{ role: 'user', content: goal }], maxSteps: 40, maxTokens: 1_000_000 });
 */
export async function createAgentSession(environment: AgentEnvironment, options: CreateAgentSessionOptions): Promise<AgentSession> {
  return buildSession(environment, options, { next: 1 });
}

/** A session and the children it creates share one numbering: delegate-1, delegate-2, ... */
interface ChildCounter {
  next: number;
}

async function buildSession(environment: AgentEnvironment, options: CreateAgentSessionOptions, counter: ChildCounter): Promise<AgentSession> {
  const { config, redactor } = environment;
  const parent = options.parent ?? null;
  const redact = (text: string): string => redactor.redact(text).text;
  const emit = (event: AgentEvent): void => environment.onEvent(event);
  let approvalDiff: string | null = null;
  let approvalWaitMs = 0;

  // `project.validationCommands` replaces the discovered commands: from a source not trusted, none is the project's own.
  const isConfiguredUntrusted = config.project.validationCommands !== undefined && environment.isConfiguredCommandTrusted !== true;
  const allowedCommands = isConfiguredUntrusted ? [] : environment.validationCommands.map((command) => command.argv);
  const permission = createPermissionService({
    rules: config.permissions,
    approval: environment.approval,
    allowedCommands,
    commandDefinitionPaths: commandDefinitionPaths(allowedCommands),
    // The tool registry's read tools: the safe set is derived, never typed out.
    safeTools: safeToolNames(),
    // The sandbox makes a prompt per command pointless where the mode already lets the agent change the workspace.
    areCommandsConfined: environment.areCommandsConfined === true && (options.mode === 'write' || options.mode === 'autonomous') && parent === null,
    clock: environment.services.clock,
    ...(environment.homeDir === undefined ? {} : { homeDir: environment.homeDir }),
    ...(parent === null ? {} : { grants: parent.grants.createChild() }),
    ask: createApprovalAsker({
      sessionName: options.name,
      ask: environment.ask,
      emit,
      redact,
      takeDiff: () => {
        const diff = approvalDiff;
        approvalDiff = null;
        return diff;
      },
      clock: environment.services.clock,
      onWaited: (ms) => (approvalWaitMs += ms),
    }),
  });
  const runtime = createRuntime({
    services: { ...environment.services, permission },
    scope: environment.scope,
    shellParser: environment.shellParser,
    limits: environment.limits,
    ...(environment.env['PATH'] === undefined ? {} : { programSearchPath: environment.env['PATH'] }),
  });
  const selection = options.selection ?? {};
  const contextSession = await createContextSession({
    runtime,
    config,
    basePrompt: PLAIN_SYSTEM_PROMPT,
    selection,
    env: environment.env,
    cache: environment.contextCache,
    shellParser: environment.shellParser,
    ...(environment.projectRoot === undefined ? {} : { projectRoot: environment.projectRoot }),
    ...(environment.guidanceRuntime === undefined ? {} : { guidanceRuntime: environment.guidanceRuntime }),
    ...(environment.userGuidance === undefined ? {} : { userGuidance: environment.userGuidance }),
    ...(environment.homeDir === undefined ? {} : { homeDir: environment.homeDir }),
  });
  const isChild = parent !== null;
  const mode = isChild ? 'read-only' : options.mode;
  const memory = config.memory.enabled ? (environment.memory ?? null) : null;
  const tools = toolsForMode({ mode, isChild, config, docsMap: environment.docsMap, validationCommands: environment.validationCommands, memory });
  const docsSection = renderDocsSection(environment.docsMap === null ? null : environment.docsMap.regions());
  const cache = environment.contextCache._internal;
  // A memory that cannot be read costs the index, not the session.
  if (memory !== null) {
    cache.memoryIndex ??= memory.promptIndex().catch((error: unknown) => {
      emit({ type: 'warning', message: redact(`no memory index in the prompt: ${error instanceof Error ? error.message : String(error)}`) });
      return '';
    });
  }
  // Read once per context cache: the index is the memory as it was when the conversation started (renderMemoryIndex: bounded, sanitised).
  const memorySection = memory === null ? '' : await cache.memoryIndex!;
  // Redacted once here: the prompt is sent on every turn and must not change between them.
  const systemPrompt = redact(assembleSystemPrompt(contextSession.systemPrompt, [docsSection, memorySection, renderToolsSection(mode, tools, isChild)]));
  cache.toolResultTrace ??= createToolResultTrace();
  const toolResults = cache.toolResultTrace;

  async function approveOperation(request: PermissionRequest, approveOptions: { preview: string; isPreApproved: boolean }): Promise<{ isAllowed: boolean; reason: string }> {
    const verdict = permission.decide(request);
    if (verdict.decision === 'deny') return { isAllowed: false, reason: verdict.reason };
    if (verdict.decision === 'allow') return { isAllowed: true, reason: verdict.reason };
    if (approveOptions.isPreApproved) return { isAllowed: true, reason: 'allowed by configuration' };
    approvalDiff = approveOptions.preview;
    const outcome = await permission.approve(request, verdict);
    approvalDiff = null;
    return outcome === 'deny' ? { isAllowed: false, reason: `not approved (${verdict.reason})` } : { isAllowed: true, reason: 'approved' };
  }

  const session: AgentSession = {
    name: options.name,
    mode,
    selection,
    environment,
    systemPrompt,
    runtime,
    grants: permission.grants,
    tools,
    contextSession,
    edits: options.edits,
    parent,
    toolResults,
    approveOperation,
    setApprovalDiff(diff) {
      approvalDiff = diff;
    },
    approvalWaitMs: () => approvalWaitMs,
    redact,
    emit,
    createChild(childOptions) {
      // Named now, synchronously: tasks started in order are numbered in order.
      const name = `delegate-${counter.next}`;
      counter.next += 1;
      return buildSession(environment, { mode: 'read-only', name, edits: options.edits, parent: session, ...(childOptions.selection === undefined ? {} : { selection: childOptions.selection }) }, counter);
    },
  };
  return session;
}
