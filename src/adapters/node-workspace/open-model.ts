import type { Config } from '../../config/index.js';
import { BrassError, type Llm } from '../../core/index.js';
import { createLlm, resolveLlmSettings } from '../llm/index.js';
import { NO_PROVIDER_MESSAGE } from './open-agent-services.js';

/**
 * The model service for `llm` settings with another model name (a chat's
 * `/model NAME`): the same provider, endpoint and key, the new model.
 * Returns it with its `provider/model` label.
 *
 * @throws BrassError `usage` (NO_PROVIDER_MESSAGE) when no provider is configured; the LLM adapter's errors for an incomplete setting.
 */
export function openModel(llm: Config['llm'], env: NodeJS.ProcessEnv, model: string): { llm: Llm; label: string } {
  const name = model.trim();
  if (name.length === 0) throw new BrassError('usage', 'the model name is empty');
  const settings = resolveLlmSettings({ ...llm, model: name }, env);
  if (settings === null) throw new BrassError('usage', NO_PROVIDER_MESSAGE);
  return { llm: createLlm(settings), label: `${settings.provider}/${settings.model}` };
}
