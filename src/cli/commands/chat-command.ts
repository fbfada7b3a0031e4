import { Command, Option } from 'commander';
import type { AgentMode } from '../../agent/events/agent-event.js';
import type { APPROVAL_MODES, LLM_PROVIDERS } from '../../config/index.js';
import { type CommandRunner, withCommonOptions } from '../command-context.js';

const AGENT_MODES: readonly AgentMode[] = ['read-only', 'propose', 'write', 'autonomous'];
// Written out, not imported: the config module pulls in zod, and this file loads at start-up.
const APPROVAL_CHOICES: typeof APPROVAL_MODES = ['never', 'ask', 'auto'];
const LLM_PROVIDER_CHOICES: typeof LLM_PROVIDERS = ['openai-compatible', 'openai', 'anthropic'];

/**
 * `brass-agent chat [--continue | --resume [ID]]`: the interactive agent, a
 * terminal UI over the session engine (also bare `brass-agent` on a
 * terminal). A non-terminal stdin is a usage error pointing to `run`. The
 * UI (chat-action.ts and Ink) loads only when the command runs.
 */
export function chatCommand(run: CommandRunner): Command {
  return withCommonOptions(new Command('chat'))
    .description('talk to the agent in your terminal: streamed answers, approvals in-line, /undo, resumable sessions')
    .option('--continue', 'continue the latest session of this workspace', false)
    .option('--resume [id]', 'resume a session by id (without an id: pick one from a list)')
    .addOption(new Option('--mode <mode>', 'what the agent may do (agent.mode; default propose)').choices(AGENT_MODES))
    .addOption(new Option('--approval <mode>', 'when an action needs approval: ask you, approve it, or refuse it (approval; default ask)').choices(APPROVAL_CHOICES))
    .addOption(new Option('--provider <name>', 'LLM wire protocol (llm.provider, BRASS_LLM_PROVIDER)').choices(LLM_PROVIDER_CHOICES))
    .option('--model <name>', 'model name (llm.model, BRASS_LLM_MODEL)')
    .option('--base-url <url>', 'API base URL, e.g. http://127.0.0.1:11434/v1 (llm.baseUrl, BRASS_LLM_BASE_URL)')
    .action(async (raw: Record<string, unknown>) => {
      await run(async (context) => {
        const { executeChat } = await import('./chat-action.js');
        await executeChat(context, raw);
      }, raw);
    });
}
