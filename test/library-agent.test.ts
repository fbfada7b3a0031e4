import { describe, expect, it } from 'vitest';
import { createContextCache, runAgent, type AgentEvent } from '../src/index.js';
import { createCommandRuntime, openAgentServices, openWorkspace, runtimeLimitsFor } from '../src/node.js';
import { FIX_SCRIPT, createAgentWorkspace } from './support/agent-workspace.js';
import { startScriptedLlmServer } from './support/scripted-llm-server.js';

// The README's "Library use" example for the agent, as a library user writes it (entries `brass-agent` and `brass-agent/node`).

describe('the agent as a library', () => {
  it('runs a goal with runAgent on an opened workspace and returns the proposed patch', { timeout: 60_000 }, async () => {
    await using agent = await createAgentWorkspace();
    const server = await startScriptedLlmServer({ script: FIX_SCRIPT });
    try {
      const env = agent.env(server);
      const streamed: string[] = [];

      const workspace = await openWorkspace({ cwd: agent.workspace.root, env });
      const { services, journal, projectRoot, guidanceRuntime, userGuidance } = await openAgentServices(workspace, { env, needsModel: true });
      const result = await runAgent({
        environment: {
          services,
          scope: workspace.scope,
          shellParser: workspace.shellParser,
          limits: runtimeLimitsFor(workspace.config.config),
          config: workspace.config.config,
          redactor: workspace.redactor,
          env,
          homeDir: workspace.probe.homeDir,
          projectRoot,
          guidanceRuntime,
          userGuidance,
          contextCache: createContextCache(),
          docsMap: null,
          validationCommands: [],
          approval: 'never',
          ask: () => Promise.resolve('deny'),
          onEvent: (event: AgentEvent) => {
            if (event.type === 'text.delta') streamed.push(event.text);
          },
        },
        goal: 'fix the failing typecheck',
        mode: 'propose',
        journal,
        discovery: { run: false, createCommandRuntime: (planned) => createCommandRuntime(workspace, planned) },
      });

      expect(result.state).toBe('proposed');
      expect(result.diff).toContain('+    const response = await this.http.get(\'/me\', { authorization: `Bearer ${this.auth.getAccessToken()}` });');
      expect(streamed.join('')).toContain('Reading the auth client first.');
    } finally {
      await server.close();
    }
  });
});
