import fs from 'node:fs';
import path from 'node:path';
import { linkDependencies, sandboxConfigFor } from '../../scripts/link-dependencies.js';
import type { ScriptedTurn } from './scripted-llm-server.js';
import { createTempWorkspace, type TempWorkspace } from './temp-workspace.js';

/** The repository root. */
export const REPOSITORY = path.resolve(import.meta.dirname, '..', '..');

/** A copy of examples/broken-app to run the agent on, with a home directory outside it. */
export interface AgentWorkspace extends AsyncDisposable {
  workspace: TempWorkspace;
  /** HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME and XDG_STATE_HOME (the patch journal) live here, outside the workspace. */
  home: TempWorkspace;
  /**
   * The environment for the CLI: no inherited BRASS_* or colour settings; with
   * a server, the three BRASS_LLM_* variables pointing at it.
   */
  env(server?: { baseUrl: string }, extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** Every file of the workspace (node_modules aside) with its bytes, by relative path. */
  snapshot(): Map<string, Buffer>;
  dispose(): Promise<void>;
}

/**
 * A temp copy of examples/broken-app whose `node_modules` is a symlink to
 * the repository's, so its validation commands (`tsc`, `vitest`) run
 * offline from the repository's dependencies, as they do in place.
 */
export async function createAgentWorkspace(files: Record<string, string> = {}): Promise<AgentWorkspace> {
  const workspace = await createTempWorkspace();
  const home = await createTempWorkspace();
  const example = path.join(REPOSITORY, 'examples', 'broken-app');
  fs.cpSync(example, workspace.root, { recursive: true, filter: (source) => path.relative(example, source).split(path.sep)[0] !== 'node_modules' });
  const dependencies = linkDependencies(workspace.root, REPOSITORY);
  // The repository may lie in a directory the sandbox hides (/tmp, the home directory): its commands need the links' targets.
  home.write('config/brass-agent/config.json', sandboxConfigFor(dependencies));
  for (const [relative, content] of Object.entries(files)) workspace.write(relative, content);
  const agent: AgentWorkspace = {
    workspace,
    home,
    env(server, extra = {}) {
      const env: NodeJS.ProcessEnv = {};
      for (const [name, value] of Object.entries(process.env)) {
        if (name.startsWith('BRASS_') || name === 'NO_COLOR' || name === 'FORCE_COLOR' || name.startsWith('XDG_')) continue;
        env[name] = value;
      }
      Object.assign(env, {
        HOME: home.root,
        XDG_CONFIG_HOME: home.path('config'),
        XDG_CACHE_HOME: home.path('cache'),
        XDG_STATE_HOME: home.path('state'),
        ...(server ? { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_MODEL: 'scripted-test' } : {}),
        ...extra,
      });
      return env;
    },
    snapshot() {
      const files = new Map<string, Buffer>();
      const walk = (directory: string): void => {
        for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
          const full = path.join(directory, entry.name);
          const relative = path.relative(workspace.root, full).split(path.sep).join('/');
          if (relative === 'node_modules') continue;
          if (entry.isDirectory()) walk(full);
          else files.set(relative, fs.readFileSync(full));
        }
      };
      walk(workspace.root);
      return files;
    },
    async dispose() {
      await workspace.dispose();
      await home.dispose();
    },
    async [Symbol.asyncDispose]() {
      await agent.dispose();
    },
  };
  return agent;
}

/** The scripted turns of the intended fix: read the auth client, rename the two calls, finish. */
export const FIX_SCRIPT: readonly ScriptedTurn[] = [
  { text: 'Reading the auth client first.', toolCalls: [{ name: 'read_file', arguments: { path: 'src/auth/auth-client.ts' } }] },
  {
    text: 'getToken was renamed to getAccessToken; updating the callers.',
    toolCalls: [{ name: 'edit_file', arguments: { path: 'src/user/user-service.ts', old_string: 'getToken()', new_string: 'getAccessToken()', replace_all: true } }],
  },
  { text: 'Renamed both calls to getAccessToken().' },
];
