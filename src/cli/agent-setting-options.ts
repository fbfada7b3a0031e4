import { type Command, Option } from 'commander';
import type { AgentMode } from '../agent/events/agent-event.js';
import type { APPROVAL_MODES, LLM_PROVIDERS } from '../config/index.js';

const AGENT_MODES: readonly AgentMode[] = ['read-only', 'propose', 'write', 'autonomous'];
// Written out, not imported: the config module pulls in zod, and this file loads at start-up.
// Typed as the config lists' tuples, so the compiler keeps each copy exact (values and order).
const APPROVAL_CHOICES: typeof APPROVAL_MODES = ['never', 'ask', 'auto'];
const LLM_PROVIDER_CHOICES: typeof LLM_PROVIDERS = ['openai-compatible', 'openai', 'anthropic'];

/** `--mode`, `--approval`, `--provider`, `--model`, `--base-url`: the agent's settings as flags (`run` and `chat`). */
export function withAgentSettingOptions(command: Command): Command {
  return command
    .addOption(new Option('--mode <mode>', 'what the agent may do (agent.mode; default propose)').choices(AGENT_MODES))
    .addOption(new Option('--approval <mode>', 'when an action needs approval: ask you, approve it, or refuse it (approval; default ask)').choices(APPROVAL_CHOICES))
    .addOption(new Option('--provider <name>', 'LLM wire protocol (llm.provider, BRASS_LLM_PROVIDER)').choices(LLM_PROVIDER_CHOICES))
    .option('--model <name>', 'model name (llm.model, BRASS_LLM_MODEL)')
    .option('--base-url <url>', 'API base URL, e.g. http://127.0.0.1:11434/v1 (llm.baseUrl, BRASS_LLM_BASE_URL)');
}
