import path from 'node:path';
import { type OpenedWorkspace, openPatchJournal, openWorkspace } from '../../adapters/node-workspace/index.js';
import { STARTER_GUIDANCE_FILE, type StarterGuidanceResult, buildStarterGuidance, collectStarterFacts, findExistingGuidance, leaveOutSecretLines, writeStarterGuidance } from '../../agent/init/index.js';
import { docsDirsOf } from '../../config/index.js';
import type { DocsOverview } from '../../context/docs/index.js';
import { InvalidInputError, type PermissionRequest } from '../../core/index.js';
import type { CommandContext } from '../command-context.js';
import { openDocsMap } from '../open-docs-map.js';
import { renderDiff } from '../run/render-diff.js';

/** The tool a patch is applied as (see applyChangeset): the one write init asks for. */
const PATCH_TOOL = 'edit_file';

/**
 * Creating AGENTS.md at the root is what the person asked for by running
 * init: that one write is approved, nothing else (deny rules still win,
 * and a path outside the workspace is never approved).
 */
async function approveStarterWrite(request: PermissionRequest): Promise<'allow-once' | 'deny'> {
  const isStarterWrite =
    request.action === 'patch.apply' && request.tool === PATCH_TOOL && request.paths.length === 1 && request.paths[0] === STARTER_GUIDANCE_FILE && request.outOfScopePaths.length === 0;
  return isStarterWrite ? 'allow-once' : 'deny';
}

/**
 * Runs `brass-agent init` (defined in init-command.ts): when the workspace
 * root has no guidance file yet, builds the starter AGENTS.md from what
 * discovery detects, leaves out any line holding a secret, and creates it
 * through the patch journal;
 * prints the diff (or `{ version, written, path, diff }`). A guidance file
 * already there is one line on stderr and exit 0, nothing written.
 */
export async function executeInit(context: CommandContext): Promise<void> {
  const { options, output, streams, processCwd } = context;
  const workspace = await openWorkspace({
    cwd: path.resolve(processCwd, options.cwd),
    env: streams.env,
    ...(options.config ? { configPath: path.resolve(processCwd, options.config) } : {}),
    // Whatever the configured approval mode, the one write init makes is decided by approveStarterWrite.
    cliConfig: { approval: 'ask' },
    ask: approveStarterWrite,
  });
  const { config } = workspace.config;
  const existing = await findExistingGuidance(workspace.runtime, [...new Set([STARTER_GUIDANCE_FILE, ...config.guidance.fileNames])]);
  const result =
    existing === null
      ? await createStarter(context, workspace)
      : { written: false, path: existing, diff: '' };
  if (!result.written) output.info(`${result.path} already exists: nothing written (init never overwrites a guidance file)`);
  if (options.json) {
    output.json({ version: 1, written: result.written, path: result.path, diff: result.diff });
    return;
  }
  if (!result.written) return;
  streams.stdout.write(renderDiff(result.diff, { isTerminal: streams.stdout.isTTY === true, colors: output.colors }));
  if (!result.diff.endsWith('\n')) streams.stdout.write('\n');
  output.info(`created ${result.path}: review it and add what only you know; \`brass-agent rollback --last\` removes it again`);
}

async function createStarter(context: CommandContext, workspace: OpenedWorkspace): Promise<StarterGuidanceResult> {
  const { output, streams } = context;
  const { config } = workspace.config;
  // Opened before anything is gathered: a journal that cannot be used stops init before it does any work.
  const journal = openPatchJournal(workspace, streams.env);
  const docsDirs = docsDirsOf(config.docs.dir);
  const { facts, warnings } = await collectStarterFacts({ runtime: workspace.runtime, config, docs: await docsOverview(context, workspace), docsDirs });
  for (const warning of warnings) output.warn(warning);
  const redact = (text: string): string => workspace.redactor.redact(text).text;
  // The file is read into every prompt and usually committed: a secret in a configured command must not land in it.
  const { text: content, leftOut } = leaveOutSecretLines(buildStarterGuidance(facts), redact);
  if (leftOut > 0) output.warn(`${leftOut} line(s) holding a secret (a configured command?) were left out of ${STARTER_GUIDANCE_FILE}`);
  return writeStarterGuidance({ runtime: workspace.runtime, journal, content, redact });
}

/** The docs map's regions and pages; null when the configured docs directory does not exist (the usual case without docs). */
async function docsOverview(context: CommandContext, workspace: OpenedWorkspace): Promise<DocsOverview | null> {
  try {
    return (await openDocsMap(workspace, context.output, context.streams.env)).regions();
  } catch (error) {
    if (InvalidInputError.isInstance(error) && error.field === 'docs.dir') return null;
    throw error;
  }
}
