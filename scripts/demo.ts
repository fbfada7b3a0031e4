// `npm run demo`: the agent end to end on a temp copy of examples/broken-app.
// Builds the CLI when dist/ is missing or older than src/, copies the example
// (its node_modules is a symlink to ours, so `tsc` and `vitest` run offline),
// then runs `brass-agent run "fix the failing typecheck" --mode write
// --approval auto` on the copy: discovery runs the real validation commands,
// the model reads and edits through the tools, the patch is applied and
// validated. With a provider configured (BRASS_LLM_PROVIDER, or llm.provider
// in your user config) your model does the work; without one, a scripted
// model server on 127.0.0.1 plays the model's side of the same pipeline.
// Extra arguments go to `brass-agent run` (`npm run demo -- --protocol-json`).
// BRASS_DEMO_KEEP=1 keeps the copy for a look afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { parse as parseJsonc } from 'jsonc-parser';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ScriptedTurn, startScriptedLlmServer } from '../test/support/scripted-llm-server.js';
import { CLI_PATH as CLI, ROOT, buildIfStale } from './build-if-stale.js';
import { linkDependencies, sandboxConfigFor } from './link-dependencies.js';

const EXAMPLE = path.join(ROOT, 'examples', 'broken-app');
const GOAL = 'fix the failing typecheck';
/** Pause between streamed chunks of the scripted model, so the streaming is visible. */
const CHUNK_DELAY_MS = 15;

/** What the scripted model does: read the auth client, rename the two calls, finish. */
const DEMO_SCRIPT: readonly ScriptedTurn[] = [
  {
    text: 'The type check says AuthClient has no getToken. Let me read the auth client to see what it offers now.',
    toolCalls: [{ name: 'read_file', arguments: { path: 'src/auth/auth-client.ts' } }],
  },
  {
    text: 'AuthClient renamed getToken() to getAccessToken() when it learned to refresh tokens; user-service.ts still calls the old name twice. Updating both calls.',
    toolCalls: [{ name: 'edit_file', arguments: { path: 'src/user/user-service.ts', old_string: 'this.auth.getToken()', new_string: 'this.auth.getAccessToken()', replace_all: true } }],
  },
  { text: 'Done: UserService now calls AuthClient.getAccessToken(), which also refreshes a token close to expiry.' },
];

const say = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

/**
 * A temp copy of the example whose node_modules links to ours (its tsc and
 * vitest), and a config file next to it (never inside it) that shows our
 * node_modules to the sandboxed commands: it may lie in a hidden directory.
 */
function copyExample(): { copy: string; configFile: string } {
  const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'brass-demo-')));
  const copy = path.join(parent, 'broken-app');
  fs.cpSync(EXAMPLE, copy, { recursive: true, filter: (source) => path.relative(EXAMPLE, source).split(path.sep)[0] !== 'node_modules' });
  const configFile = path.join(parent, 'demo-config.json');
  fs.writeFileSync(configFile, sandboxConfigFor(linkDependencies(copy, ROOT)));
  return { copy, configFile };
}

/** The provider and model brass-agent resolves for the copy (env and user config), or null. */
function configuredModel(copy: string): { provider: string; model: string } | null {
  const config = spawnSync(process.execPath, [CLI, 'config', '--json', '--cwd', copy], { encoding: 'utf8' });
  if (config.status !== 0) return null;
  const llm = (JSON.parse(config.stdout) as { config?: { llm?: { provider?: string; model?: string } } }).config?.llm;
  return llm?.provider === undefined ? null : { provider: llm.provider, model: llm.model ?? '(no model set)' };
}

/** doctor's `sandbox` check for the copy: whether its commands will run sandboxed. */
function sandboxCheckOf(copy: string): { status: string; detail: string } | undefined {
  const doctor = spawnSync(process.execPath, [CLI, 'doctor', '--json', '--cwd', copy], { encoding: 'utf8' });
  return (JSON.parse(doctor.stdout) as { checks: { name: string; status: string; detail: string }[] }).checks.find((check) => check.name === 'sandbox');
}

/**
 * Without a sandbox an untrusted workspace's commands do not run, and the
 * copy is one: the demo trusts it, for this run only, in a private config
 * directory that starts from your user config (your model settings stay).
 */
function trustCopyPrivately(copy: string): NodeJS.ProcessEnv {
  const home = process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config');
  const yours = path.join(home, 'brass-agent', 'config.json');
  const config = (fs.existsSync(yours) ? (parseJsonc(fs.readFileSync(yours, 'utf8')) as Record<string, unknown> | undefined) : undefined) ?? {};
  const trusted = Array.isArray(config.trustedWorkspaces) ? config.trustedWorkspaces : [];
  const privateHome = path.join(path.dirname(copy), 'config');
  fs.mkdirSync(path.join(privateHome, 'brass-agent'), { recursive: true });
  fs.writeFileSync(path.join(privateHome, 'brass-agent', 'config.json'), JSON.stringify({ ...config, trustedWorkspaces: [...trusted, copy] }, null, 2));
  return { XDG_CONFIG_HOME: privateHome };
}

function runAgent(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  // Asynchronous on purpose: the scripted server answers from this process's event loop.
  const child = spawn(process.execPath, [CLI, ...args], { stdio: 'inherit', env });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

buildIfStale(() => say('building brass-agent (dist/ is missing or older than src/) …'));
const { copy, configFile } = copyExample();
const model = configuredModel(copy);
let env: NodeJS.ProcessEnv = { ...process.env };
const server = model === null ? await startScriptedLlmServer({ script: DEMO_SCRIPT, chunkDelayMs: CHUNK_DELAY_MS }) : null;
if (server !== null) {
  env = { ...env, BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_BASE_URL: server.baseUrl, BRASS_LLM_MODEL: 'scripted-demo' };
  say(`No LLM provider is configured, so a scripted model server on ${server.baseUrl} plays the model.`);
  say('Everything else is real: discovery runs the example\'s type check and tests, the tools read and edit the files, the patch is applied and validated.');
} else {
  say(`Using your model: ${model!.provider} / ${model!.model}.`);
}
const sandbox = sandboxCheckOf(copy);
if (sandbox !== undefined && sandbox.status !== 'ok') {
  say(`\nNo sandbox here (${sandbox.detail}).`);
  say('The demo trusts its own copy of the example for this run, so its commands run unsandboxed, as `brass-agent trust` would allow.');
  env = { ...env, ...trustCopyPrivately(copy) };
}
say(`\nbrass-agent run "${GOAL}" --mode write --approval auto on a copy of examples/broken-app (${copy})\n`);

let exitCode: number;
try {
  exitCode = await runAgent(['run', GOAL, '--mode', 'write', '--approval', 'auto', '--cwd', copy, '--config', configFile, ...process.argv.slice(2)], env);
} finally {
  await server?.close();
  if (process.env.BRASS_DEMO_KEEP === '1') say(`\nThe copy stays at ${copy}.`);
  else fs.rmSync(path.dirname(copy), { recursive: true, force: true });
}

if (server !== null) {
  say(`
To run it with a real model, set three variables (an API key too, for a hosted one) and run the demo again:

  BRASS_LLM_PROVIDER=openai-compatible BRASS_LLM_BASE_URL=http://127.0.0.1:11434/v1 BRASS_LLM_MODEL=qwen2.5-coder npm run demo   # Ollama
  BRASS_LLM_PROVIDER=anthropic BRASS_LLM_MODEL=claude-sonnet-4-5 ANTHROPIC_API_KEY=... npm run demo
  BRASS_LLM_PROVIDER=openai BRASS_LLM_MODEL=gpt-4.1 OPENAI_API_KEY=... npm run demo

or put { "llm": { "provider": ..., "model": ..., "baseUrl": ... } } in ~/.config/brass-agent/config.json. See docs/agent.md.`);
}
process.exitCode = exitCode;
