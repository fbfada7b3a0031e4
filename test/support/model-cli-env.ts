import type { TempWorkspace } from './temp-workspace.js';

/** A fake key long enough to be redacted (see create-llm.ts), so a leak would be visible. */
export const FAKE_LLM_KEY = 'sk-test-doctor-0123456789abcdef';

/**
 * The environment for a CLI test about the model: nothing inherited that
 * sets a provider or a key (BRASS_*, OPENAI_API_KEY, ANTHROPIC_API_KEY) or
 * points at the real config and state (XDG_*), a home and config directory
 * inside `home`, and `extra` on top.
 */
export function modelCliEnv(home: TempWorkspace, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('BRASS_') || name.startsWith('XDG_') || name === 'OPENAI_API_KEY' || name === 'ANTHROPIC_API_KEY' || name === 'NO_COLOR' || name === 'FORCE_COLOR') continue;
    env[name] = value;
  }
  return { ...env, HOME: home.root, XDG_CONFIG_HOME: home.path('config'), XDG_CACHE_HOME: home.path('cache'), XDG_STATE_HOME: home.path('state'), ...extra };
}
