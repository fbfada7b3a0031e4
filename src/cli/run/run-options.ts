import type { AgentMode } from '../../agent/events/agent-event.js';
import { CONTEXT_NAME_MESSAGE, CONTEXT_NAME_PATTERN, type ConfigInput, type LLM_PROVIDERS } from '../../config/index.js';
import { BrassError, InvalidInputError, type ApprovalMode } from '../../core/index.js';

/** What `brass-agent run` was asked to do, checked. */
export interface RunCommandOptions {
  /** GOAL words joined; null when a batch file or a patch file stands in for it. */
  goal: string | null;
  mode?: AgentMode;
  approval?: ApprovalMode;
  provider?: (typeof LLM_PROVIDERS)[number];
  model?: string;
  baseUrl?: string;
  maxSteps?: number;
  isDryRun: boolean;
  isProtocolJson: boolean;
  isJson: boolean;
  isCi: boolean;
  /** Run the validation commands during discovery (`--no-run` turns it off). */
  isValidationRun: boolean;
  /** `--progress` and `--quiet`, as progressModeOf reads them. */
  progress: { progress: boolean; quiet: boolean };
  flow?: string;
  agent?: string;
  batchFile?: string;
  saveRun?: string;
  patchFile?: string;
  applyPatchFile?: string;
  /** `--validation-output FILE|-`: a log whose signals discovery reads, for every run of the command. */
  validationOutput?: string;
}

/** Raw flag values as commander hands them over. */
export type RawRunFlags = Record<string, unknown>;

const stringFlag = (raw: RawRunFlags, key: string): string | undefined => (typeof raw[key] === 'string' ? raw[key] : undefined);

function checkName(flag: string, value: string | undefined): string | undefined {
  if (value !== undefined && !CONTEXT_NAME_PATTERN.test(value)) throw new InvalidInputError(flag, `${JSON.stringify(value)}: ${CONTEXT_NAME_MESSAGE}`);
  return value;
}

function conflict(message: string): BrassError {
  return new BrassError('usage', message);
}

/**
 * Checks the flags of `brass-agent run` and the combinations that make no
 * sense, each refused with one line (exit 2): `--json` with
 * `--protocol-json`; no GOAL without `--batch-file` or `--apply-patch-file`;
 * a GOAL with `--batch-file`; `--apply-patch-file` with `--batch-file`,
 * `--flow` or `--mode read-only`; `--patch-file` with `--batch-file` or
 * `--flow` (several runs, several diffs); `--validation-output` with
 * `--apply-patch-file` (no model reads the log).
 */
export function parseRunOptions(goalWords: readonly string[], raw: RawRunFlags, common: { json: boolean }): RunCommandOptions {
  const goal = goalWords.join(' ').trim();
  const options: RunCommandOptions = {
    goal: goal.length > 0 ? goal : null,
    isDryRun: raw.dryRun === true,
    isProtocolJson: raw.protocolJson === true,
    isJson: common.json,
    isCi: raw.ci === true,
    isValidationRun: raw.run !== false,
    progress: { progress: raw.progress === true, quiet: raw.quiet === true },
  };
  const assign = <Key extends keyof RunCommandOptions>(key: Key, value: RunCommandOptions[Key] | undefined): void => {
    if (value !== undefined) options[key] = value;
  };
  assign('mode', stringFlag(raw, 'mode') as AgentMode | undefined);
  assign('approval', stringFlag(raw, 'approval') as ApprovalMode | undefined);
  // commander has checked it against the choices.
  assign('provider', stringFlag(raw, 'provider') as RunCommandOptions['provider']);
  assign('model', stringFlag(raw, 'model'));
  assign('baseUrl', stringFlag(raw, 'baseUrl'));
  assign('maxSteps', typeof raw.maxSteps === 'number' ? raw.maxSteps : undefined);
  assign('flow', checkName('--flow', stringFlag(raw, 'flow')));
  assign('agent', checkName('--agent', stringFlag(raw, 'agent')));
  assign('batchFile', stringFlag(raw, 'batchFile'));
  assign('saveRun', stringFlag(raw, 'saveRun'));
  assign('patchFile', stringFlag(raw, 'patchFile'));
  assign('applyPatchFile', stringFlag(raw, 'applyPatchFile'));
  assign('validationOutput', stringFlag(raw, 'validationOutput'));

  if (options.isJson && options.isProtocolJson) throw conflict('--json and --protocol-json cannot be used together: pick one output format');
  if (options.batchFile !== undefined) {
    if (options.goal !== null) throw conflict('--batch-file takes its goals from the file: give no GOAL with it');
    if (options.applyPatchFile !== undefined) throw conflict('--apply-patch-file cannot be combined with --batch-file');
    if (options.patchFile !== undefined) throw conflict('--patch-file writes the diff of one run: it cannot be combined with --batch-file');
  } else if (options.goal === null && options.applyPatchFile === undefined) {
    throw conflict('a GOAL is required: brass-agent run "what you want done" (or use --batch-file FILE, or --apply-patch-file FILE)');
  }
  if (options.flow !== undefined) {
    if (options.applyPatchFile !== undefined) throw conflict('--apply-patch-file cannot be combined with --flow');
    if (options.patchFile !== undefined) throw conflict('--patch-file writes the diff of one run: it cannot be combined with --flow');
  }
  if (options.applyPatchFile !== undefined && options.validationOutput !== undefined) {
    throw conflict('--validation-output gives the model failures to work on; --apply-patch-file calls no model: drop one of them');
  }
  if (options.applyPatchFile !== undefined && options.mode === 'read-only') throw conflict('--apply-patch-file cannot run in read-only mode: use --mode write (the default with it) or propose');
  return options;
}

/** The flags of `run` (and `chat`) that are settings. */
export type SettingFlags = Pick<RunCommandOptions, 'provider' | 'model' | 'baseUrl' | 'mode' | 'maxSteps' | 'approval' | 'applyPatchFile'>;

/** The setting flags as commander parsed them (it has checked the choices). */
export function settingFlagsOf(raw: RawRunFlags): SettingFlags {
  const flags: SettingFlags = {};
  const provider = stringFlag(raw, 'provider') as SettingFlags['provider'];
  if (provider !== undefined) flags.provider = provider;
  const model = stringFlag(raw, 'model');
  if (model !== undefined) flags.model = model;
  const baseUrl = stringFlag(raw, 'baseUrl');
  if (baseUrl !== undefined) flags.baseUrl = baseUrl;
  const mode = stringFlag(raw, 'mode') as AgentMode | undefined;
  if (mode !== undefined) flags.mode = mode;
  const approval = stringFlag(raw, 'approval') as ApprovalMode | undefined;
  if (approval !== undefined) flags.approval = approval;
  return flags;
}

/**
 * The flags that are settings, as the CLI config layer (it wins over the
 * files and the environment): provider, model, base URL, mode, step budget,
 * approval. `--apply-patch-file` without `--mode` runs in `write` mode.
 */
export function cliConfigOf(options: SettingFlags): ConfigInput {
  const llm: NonNullable<ConfigInput['llm']> = {};
  if (options.provider !== undefined) llm.provider = options.provider;
  if (options.model !== undefined) llm.model = options.model;
  if (options.baseUrl !== undefined) llm.baseUrl = options.baseUrl;
  const agent: NonNullable<ConfigInput['agent']> = {};
  const mode = options.mode ?? (options.applyPatchFile === undefined ? undefined : 'write');
  if (mode !== undefined) agent.mode = mode;
  if (options.maxSteps !== undefined) agent.maxSteps = options.maxSteps;
  return {
    ...(Object.keys(llm).length > 0 ? { llm } : {}),
    ...(Object.keys(agent).length > 0 ? { agent } : {}),
    ...(options.approval === undefined ? {} : { approval: options.approval }),
  };
}
