import { readWorkspaceConfigFiles } from '../../adapters/node-workspace/index.js';
import { writeFileAtomic } from '../../adapters/file-system/index.js';
import { setWorkspaceTrust } from '../../config/index.js';
import type { CommandContext } from '../command-context.js';
import { displayPath } from '../display-path.js';

/**
 * Runs `brass-agent trust` (`isTrusting`) or `untrust` (defined in
 * trust-command.ts): edits the workspace's entry in the user config in place,
 * comments kept, and says whether anything changed.
 */
export async function executeTrust({ options, output, streams }: CommandContext, isTrusting: boolean): Promise<void> {
  const { probe, scope, files } = await readWorkspaceConfigFiles({ cwd: options.cwd, env: streams.env });
  const updated = setWorkspaceTrust(files.user.text, scope.root, isTrusting, files.user.path);
  // Untrusting with no user file at all changes nothing: do not create one.
  const isChanged = updated !== files.user.text && !(files.user.text === null && !isTrusting);
  // A user config kept as a symlink (dotfile managers) is written where it points.
  const target = (await probe.realpath(files.user.path)) ?? files.user.path;
  if (isChanged) await writeFileAtomic({ path: target, content: updated, isContained: () => true });
  const userConfig = displayPath(files.user.path, { root: scope.root, homeDir: probe.homeDir });
  if (options.json) {
    output.json({ version: 1, workspace: '.', trusted: isTrusting, changed: isChanged, userConfig });
    return;
  }
  const state = isTrusting ? 'trusted' : 'not trusted';
  output.result(`${scope.root} is ${isChanged ? 'now' : 'already'} ${state} (recorded in ${userConfig})`);
  if (isTrusting) output.info('Its .brass-agent.json may now widen permissions: shell allow rules, the LLM endpoint and key variable, auto-approval.');
}
