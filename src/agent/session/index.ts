/**
 * Agent sessions: the environment a run shares (services, scope, config,
 * redactor, context cache, docs map, validation commands, approvals,
 * events) and one session per agent (main or sub-agent) with its own
 * permission service, runtime, context session, tools and fixed system prompt.
 */
export type { AgentEnvironment, ApprovalPrompt } from './agent-environment.js';
export type { AgentSession, CreateAgentSessionOptions } from './agent-session.js';
export { createAgentSession } from './create-agent-session.js';
export { toolsForMode } from './tools-for-mode.js';
export type { ToolSetOptions } from './tools-for-mode.js';
export { MAX_PROMPT_DOCS_PAGES, MAX_PROMPT_DOCS_REGIONS, renderDocsSection, renderToolsSection } from './render-prompt-sections.js';
