import type { PermissionOption, RequestPermissionOutcome, RequestPermissionRequest, ToolCallContent, ToolCallUpdate } from '@agentclientprotocol/sdk';
import type { ApprovalAnswer } from '../../agent/engine/index.js';
import type { AgentEvent } from '../../agent/events/agent-event.js';
import { diffContent } from './diff-content.js';
import { pathLocations } from './tool-call-locations.js';
import { toolKindOf } from './tool-call-kind.js';

type ApprovalRequested = Extract<AgentEvent, { type: 'approval.requested' }>;

/** Our three answers as ACP permission options: allow once, allow always (our `session` grant), reject. */
export const PERMISSION_OPTIONS: readonly PermissionOption[] = [
  { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'session', name: 'Allow for this session', kind: 'allow_always' },
  { optionId: 'deny', name: 'Reject', kind: 'reject_once' },
];

/**
 * The `session/request_permission` for one of our approvals, attached to
 * the tool call it is about: the diff as diff content when the approval
 * carries one (a patch), else the reason and the command as text; the
 * paths it touches as locations. Texts in the event are already redacted.
 */
export function permissionRequest(sessionId: string, toolCallId: string, event: ApprovalRequested, workspaceRoot: string): RequestPermissionRequest {
  const diff = event.diff === null ? [] : diffContent(event.diff, workspaceRoot);
  const lines = [event.reason, ...(event.command === null ? [] : [`command: ${event.command}`]), ...(event.outOfScopePaths.length === 0 ? [] : [`outside the workspace: ${event.outOfScopePaths.join(', ')}`])];
  const content: ToolCallContent[] = [...diff, { type: 'content', content: { type: 'text', text: lines.join('\n') } }];
  const toolCall: ToolCallUpdate = {
    toolCallId,
    title: approvalTitle(event),
    kind: event.action === 'patch.apply' ? 'edit' : event.tool === null ? 'other' : toolKindOf(event.tool),
    status: 'pending',
    content,
    locations: pathLocations(event.paths, workspaceRoot),
  };
  return { sessionId, toolCall, options: [...PERMISSION_OPTIONS] };
}

/** The editor's choice as our answer: an unknown option or a cancelled request is a deny (never approve something unseen). */
export function approvalAnswerOf(outcome: RequestPermissionOutcome): ApprovalAnswer {
  if (outcome.outcome !== 'selected') return { choice: 'deny' };
  const chosen = PERMISSION_OPTIONS.find((option) => option.optionId === outcome.optionId);
  return { choice: chosen === undefined ? 'deny' : (chosen.optionId as ApprovalAnswer['choice']) };
}

function approvalTitle(event: ApprovalRequested): string {
  if (event.action === 'patch.apply') return `Apply the change to ${event.paths.join(', ') || 'the workspace'}`;
  if (event.command !== null) return `Run ${event.command}`;
  return `${event.tool ?? event.action} ${event.paths.join(', ')}`.trim();
}
