import { BrassError, createRedactor } from '../../core/index.js';
import { chooseSearchEngine, loadWorkspaceConfig, readWorkspaceConfigFiles, type OpenWorkspaceOptions } from '../../adapters/node-workspace/index.js';
import { DEFAULT_SANDBOX_SETTINGS } from '../../adapters/node-workspace/index.js';
import type { LlmCheckResult } from '../../adapters/llm/index.js';
import { createSandboxedShell, describeSandboxGap, type SandboxedShell } from '../../adapters/sandbox/index.js';
import { ConfigError, formatConfigIssue, type LoadedConfig } from '../../config/index.js';
import type { CommandContext } from '../command-context.js';
import { displayPath } from '../display-path.js';
import { EXIT_JOB_FAILED } from '../exit-code.js';
import { checkModelEndpoint, inspectModel, type DoctorModelReport } from './doctor-model.js';

const MINIMUM_NODE = [20, 19] as const;
const PROBE_TIMEOUT_MS = 5_000;

/** One row of the doctor report: a check, its outcome and what it found. */
export interface DoctorCheck {
  name: string;
  /** `error`: only the sandbox check, when `sandbox.mode` is `required` and it cannot run (CLI contract). */
  status: 'ok' | 'warn' | 'fail' | 'error';
  detail: string;
}

function isNodeSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1]);
}

async function firstLineOf(shell: SandboxedShell, argv: string[], cwd: string): Promise<string | null> {
  try {
    const result = await shell.run({ argv, cwd, timeoutMs: PROBE_TIMEOUT_MS, maxOutputBytes: 4096, origin: 'brass' });
    return result.exitCode === 0 ? (result.stdout.split('\n')[0] ?? '').trim() : null;
  } catch (error) {
    if (BrassError.isInstance(error)) return null;
    throw error;
  }
}

/** What doctor found: the rows, the model configuration (when the config loaded) and the `--check-llm` outcome. */
export interface DoctorReport {
  checks: DoctorCheck[];
  model?: DoctorModelReport;
  llmCheck?: LlmCheckResult;
}

/** Options of runDoctorChecks: the workspace, and whether to send the one `--check-llm` request. */
export interface DoctorOptions extends OpenWorkspaceOptions {
  /** Without it doctor makes no network call. */
  checkLlm?: boolean;
}

/** A config source as doctor shows it: `user:~/.config/…`, never the absolute home path. */
function showSource(source: string, show: (absolute: string) => string): string {
  const match = /^(user|config|workspace):(\/.*)$/.exec(source);
  return match === null ? source : `${match[1]}:${show(match[2] ?? '')}`;
}

/** Runs every check; never throws for a failed check (it becomes a `fail` row). */
export async function runDoctorChecks(options: DoctorOptions): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  const node = process.version;
  checks.push({ name: 'node', status: isNodeSupported(node) ? 'ok' : 'fail', detail: `${node} (needs >= ${MINIMUM_NODE.join('.')})` });

  let opened: Awaited<ReturnType<typeof readWorkspaceConfigFiles>>;
  try {
    opened = await readWorkspaceConfigFiles(options);
  } catch (error) {
    checks.push({ name: 'workspace', status: 'fail', detail: error instanceof Error ? error.message : String(error) });
    return { checks };
  }
  const { probe, scope, files } = opened;
  const show = (absolute: string) => displayPath(absolute, { root: scope.root, homeDir: probe.homeDir });
  checks.push({ name: 'workspace', status: 'ok', detail: scope.root });

  const gitCheckAt = checks.length;
  let loaded: LoadedConfig | null = null;
  try {
    loaded = loadWorkspaceConfig(files, options, scope.root);
    const read = [files.user.text !== null ? show(files.user.path) : null, files.workspace.text !== null ? files.workspace.path : null, files.explicit ? show(files.explicit.path) : null].filter(Boolean);
    checks.push({ name: 'config', status: loaded.warnings.length > 0 ? 'warn' : 'ok', detail: [read.length > 0 ? `valid (${read.join(', ')})` : 'no config files: defaults', ...loaded.warnings].join('; ') });
  } catch (error) {
    const detail = ConfigError.isInstance(error) ? error.issues.map(formatConfigIssue).join('; ') : String(error);
    checks.push({ name: 'config', status: 'fail', detail });
  }
  const trusted = loaded?.isWorkspaceTrusted ?? false;
  checks.push({ name: 'trust', status: 'ok', detail: trusted ? 'trusted: workspace config may widen permissions' : 'not trusted: workspace config may only narrow permissions (brass-agent trust)' });
  const settings = loaded?.config.sandbox ?? DEFAULT_SANDBOX_SETTINGS;
  // The model's key never reaches a command, whatever its variable is called (issue 15, item 17).
  const apiKeyEnv = loaded?.config.llm.apiKeyEnv;
  const shell = createSandboxedShell({ baseEnv: options.env, secretVariables: apiKeyEnv === undefined ? [] : [apiKeyEnv], homeDir: probe.homeDir, settings, isWorkspaceTrusted: trusted });
  checks.push(await sandboxCheck(shell, settings.mode, trusted));
  const git = await firstLineOf(shell, ['git', '--version'], scope.root);
  checks.splice(gitCheckAt, 0, { name: 'git', status: git ? 'ok' : 'warn', detail: git ?? 'git not found: guidance falls back to the working directory as the project root' });

  if (loaded) {
    try {
      const search = await chooseSearchEngine(loaded.config, options.env);
      if (search.ripgrep) {
        const version = await firstLineOf(shell, [search.ripgrep.path, '--version'], scope.root);
        checks.push({ name: 'search', status: version ? 'ok' : 'warn', detail: `${version ?? 'rg (version unknown)'}, ${search.ripgrep.source}` });
      } else {
        checks.push({ name: 'search', status: 'warn', detail: 'no ripgrep binary: using the pure-Node search (same results, slower)' });
      }
    } catch (error) {
      checks.push({ name: 'search', status: 'fail', detail: error instanceof Error ? error.message : String(error) });
    }
  }
  checks.push({ name: 'user config', status: 'ok', detail: show(files.user.path) });
  // What doctor shows passes the redactor every other output passes (an endpoint's error text, a model name, a path).
  const redactor = createRedactor({ ...(loaded?.config.redaction ?? {}), env: options.env, secretVariables: apiKeyEnv === undefined ? [] : [apiKeyEnv] });
  const redacted = (report: DoctorReport): DoctorReport => redactor.redactValue(report).value;
  if (loaded === null) return redacted({ checks });
  const model = inspectModel(loaded, options.env, (source) => showSource(source, show));
  checks.push(model.check);
  if (options.checkLlm !== true) return redacted({ checks, model: model.report });
  const endpoint = await checkModelEndpoint(model.settings);
  checks.push(endpoint.check);
  return redacted({ checks, model: model.report, llmCheck: endpoint.result });
}

/** The `sandbox` row: active, or why not, what that means for this workspace, and the fix. */
async function sandboxCheck(shell: SandboxedShell, mode: LoadedConfig['config']['sandbox']['mode'], isTrusted: boolean): Promise<DoctorCheck> {
  const status = await shell.status();
  if (status.state === 'active') return { name: 'sandbox', status: 'ok', detail: `active: ${status.detail}; commands run with the workspace writable, HOME hidden, no network` };
  const detail = describeSandboxGap(status, { isWorkspaceTrusted: isTrusted, isRequired: mode === 'required' }) ?? status.state;
  return { name: 'sandbox', status: mode === 'required' ? 'error' : 'warn', detail };
}

/**
 * Runs `brass-agent doctor` (defined in doctor-command.ts): prints one row per
 * check (or the JSON document, with `model` and, after `--check-llm`,
 * `llmCheck`) and sets exit code 1 when a check failed.
 */
export async function executeDoctor(context: CommandContext, raw: Record<string, unknown> = {}): Promise<void> {
  const { options, output, streams } = context;
  const { checks, model, llmCheck } = await runDoctorChecks({ cwd: options.cwd, env: streams.env, checkLlm: raw.checkLlm === true, ...(options.config ? { configPath: options.config } : {}) });
  const isOk = checks.every((check) => check.status !== 'fail' && check.status !== 'error');
  if (options.json) {
    // Paths in JSON are never absolute: the workspace root is `.`.
    const rows = checks.map((check) => (check.name === 'workspace' && check.status === 'ok' ? { ...check, detail: '.' } : check));
    output.json({ version: 1, ok: isOk, checks: rows, ...(model === undefined ? {} : { model }), ...(llmCheck === undefined ? {} : { llmCheck }) });
  } else {
    const { green, yellow, red, bold } = output.colors;
    const mark = { ok: green('ok  '), warn: yellow('warn'), fail: red('FAIL'), error: red('FAIL') } as const;
    for (const check of checks) output.result(`${mark[check.status]} ${bold(check.name.padEnd(12))} ${check.detail}`);
  }
  if (!isOk) context.exitCode = EXIT_JOB_FAILED;
}
